export { type AnalyzeOptions, analyzeSnapshot, FALLBACK, gradeFor, median } from "./analyze";
export { type BenchmarkTables, DEFAULT_BENCHMARKS, type TierBand, tierFor } from "./benchmarks";
export { detectLanguage } from "./language";
