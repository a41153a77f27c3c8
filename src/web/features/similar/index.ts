// Similar creators and lookalikes (issue #36): pages compose the report section and the list action.
export { findLookalikes, LOOKALIKES_PATH } from "./api/find-lookalikes";
export { getSimilar, similarQueryOptions, useSimilar } from "./api/get-similar";
export { LookalikesPanel } from "./components/lookalikes-panel";
export { SimilarCreators } from "./components/similar-creators";
