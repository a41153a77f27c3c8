// Similar creators and lookalikes (issue #36): pages compose the report section and the list action.
export { getSimilar, similarQueryOptions, useSimilar } from "./api/get-similar";
export { SimilarCreators } from "./components/similar-creators";
