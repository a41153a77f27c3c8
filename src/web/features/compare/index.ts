// The compare feature's public surface (pages compose it).
export { CompareToggle } from "./components/compare-toggle";
export { CompareTray } from "./components/compare-tray";
export { CompareView, type CompareViewProps } from "./components/compare-view";
export { accountsParam, compareSelection, useCompareSelection } from "./lib/selection";
