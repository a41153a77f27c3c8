// The analyser feature's public surface (pages import from here).

export type { StageEvent } from "#core/schemas/analysis-stream";
export { analyzeAccount, useAnalyzeAccount } from "./api/analyze-account";
export { analyzeWithProgress, useAnalysis } from "./api/analyze-stream";
export { AnalyzePrompt, type AnalyzePromptProps } from "./components/analyze-prompt";
export { AnalyzerForm, type AnalyzerFormProps, type AnalyzerMode } from "./components/analyzer-form";
export { analysisErrorAction } from "./lib/analysis-error";
export { openReportInNewTab } from "./lib/open-report";
