import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { UNKNOWN_ERROR } from "#core/error-text";
import type { Account } from "#core/schemas/account";
import type { StageEvent } from "#core/schemas/analysis-stream";
import type { AnalyzeRequest } from "#core/schemas/input";
import { loadAccountSchema } from "../../../lib/account-schema";
import { ApiError } from "../../../lib/api-client";
import { ACCOUNTS_LIST_KEY } from "../../../lib/query-client";
import { recordQuotaSpent } from "../../../lib/quota-spent";
import { analyzeAccount } from "./analyze-account";

export const ANALYZE_STREAM_PATH = "/api/analyze/stream";
/** The recent-accounts list (GET /api/accounts, first query-key element) changes with each report. */

export function analyzeStreamUrl(request: AnalyzeRequest): string {
  const query = new URLSearchParams({ platform: request.platform, username: request.username });
  return `${ANALYZE_STREAM_PATH}?${query.toString()}`;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The analysis was cancelled", "AbortError");
}

export interface StreamOptions {
  onStage?: (event: StageEvent) => void;
  signal?: AbortSignal;
}

/**
 * GET /api/analyze/stream (Server-Sent Events, same origin so the session cookie goes along):
 * reports each stage, resolves with the `done` account, rejects with an ApiError for `error`.
 * Falls back to POST /api/analyze when EventSource is missing or the stream cannot be opened
 * (e.g. a proxy that does not pass event streams); the POST then gives the precise error.
 */
export async function analyzeWithProgress(
  request: AnalyzeRequest,
  options: StreamOptions = {},
): Promise<Account> {
  const { onStage, signal } = options;
  if (typeof EventSource === "undefined") return analyzeAccount(request, signal);
  if (signal?.aborted) throw abortError(signal);
  // Before the stream opens, so that its events are read as soon as they arrive. Loaded now, not with
  // the page: zod is not part of the first script every page evaluates (decision 050).
  const [accountSchema, { quotaEventSchema, stageEventSchema }, { receivedErrorSchema }] = await Promise.all([
    loadAccountSchema(),
    import("#core/schemas/analysis-stream"),
    import("#core/schemas/errors"),
  ]);
  if (signal?.aborted) throw abortError(signal);

  return new Promise<Account>((resolve, reject) => {
    const source = new EventSource(analyzeStreamUrl(request), { withCredentials: true });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      source.close();
      signal?.removeEventListener("abort", onAbort);
      outcome();
    };
    const onAbort = () => finish(() => reject(abortError(signal as AbortSignal)));
    signal?.addEventListener("abort", onAbort, { once: true });

    source.addEventListener("stage", (event) => {
      const parsed = stageEventSchema.safeParse(safeJson((event as MessageEvent).data));
      if (parsed.success && !settled) onStage?.(parsed.data);
    });
    // Sent before `done`: whether this answer spent a daily unit (a stored report is free).
    let spent: boolean | null = null;
    source.addEventListener("quota", (event) => {
      const parsed = quotaEventSchema.safeParse(safeJson((event as MessageEvent).data));
      if (parsed.success) spent = parsed.data.spent;
    });
    source.addEventListener("done", (event) => {
      const parsed = accountSchema.safeParse(safeJson((event as MessageEvent).data));
      if (parsed.success && spent !== null) recordQuotaSpent(parsed.data, spent);
      finish(() =>
        parsed.success
          ? resolve(parsed.data)
          : reject(new ApiError("The server sent a report this page cannot read.", { status: 500 })),
      );
    });
    source.addEventListener("error", (event) => {
      const data = (event as MessageEvent).data;
      if (typeof data === "string") {
        // An `event: error` the server wrote: the analysis failed.
        const body = receivedErrorSchema.safeParse(safeJson(data));
        const info = body.success ? body.data : {};
        finish(() =>
          reject(
            new ApiError(info.message || UNKNOWN_ERROR, {
              status: info.status ?? 500,
              code: info.code,
              requiresAuth: info.requiresAuth,
              body: info,
            }),
          ),
        );
        return;
      }
      // The connection failed (EventSource would retry on its own): ask once more with a POST.
      finish(() => {
        analyzeAccount(request, signal).then(resolve, reject);
      });
    });
  });
}

function safeJson(text: unknown): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The analyser's mutation: streams the stages (`stage` is the latest, null when idle), refreshes
 * the recent-accounts list on success, and cancels the stream when the component goes away.
 */
export function useAnalysis() {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<StageEvent | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const mutationFn = useCallback((request: AnalyzeRequest) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setStage(null);
    return analyzeWithProgress(request, { signal: current.signal, onStage: setStage });
  }, []);

  const mutation = useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_LIST_KEY }),
    onSettled: () => setStage(null),
  });
  return { ...mutation, stage };
}
