import type OpenAI from "openai";
import type { APIError } from "openai";
import { abortReason, sleep } from "../lib/abort";
import { loadOnce } from "../lib/load-once";
import { createBulkhead } from "./bulkhead";
import { urlsOf } from "./citations";
import { estimateCostUsd } from "./pricing";
import type { ChatMessage } from "./prompt";
import {
  createServerCompat,
  NEXT_MODE,
  normaliseBaseUrl,
  type ResponseFormatMode,
  type ServerCompat,
} from "./server-compat";

/**
 * The SDK (~360 KB of code) loads with the first model call, not with every start: a server without a
 * model key never needs it (decision 051). Its error class is read from the loaded module.
 */
const loadOpenAi = loadOnce(() => import("openai"));

/** The SDK's APIError, once the SDK has loaded (it has whenever an error could be one). */
let ApiErrorClass: typeof import("openai")["APIError"] | null = null;
function isApiError(err: unknown): err is APIError {
  return ApiErrorClass !== null && err instanceof ApiErrorClass;
}

/**
 * The one model client: the `openai` SDK pointed at any OpenAI-compatible server (Perplexity by
 * default, OpenAI, Ollama, llama.cpp, vLLM), wrapped in what a paid, slow, flaky upstream needs:
 * a per-attempt deadline, one retry on 429/5xx, a bulkhead, a structured-output mode that steps
 * down when a server refuses it, and token/cost accounting.
 */

/** Structured logger (pino-compatible subset). Prompts are never logged. */
export interface AiLogger {
  warn(obj: object, msg: string): void;
}

export interface AiClientOptions {
  baseUrl: string;
  /** Required by the SDK; local servers ignore it. */
  apiKey?: string;
  model: string;
  /** Deadline of one model request (headers and body). */
  timeoutMs?: number;
  /** Model conversations at once; the rest wait in a queue. */
  maxConcurrent?: number;
  /** Waiting conversations beyond which a new one is refused at once (its report keeps the engine texts). */
  maxQueued?: number;
  /** Base of the jittered delay before the single retry (0.5×–1.5× of it). */
  retryDelayMs?: number;
  now?: () => Date;
  logger?: AiLogger;
  /** For the retry jitter. */
  random?: () => number;
  /**
   * Asked before every request to the model server (the installation's calls-per-minute setting).
   * A refusal fails that request with kind "over_limit" without sending it, and it is not retried.
   */
  permit?: () => Promise<{ ok: true } | { ok: false; reason: string }>;
  /** What is known of the server's accepted formats and parameters; default a fresh one for this client. */
  compat?: ServerCompat;
}

export type AiFailureKind =
  | "timeout"
  | "rate_limited"
  | "upstream"
  | "network"
  | "refused"
  | "busy"
  | "over_limit"
  | "invalid_output";

/** A model call that did not produce a usable answer; `message` is written for the report reader. */
export class AiCallError extends Error {
  override name = "AiCallError";
  readonly status?: number;
  /** Response headers of an HTTP error (for Retry-After). */
  readonly headers?: Headers;
  constructor(
    readonly kind: AiFailureKind,
    message: string,
    details: { status?: number; headers?: Headers; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.headers = details.headers;
  }
}

export interface CompletionResult {
  content: string;
  promptTokens: number;
  completionTokens: number;
  /** Source URLs a search model (Perplexity) returned with the answer: `citations` and `search_results`. */
  citations: string[];
  mode: ResponseFormatMode;
}

export interface AiStats {
  /** HTTP requests sent to the model server. */
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** Null when the model has no price in the table. */
  estimatedCostUsd: number | null;
}

export interface CompleteOptions {
  /** The caller's signal: aborting it rejects with its reason. */
  signal?: AbortSignal;
  /** Epoch ms after which no request is started and a running one is aborted as a timeout. */
  deadline?: number;
  schema?: { name: string; schema: Record<string, unknown> };
  maxTokens?: number;
  /** The model of this request (the admin's choice in settings); default the client's model. */
  model?: string;
}

/** Milliseconds to wait from a retry-after-ms / Retry-After header (seconds or HTTP date), or null. */
export function retryAfterMs(headers: Headers | undefined, nowMs: number): number | null {
  const ms = headers?.get("retry-after-ms");
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers?.get("retry-after")?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - nowMs) : null;
}

/** The error text of a refused request: message plus raw body, to spot a response_format refusal. */
function errorText(err: APIError): string {
  let body = "";
  try {
    body = JSON.stringify(err.error ?? "");
  } catch {
    body = "";
  }
  return `${err.message} ${body}`;
}

function isFormatRefusal(err: unknown): boolean {
  return (
    isApiError(err) &&
    (err.status === 400 || err.status === 422) &&
    /response_format|json_schema|json_object|structured output/i.test(errorText(err))
  );
}

export type AiClient = ReturnType<typeof createAiClient>;

export function createAiClient(options: AiClientOptions) {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const model = options.model;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retryDelayMs = options.retryDelayMs ?? 500;
  const random = options.random ?? Math.random;
  const logger = options.logger;
  let sdk: OpenAI | null = null;
  const sdkOf = async (): Promise<OpenAI> => {
    const module = await loadOpenAi();
    ApiErrorClass = module.APIError;
    sdk ??= new module.default({
      baseURL: baseUrl,
      apiKey: options.apiKey ?? "not-needed",
      // Our own deadline covers the body too; the SDK's (headers only) is a backstop.
      timeout: timeoutMs + 1000,
      maxRetries: 0,
    });
    return sdk;
  };
  const maxQueued = Math.max(0, options.maxQueued ?? 50);
  const bulkhead = createBulkhead(
    Math.max(1, options.maxConcurrent ?? 4),
    maxQueued,
    () =>
      new AiCallError(
        "busy",
        `More than ${maxQueued} reports were waiting for the model, so this one was not sent`,
      ),
  );
  const compat: ServerCompat = options.compat ?? createServerCompat();
  const totals = { calls: 0, promptTokens: 0, completionTokens: 0 };

  /** One HTTP request with its own deadline; classifies every failure as an AiCallError (or the caller's abort). */
  async function request(
    messages: ChatMessage[],
    mode: ResponseFormatMode,
    opts: CompleteOptions,
  ): Promise<CompletionResult> {
    const callerSignal = opts.signal ?? new AbortController().signal;
    if (callerSignal.aborted) throw abortReason(callerSignal);
    const budget = Math.min(timeoutMs, (opts.deadline ?? Number.POSITIVE_INFINITY) - Date.now());
    if (budget <= 0)
      throw new AiCallError("timeout", `The model did not answer within ${timeoutMs / 1000} s`);
    if (options.permit) {
      const permit = await options.permit().catch((err: unknown) => {
        // The limit could not be checked (settings unreadable): the call goes out rather than fail a report.
        logger?.warn({ model, err: (err as Error)?.message }, "model call limit could not be checked");
        return { ok: true } as const;
      });
      if (!permit.ok) throw new AiCallError("over_limit", permit.reason);
    }
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(new AiCallError("timeout", "deadline")), budget);
    const signal = AbortSignal.any([callerSignal, timer.signal]);
    const params = compat.params();
    const body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
      model: opts.model ?? model,
      messages,
    };
    if (!params.noTemperature) body.temperature = 0.2;
    if (params.maxCompletionTokens) body.max_completion_tokens = opts.maxTokens ?? 1500;
    else body.max_tokens = opts.maxTokens ?? 1500;
    if (mode === "json_schema" && opts.schema) {
      body.response_format = {
        type: "json_schema",
        json_schema: { name: opts.schema.name, strict: true, schema: opts.schema.schema },
      };
    } else if (mode === "json_object" || (mode === "json_schema" && !opts.schema)) {
      body.response_format = { type: "json_object" };
    }
    totals.calls++;
    try {
      const client = await sdkOf();
      const completion = await client.chat.completions.create(body, { signal, maxRetries: 0 });
      const promptTokens = completion.usage?.prompt_tokens ?? 0;
      const completionTokens = completion.usage?.completion_tokens ?? 0;
      totals.promptTokens += promptTokens;
      totals.completionTokens += completionTokens;
      return {
        content: completion.choices?.[0]?.message?.content ?? "",
        promptTokens,
        completionTokens,
        citations: urlsOf(completion),
        mode,
      };
    } catch (err) {
      if (callerSignal.aborted) throw abortReason(callerSignal);
      if (timer.signal.aborted || (err instanceof Error && err.name === "APIConnectionTimeoutError")) {
        throw new AiCallError(
          "timeout",
          `The model did not answer within ${Math.round(budget / 100) / 10} s`,
        );
      }
      if (isApiError(err) && typeof err.status === "number") {
        const { status, headers } = err;
        if (status === 429) {
          throw new AiCallError("rate_limited", "The model server is rate limiting (HTTP 429)", {
            status,
            headers,
          });
        }
        if (status >= 500) {
          throw new AiCallError("upstream", `The model server failed (HTTP ${status})`, { status, headers });
        }
        throw new AiCallError("refused", `The model server refused the request (HTTP ${status})`, {
          status,
          cause: err,
        });
      }
      throw new AiCallError("network", "The model server could not be reached");
    } finally {
      clearTimeout(timeout);
    }
  }

  /** `request` plus one jittered retry on 429/5xx (Retry-After honoured up to 5 s; longer → no retry). */
  async function requestWithRetry(
    messages: ChatMessage[],
    mode: ResponseFormatMode,
    opts: CompleteOptions,
  ): Promise<CompletionResult> {
    try {
      return await request(messages, mode, opts);
    } catch (err) {
      if (!(err instanceof AiCallError) || (err.kind !== "rate_limited" && err.kind !== "upstream"))
        throw err;
      const after = retryAfterMs(err.headers, Date.now());
      if (after !== null && after > 5000) {
        throw new AiCallError(
          err.kind,
          `${err.message}; Retry-After ${Math.round(after / 1000)} s is too long to wait`,
          { status: err.status },
        );
      }
      const delay = after ?? retryDelayMs * (0.5 + random());
      if (opts.deadline !== undefined && Date.now() + delay >= opts.deadline) throw err;
      logger?.warn(
        { model, status: err.status, delayMs: Math.round(delay) },
        "model request failed; retrying once",
      );
      await sleep(delay, opts.signal ?? new AbortController().signal);
      try {
        return await request(messages, mode, opts);
      } catch (again) {
        if (again instanceof AiCallError && (again.kind === "rate_limited" || again.kind === "upstream")) {
          throw new AiCallError(again.kind, `${again.message}, also after one retry`, {
            status: again.status,
          });
        }
        throw again;
      }
    }
  }

  return {
    model,
    baseUrl,
    /** What this client learnt about its server (format mode, refused parameters). */
    compat,
    get inFlight() {
      return bulkhead.active;
    },

    /** Holds a bulkhead slot for a whole conversation (request, retry, repair). */
    acquire(signal?: AbortSignal): Promise<() => void> {
      return bulkhead.acquire(signal ?? new AbortController().signal);
    },

    /**
     * One completion. With a schema, asks for `json_schema` output unless this base URL refused it
     * before; a 400/422 naming response_format steps down to `json_object`, then to plain text.
     * A 400 naming `temperature` or `max_tokens` is retried without / with `max_completion_tokens`.
     */
    async complete(messages: ChatMessage[], opts: CompleteOptions = {}): Promise<CompletionResult> {
      let mode = opts.schema ? compat.formatMode() : "none";
      for (;;) {
        try {
          return await requestWithRetry(messages, mode, opts);
        } catch (err) {
          const cause = err instanceof AiCallError ? err.cause : undefined;
          const next = NEXT_MODE[mode];
          if (next && err instanceof AiCallError && err.kind === "refused" && isFormatRefusal(cause)) {
            logger?.warn(
              { model, baseUrl, refused: mode, next },
              "model server refused the response format; stepping down",
            );
            compat.setFormatMode(next);
            mode = next;
            continue;
          }
          const params = compat.params();
          const text = isApiError(cause) && cause.status === 400 ? errorText(cause) : "";
          if (text && !params.noTemperature && /temperature/i.test(text)) {
            compat.refuseParam("noTemperature");
            continue;
          }
          if (text && !params.maxCompletionTokens && /max_tokens/i.test(text)) {
            compat.refuseParam("maxCompletionTokens");
            continue;
          }
          throw err;
        }
      }
    },

    stats(): AiStats {
      return {
        ...totals,
        estimatedCostUsd: estimateCostUsd(model, totals.promptTokens, totals.completionTokens),
      };
    },
  };
}
