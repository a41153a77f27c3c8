/** Shared test helpers for collector tests: fixtures, a recording logger, a test config. */
import { readFileSync } from "node:fs";
import { createHttpClient, type HttpClient } from "../http";
import { createTransport } from "../transport";
import type { CollectorLogger, CollectorsConfig } from "../types";

export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");
}

export function fixtureJson(name: string): unknown {
  return JSON.parse(fixture(name));
}

export interface RecordingLogger extends CollectorLogger {
  entries: { obj: Record<string, unknown>; msg: string }[];
}

export function recordingLogger(): RecordingLogger {
  const entries: RecordingLogger["entries"] = [];
  return {
    entries,
    warn(obj, msg) {
      entries.push({ obj: obj as Record<string, unknown>, msg });
    },
  };
}

/** All upstreams at the fake, with short timeouts and backoff so fault tests run fast. */
export function testCollectorsConfig(
  baseUrl: string,
  overrides: Partial<CollectorsConfig> = {},
): CollectorsConfig {
  return {
    order: ["sample", "youtube", "instagram", "tiktok"],
    youtubeApiBaseUrl: baseUrl,
    youtubeInnertubeBaseUrl: baseUrl,
    instagramBaseUrl: baseUrl,
    instagramGraphBaseUrl: baseUrl,
    tiktokBaseUrl: baseUrl,
    apifyBaseUrl: baseUrl,
    apifyTimeoutSec: 5,
    proxies: {},
    cookieFiles: {},
    timeoutMs: 300,
    retries: 2,
    breakerThreshold: 5,
    breakerHalfOpenAfterMs: 200,
    retryInitialDelayMs: 5,
    retryMaxDelayMs: 20,
    // Collector tests call one fake many times a second; pacing has its own tests.
    unofficialPerMinute: 0,
    ...overrides,
  };
}

/** Wraps a JSON object in a TikTok-like profile page. */
export function tiktokPage(scriptId: string, data: unknown): string {
  return `<!DOCTYPE html><html><head><title>TikTok</title></head><body><script id="${scriptId}" type="application/json">${JSON.stringify(
    data,
  )}</script></body></html>`;
}

/**
 * An HTTP helper over the production transport (undici, exact headers, optional proxy), as
 * createCollectors builds it; closes with the returned `close`.
 */
export function transportHttpClient(
  baseUrl: string,
  overrides: Partial<CollectorsConfig> = {},
  proxyUrl?: string,
): { http: HttpClient; close: () => Promise<void> } {
  const transport = createTransport(proxyUrl);
  return {
    http: createHttpClient(testCollectorsConfig(baseUrl, overrides), { fetch: transport.fetch }),
    close: () => transport.close(),
  };
}
