/**
 * The one fetch helper every collector uses (reliability.md §4):
 *   retry (≤ N retries, jittered exponential backoff, network errors and 5xx only)
 *     → circuit breaker per upstream host (consecutive failures; open = fail fast)
 *       → timeout per attempt (aborts the socket; covers headers and body)
 *         → fetch (no redirects unless asked, bounded body, a User-Agent)
 * 429 becomes RateLimitedError (honouring Retry-After seconds or HTTP-date) and is never retried;
 * other 4xx and 2xx/3xx come back as a response for the collector to interpret.
 * Timeouts are not retried: a slow upstream rarely recovers within the backoff, and retrying would
 * multiply the user's wait. Caller aborts propagate as the caller's abort reason.
 */
import {
  type CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  ExponentialBackoff,
  handleWhen,
  isBrokenCircuitError,
  retry,
  TimeoutStrategy,
  timeout,
} from "cockatiel";
import { AppError, RateLimitedError, UpstreamChangedError, UpstreamUnreachableError } from "../errors";
import { abortReason } from "../lib/abort";
import { formatSeconds, formatWait } from "./messages";
import type { CollectorLogger } from "./types";

/** Identifies us to official APIs. */
export const DEFAULT_USER_AGENT = "creator-analytics/0.1 (self-hosted influencer reports)";
/** Public web pages (Instagram, TikTok, YouTube web) serve browsers only. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36";

export interface HttpClientOptions {
  timeoutMs: number;
  retries: number;
  breakerThreshold: number;
  breakerHalfOpenAfterMs: number;
  retryInitialDelayMs: number;
  retryMaxDelayMs: number;
  userAgent?: string;
  /** Larger bodies are refused (default 8 MiB). */
  maxBodyBytes?: number;
  /** Clock for Retry-After HTTP-dates and breaker waits. */
  now?: () => number;
}

export interface HttpClientDeps {
  fetch?: typeof fetch;
  logger?: CollectorLogger;
}

export interface HttpRequest {
  url: string;
  /** Names the upstream in messages: "TikTok", "Instagram", "YouTube". */
  service: string;
  /** What the request is for, named in messages: "@foo". */
  subject?: string;
  method?: "GET" | "POST";
  headers?: Record<string, string> | Headers;
  body?: string;
  signal?: AbortSignal;
  /** Default "manual": a redirect comes back as a 3xx response (login walls, SSRF safety). */
  redirect?: "manual" | "follow";
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  url: string;
}

export type CircuitStateName = "closed" | "open" | "half-open" | "isolated";

export interface HttpClient {
  request(req: HttpRequest): Promise<HttpResponse>;
  /** The breaker state of the host serving `url`. */
  circuitState(url: string): CircuitStateName;
}

class NetworkError extends Error {
  override name = "NetworkError";
}
class ServerError extends Error {
  override name = "ServerError";
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}
class AttemptTimeoutError extends Error {
  override name = "AttemptTimeoutError";
}
class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

/** cockatiel 3.2's own isTaskCancelledError checks the wrong property, so test the marker directly. */
const isTaskCancelledError = (e: unknown) => e instanceof Error && "isTaskCancelledError" in e;

const isFault = (e: Error) =>
  e instanceof NetworkError || e instanceof ServerError || e instanceof AttemptTimeoutError;
const isRetryable = (e: Error) => e instanceof NetworkError || e instanceof ServerError;

/**
 * Retry-After as seconds: delta-seconds or an HTTP-date (RFC 9110 §10.2.3).
 * Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}

/** A short, non-technical reason for a network failure ("connection reset"). */
function describeNetworkError(e: unknown): string {
  const codes: string[] = [];
  let cur: unknown = e;
  for (let i = 0; i < 5 && cur && typeof cur === "object"; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    cur = (cur as { cause?: unknown }).cause;
  }
  const has = (...c: string[]) => codes.some((x) => c.includes(x));
  if (has("ECONNRESET", "UND_ERR_SOCKET", "EPIPE")) return "connection reset";
  if (has("ECONNREFUSED")) return "connection refused";
  if (has("ENOTFOUND", "EAI_AGAIN")) return "DNS lookup failed";
  if (has("ETIMEDOUT", "UND_ERR_CONNECT_TIMEOUT")) return "connection timed out";
  if (has("UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT")) return "response timed out";
  if (has("CERT_HAS_EXPIRED", "DEPTH_ZERO_SELF_SIGNED_CERT", "UNABLE_TO_VERIFY_LEAF_SIGNATURE"))
    return "TLS certificate problem";
  return "network error";
}

async function readBody(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let out = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(`body over ${maxBytes} bytes`);
    }
    out += decoder.decode(value, { stream: true });
  }
  return out + decoder.decode();
}

/** Path without the query string (which may hold API keys or tokens). */
function safePath(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return "(invalid url)";
  }
}

export function createHttpClient(options: HttpClientOptions, deps: HttpClientDeps = {}): HttpClient {
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const maxBodyBytes = options.maxBodyBytes ?? 8 * 1024 * 1024;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;

  const retryPolicy = retry(handleWhen(isRetryable), {
    maxAttempts: Math.max(0, options.retries),
    backoff: new ExponentialBackoff({
      initialDelay: options.retryInitialDelayMs,
      maxDelay: options.retryMaxDelayMs,
    }),
  });
  const timeoutPolicy = timeout(options.timeoutMs, TimeoutStrategy.Aggressive);

  const breakers = new Map<string, { policy: CircuitBreakerPolicy; openedAt: number }>();
  function breakerFor(host: string) {
    let entry = breakers.get(host);
    if (!entry) {
      const policy = circuitBreaker(handleWhen(isFault), {
        halfOpenAfter: options.breakerHalfOpenAfterMs,
        breaker: new ConsecutiveBreaker(Math.max(1, options.breakerThreshold)),
      });
      const created = { policy, openedAt: 0 };
      policy.onBreak(() => {
        created.openedAt = now();
        deps.logger?.warn({ host }, "upstream circuit opened: failing fast until the half-open probe");
      });
      breakers.set(host, created);
      entry = created;
    }
    return entry;
  }

  async function attempt(req: HttpRequest, signal: AbortSignal): Promise<HttpResponse> {
    const headers = new Headers(req.headers);
    if (!headers.has("user-agent")) headers.set("user-agent", userAgent);
    let res: Response;
    try {
      res = await fetchImpl(req.url, {
        method: req.method ?? "GET",
        headers,
        body: req.body,
        signal,
        redirect: req.redirect ?? "manual",
      });
    } catch (e) {
      if (signal.aborted) throw e;
      throw new NetworkError(describeNetworkError(e), { cause: e });
    }
    if (res.status === 429) {
      await res.body?.cancel().catch(() => undefined);
      const wait = parseRetryAfter(res.headers.get("retry-after"), now());
      const who = req.subject ? ` while fetching ${req.subject}` : "";
      throw new RateLimitedError(
        wait === undefined
          ? `${req.service} is rate limiting us${who}; try again in a few minutes`
          : `${req.service} is rate limiting us${who}; try again in ${formatWait(wait)}`,
        wait,
      );
    }
    let body: string;
    try {
      body = await readBody(res, maxBodyBytes);
    } catch (e) {
      if (signal.aborted || e instanceof BodyTooLargeError) throw e;
      throw new NetworkError(describeNetworkError(e), { cause: e });
    }
    if (res.status >= 500) throw new ServerError(res.status);
    return { status: res.status, headers: res.headers, body, url: req.url };
  }

  function mapError(e: unknown, req: HttpRequest, openedAt: number): unknown {
    if (req.signal?.aborted) return abortReason(req.signal);
    if (e instanceof AppError) return e;
    const forWho = req.subject ? ` for ${req.subject}` : "";
    if (isBrokenCircuitError(e)) {
      const waitSec = Math.max(1, (openedAt + options.breakerHalfOpenAfterMs - now()) / 1000);
      const err = new UpstreamUnreachableError(
        `${req.service} is temporarily unavailable (too many failed requests in a row); try again in ${formatWait(waitSec)}`,
      );
      err.headers["retry-after"] = String(Math.ceil(waitSec));
      return err;
    }
    if (e instanceof AttemptTimeoutError)
      return new UpstreamUnreachableError(
        `Couldn't reach ${req.service}${forWho} (timeout after ${formatSeconds(options.timeoutMs)})`,
      );
    if (e instanceof NetworkError)
      return new UpstreamUnreachableError(`Couldn't reach ${req.service}${forWho} (${e.message})`);
    if (e instanceof ServerError)
      return new UpstreamUnreachableError(
        `${req.service} had a server error (HTTP ${e.status})${forWho}; try again in a few minutes`,
      );
    if (e instanceof BodyTooLargeError)
      return new UpstreamChangedError(`${req.service} sent an unexpectedly large response${forWho}`);
    return e;
  }

  return {
    async request(req) {
      if (req.signal?.aborted) throw abortReason(req.signal);
      const host = new URL(req.url).host;
      const entry = breakerFor(host);
      try {
        return await retryPolicy.execute(
          ({ signal }) =>
            entry.policy.execute(async ({ signal: breakerSignal }) => {
              try {
                return await timeoutPolicy.execute(
                  ({ signal: attemptSignal }) => attempt(req, attemptSignal),
                  breakerSignal,
                );
              } catch (e) {
                if (isTaskCancelledError(e) && !req.signal?.aborted) throw new AttemptTimeoutError();
                throw e;
              }
            }, signal),
          req.signal,
        );
      } catch (e) {
        const mapped = mapError(e, req, entry.openedAt);
        if (mapped instanceof UpstreamUnreachableError || mapped instanceof UpstreamChangedError) {
          deps.logger?.warn(
            { service: req.service, path: safePath(req.url), error: mapped.message },
            "upstream request failed",
          );
        }
        throw mapped;
      }
    },
    circuitState(url) {
      const state = breakers.get(new URL(url).host)?.policy.state ?? CircuitState.Closed;
      switch (state) {
        case CircuitState.Open:
          return "open";
        case CircuitState.HalfOpen:
          return "half-open";
        case CircuitState.Isolated:
          return "isolated";
        default:
          return "closed";
      }
    },
  };
}
