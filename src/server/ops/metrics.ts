import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/**
 * Prometheus metrics (prom-client), one registry per app so tests and several apps in one process
 * never collide: request latency per route, upstream calls and errors per collector, model tokens,
 * quota refusals and report cache hits.
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
  return { registry, httpDuration, upstreamCalls, modelTokens, quotaRefusals, reportCache };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Times every request by its route pattern (never the raw URL: handles would explode cardinality). */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    metrics.httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get("/metrics", { config: { rateLimit: false } }, async (_request, reply) => {
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
