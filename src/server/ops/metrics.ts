import crypto from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { isLoopback } from "../http/edge";
import type { OutputCounts } from "./log-output";

/** Jobs per queue and state, read from the job runner when Prometheus scrapes. */
export type JobCountsSource = () => Promise<{ queue: string; state: string; count: number }[]>;

/**
 * Prometheus metrics (prom-client), one registry per app so tests and several apps in one process
 * never collide: request latency per route, snapshot fetches per platform and HTTP requests per
 * collector (with errors and latency), model tokens, quota refusals, report and short-cache hits,
 * single-flight outcomes, and background jobs (counts by state, outcomes, durations).
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request latency by route",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const upstreamCalls = new Counter({
    name: "upstream_calls_total",
    help: "Snapshot fetches by collector and outcome",
    labelNames: ["platform", "outcome"] as const,
    registers: [registry],
  });
  const modelTokens = new Counter({
    name: "model_tokens_total",
    help: "Language-model tokens used, by kind",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const quotaRefusals = new Counter({
    name: "quota_refusals_total",
    help: "Report requests refused by the daily quota",
    labelNames: ["who"] as const,
    registers: [registry],
  });
  const reportCache = new Counter({
    name: "report_cache_total",
    help: "Analyses served from a stored report (hit) or made anew (miss)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const upstreamRequests = new Counter({
    name: "upstream_requests_total",
    help: "HTTP requests to the platforms by collector and outcome (2xx, 3xx, 4xx, 429, 5xx, network_error, aborted)",
    labelNames: ["collector", "outcome"] as const,
    registers: [registry],
  });
  const upstreamDuration = new Histogram({
    name: "upstream_request_duration_seconds",
    help: "HTTP request latency to the platforms by collector",
    labelNames: ["collector"] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const cacheRequests = new Counter({
    name: "cache_requests_total",
    help: "Short-lived cache lookups: stored-report bodies and not-found handles (hit, miss, error)",
    labelNames: ["cache", "result"] as const,
    registers: [registry],
  });
  const singleFlight = new Counter({
    name: "single_flight_total",
    help: "Analyses by how they got the per-account lock (leader, waited, handoff, shared_error, timeout, redis_error, lock_lost)",
    labelNames: ["event"] as const,
    registers: [registry],
  });
  const jobsFinished = new Counter({
    name: "jobs_finished_total",
    help: "Background jobs that finished, by queue and outcome (completed, failed, retrying)",
    labelNames: ["queue", "outcome"] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: "job_duration_seconds",
    help: "Background job run time by queue",
    labelNames: ["queue"] as const,
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800],
    registers: [registry],
  });
  const sourceFetches = new Counter({
    name: "source_fetches_total",
    help: "Snapshot attempts per data source and outcome (ok, not_found, quiet, paced, rate_limited, blocked, auth_failed, unreachable, changed, not_configured, skipped, error)",
    labelNames: ["source", "outcome"] as const,
    registers: [registry],
  });
  const rateLimitFailOpen = new Counter({
    name: "rate_limit_fail_open_total",
    help: "Requests let through without a rate-limit check because Redis was unreachable",
    registers: [registry],
  });
  let jobCountsSource: JobCountsSource | undefined;
  new Gauge({
    name: "jobs",
    help: "Background jobs by queue and state, now",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      if (!jobCountsSource) return;
      this.reset();
      try {
        // A queue store that does not answer must not hang the scrape (it used to, with Redis down).
        const counts = await withTimeout(jobCountsSource(), JOB_COUNTS_TIMEOUT_MS);
        for (const c of counts) this.set({ queue: c.queue, state: c.state }, c.count);
      } catch {
        /* the queue store is away: report nothing rather than fail the scrape */
      }
    },
  });
  // The process's output (log lines): write errors and dropped lines, read from ops/log-output.ts.
  let logOutputSource: (() => OutputCounts) | undefined;
  new Counter({
    name: "log_output_errors_total",
    help: "Write errors on the process's output by stream and code (EPIPE: nobody reads it any more, ENOSPC: disk full)",
    labelNames: ["stream", "code"] as const,
    registers: [registry],
    collect() {
      if (!logOutputSource) return;
      this.reset();
      for (const e of logOutputSource().errors) this.inc({ stream: e.stream, code: e.code }, e.count);
    },
  });
  new Counter({
    name: "log_lines_dropped_total",
    help: "Log lines not written, by stream and reason (closed: the output is gone, backpressure: its reader is too slow)",
    labelNames: ["stream", "reason"] as const,
    registers: [registry],
    collect() {
      if (!logOutputSource) return;
      this.reset();
      for (const d of logOutputSource().dropped) this.inc({ stream: d.stream, reason: d.reason }, d.count);
    },
  });
  return {
    registry,
    httpDuration,
    upstreamCalls,
    modelTokens,
    quotaRefusals,
    reportCache,
    upstreamRequests,
    upstreamDuration,
    cacheRequests,
    singleFlight,
    jobsFinished,
    jobDuration,
    rateLimitFailOpen,
    sourceFetches,
    /** Where the `jobs` gauge reads its counts (the job runner, once it exists). */
    setJobCountsSource(source: JobCountsSource | undefined) {
      jobCountsSource = source;
    },
    /** Where the log output counters read their counts (the process output, when the server made one). */
    setLogOutputSource(source: (() => OutputCounts) | undefined) {
      logOutputSource = source;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** How long a scrape waits for the job queue's counts before reporting none. */
export const JOB_COUNTS_TIMEOUT_MS = 1500;

/** Rejects when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Who may read /metrics: with METRICS_TOKEN, a request carrying `Authorization: Bearer <token>`;
 * without it, only a client on this machine that no proxy forwarded (a proxy on loopback would
 * otherwise make every internet client look local).
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const header = request.headers.authorization ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return Boolean(match && sameSecret(match[1]!, token));
  }
  const forwarded =
    request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && isLoopback(request.ip) && isLoopback(request.socket.remoteAddress);
}

/** Times every request by its route pattern (never the raw URL: handles would explode cardinality). */
export function registerRequestMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  opts: { token?: string } = {},
): void {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    metrics.httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get("/metrics", async (request, reply) => {
    if (!mayReadMetrics(request, opts.token)) {
      reply.header("cache-control", "no-store");
      if (opts.token) reply.header("www-authenticate", 'Bearer realm="metrics"');
      return reply.code(opts.token ? 401 : 403).send({
        message: opts.token
          ? "Metrics need Authorization: Bearer <METRICS_TOKEN>."
          : "Metrics are served to this machine only; set METRICS_TOKEN to read them from elsewhere.",
        code: opts.token ? "UNAUTHORIZED" : "FORBIDDEN",
      });
    }
    reply.header("cache-control", "no-store");
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
