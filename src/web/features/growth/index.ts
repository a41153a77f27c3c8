// Growth over time (issue #21): pages compose the card into the report.
export { growthQueryOptions, useGrowth } from "./api/get-growth";
export { GrowthCard, GrowthChanges } from "./components/growth-card";
