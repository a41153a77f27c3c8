// Similar creators and lookalikes (issue #36): pages compose the report section and the list action.
export { LookalikesPanel } from "./components/lookalikes-panel";
export { SimilarCreators } from "./components/similar-creators";
