export { isSponsored } from "./advertiser";
export { type AnalyzeOptions, analyzeSnapshot } from "./analyze";
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
export { FALLBACK } from "./unavailable";
export { unmeasuredPostMetrics } from "./unmeasured";
