import type { ReportWriter, WebSearchFallback } from "../reports/report-service";

/**
 * Counts the language model's tokens (Prometheus `model_tokens_total`) from the `ai` note each
 * written report carries, by wrapping the writer and the web-search fallback the report service uses.
 */
export type TokenObserver = (kind: "prompt" | "completion", tokens: number) => void;

function countFrom(report: Record<string, unknown> | null | undefined, observe: TokenObserver): void {
  const note = report?.ai as { promptTokens?: unknown; completionTokens?: unknown } | undefined;
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
