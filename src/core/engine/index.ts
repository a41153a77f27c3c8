export { type AnalyzeOptions, analyzeSnapshot, FALLBACK, isSponsored } from "./analyze";
export {
  type BenchmarkTables,
  DEFAULT_BENCHMARKS,
  levelFor,
  percentileIn,
  type TierBand,
  tierFor,
} from "./benchmarks";
export { gradeFor, type HistoryPoint } from "./grade";
export { detectLanguage } from "./language";
export { median } from "./stats";
export { unmeasuredPostMetrics } from "./unmeasured";
