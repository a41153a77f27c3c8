export {
  AiCallError,
  type AiClient,
  type AiClientOptions,
  type AiLogger,
  type AiStats,
  createAiClient,
} from "./client";
export {
  type CriteriaDraft,
  type CriteriaExtractor,
  type CriteriaExtractorOptions,
  createCriteriaExtractor,
  criteriaDraftSchema,
  criteriaExtractorFromConfig,
  type ExtractionUsage,
} from "./criteria-extractor";
export { estimateCostUsd, MODEL_PRICES, priceOf } from "./pricing";
export { buildWriterMessages, CREATOR_LIMITS, estimateTokens } from "./prompt";
export { AI_TEXT_FIELDS, type AiTextField, type AiTexts, aiTextsSchema } from "./schema";
export type { ResponseFormatMode, ServerCompat } from "./server-compat";
export {
  type CandidateCriteria,
  type CandidateProposal,
  createWebCandidateProposer,
  MAX_WEB_CANDIDATES,
  type WebCandidateProposer,
  type WebCandidateProposerOptions,
  webCandidateProposerFromConfig,
} from "./web-candidates";
export {
  createWebSearchReporter,
  isSearchModel,
  type WebSearchReporter,
  type WebSearchReporterOptions,
  webReportSchema,
  webSearchReporterFromConfig,
} from "./web-search";
export {
  type AiNote,
  type AiWriter,
  type AiWriterOptions,
  aiWriterFromConfig,
  createAiWriter,
} from "./writer";
