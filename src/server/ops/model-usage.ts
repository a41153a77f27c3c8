import type { StoredReportJson } from "#core/schemas/account";
import type { ReportWriter, WebSearchFallback } from "../reports/report-service";

/**
 * Counts the language model's tokens (Prometheus `model_tokens_total`) from the `ai` note each
 * written report carries, by wrapping the writer and the web-search fallback the report service uses.
 */
export type TokenObserver = (kind: "prompt" | "completion", tokens: number) => void;

function countFrom(report: StoredReportJson | null, observe: TokenObserver): void {
  // The writer's note (AiNote): the ai block of the contract keeps these as extra keys.
  const note = report?.ai;
  if (typeof note?.promptTokens === "number" && note.promptTokens > 0) observe("prompt", note.promptTokens);
  if (typeof note?.completionTokens === "number" && note.completionTokens > 0)
    observe("completion", note.completionTokens);
}

export function countWriterTokens(
  writer: ReportWriter | undefined,
  observe: TokenObserver,
): ReportWriter | undefined {
  if (!writer) return undefined;
  return {
    async write(report, snapshot, opts) {
      const written = await writer.write(report, snapshot, opts);
      countFrom(written, observe);
      return written;
    },
  };
}

export function countWebSearchTokens(
  webSearch: WebSearchFallback | undefined,
  observe: TokenObserver,
): WebSearchFallback | undefined {
  if (!webSearch) return undefined;
  return {
    get enabled() {
      return webSearch.enabled;
    },
    async report(platform, handle, opts) {
      const estimated = await webSearch.report(platform, handle, opts);
      countFrom(estimated, observe);
      return estimated;
    },
  };
}
