import { type ChainFetchOptions, type CollectorChain, createCollectorChain, type SourceOutcome } from "./chain";
import { createHttpClient, type HttpClient } from "./http";
import { createInstagramGraphCollector } from "./instagram-graph";
import { createInstagramWebCollector } from "./instagram-web";
import { createNotFoundCache, type NotFoundCache } from "./not-found-cache";
import { createSampleCollector } from "./sample";
import { createSingleFlight, type SingleFlight } from "./single-flight";
import type { SourceHealthStore } from "./source-health";
import { createTikTokCollector } from "./tiktok";
import {
  COLLECTOR_NAMES,
  type Collector,
  type CollectorLogger,
  type CollectorName,
  type CollectorsConfig,
  DEFAULT_COLLECTORS_CONFIG,
  type SampleStore,
} from "./types";
import { createYouTubeApiCollector } from "./youtube-api";
import { createYouTubeInnertubeCollector } from "./youtube-innertube";

export type { ChainFetchOptions, CollectorChain } from "./chain";
export type { SourceOutcome } from "./chain";
export { collectorKey, createCollectorChain, SourceQuietError } from "./chain";
export type { HttpClient, HttpRequest, HttpResponse } from "./http";
export { BROWSER_USER_AGENT, createHttpClient, DEFAULT_USER_AGENT, parseRetryAfter } from "./http";
export type { NotFoundCache } from "./not-found-cache";
export { createNotFoundCache } from "./not-found-cache";
export { createSampleCollector, sampleStoreFromSnapshots } from "./sample";
export type { SingleFlight } from "./single-flight";
export { createSingleFlight } from "./single-flight";
export type {
  Collector,
  CollectorFetchOptions,
  CollectorLogger,
  CollectorName,
  CollectorsConfig,
  SampleStore,
} from "./types";
export { COLLECTOR_NAMES, DEFAULT_COLLECTORS_CONFIG } from "./types";

export interface CollectorsDeps {
  fetch?: typeof fetch;
  sampleStore?: SampleStore;
  logger?: CollectorLogger;
  /** Shared across instances when a Redis implementation exists; in-process by default. */
  singleFlight?: SingleFlight;
  notFoundCache?: NotFoundCache;
  now?: () => number;
  /** Sources' quiet states and pace: Redis-backed with REDIS_URL so every instance shares them. */
  health?: SourceHealthStore;
  /** Counts each source's outcome (Prometheus). */
  onOutcome?: (source: string, outcome: SourceOutcome) => void;
}

export interface Collectors extends CollectorChain {
  /** The shared HTTP helper (breaker state per host, for health checks). */
  readonly http: HttpClient;
}

function isCollectorName(value: string): value is CollectorName {
  return (COLLECTOR_NAMES as readonly string[]).includes(value);
}

/**
 * Builds the collector chain from `cfg.order` (env COLLECTORS). Unknown names stop the start-up
 * with a clear message. "youtube" uses the Data API when YOUTUBE_API_KEY is set and InnerTube
 * otherwise; "instagram" tries Graph business_discovery (when configured) and then the public web
 * profile; "tiktok" reads the public profile page.
 */
export function createCollectors(
  cfg: Omit<Partial<CollectorsConfig>, "order"> & { order?: readonly string[] },
  deps: CollectorsDeps = {},
): Collectors {
  const config: CollectorsConfig = {
    ...DEFAULT_COLLECTORS_CONFIG,
    ...stripUndefined(cfg),
  } as CollectorsConfig;
  const order = [...(cfg.order ?? DEFAULT_COLLECTORS_CONFIG.order)];
  const unknown = order.filter((n) => !isCollectorName(n));
  if (unknown.length > 0)
    throw new Error(
      `COLLECTORS has unknown collector(s) ${unknown.map((u) => `"${u}"`).join(", ")}; use any of ${COLLECTOR_NAMES.join(", ")}`,
    );

  const http = createHttpClient(
    {
      timeoutMs: config.timeoutMs,
      retries: config.retries,
      breakerThreshold: config.breakerThreshold,
      breakerHalfOpenAfterMs: config.breakerHalfOpenAfterMs,
      retryInitialDelayMs: config.retryInitialDelayMs,
      retryMaxDelayMs: config.retryMaxDelayMs,
      now: deps.now,
    },
    { fetch: deps.fetch, logger: deps.logger },
  );
  const common = { http, logger: deps.logger, now: deps.now };
  const graphConfigured = Boolean(config.instagramAccessToken && config.instagramBusinessAccountId);
  const innertubeExplicit = order.includes("youtube-innertube");

  const collectors: Collector[] = [];
  const seen = new Set<string>();
  const add = (c: Collector) => {
    if (seen.has(c.id)) return;
    seen.add(c.id);
    collectors.push(c);
  };
  const youtubeApi = () =>
    createYouTubeApiCollector({
      ...common,
      apiKey: config.youtubeApiKey,
      baseUrl: config.youtubeApiBaseUrl,
      quotaFallthrough: innertubeExplicit,
    });
  const youtubeInnertube = () =>
    createYouTubeInnertubeCollector({ ...common, baseUrl: config.youtubeInnertubeBaseUrl });
  const instagramGraph = () =>
    createInstagramGraphCollector({
      ...common,
      baseUrl: config.instagramGraphBaseUrl,
      accessToken: config.instagramAccessToken,
      businessAccountId: config.instagramBusinessAccountId,
      version: config.instagramGraphVersion,
    });
  const instagramWeb = () =>
    createInstagramWebCollector({ ...common, baseUrl: config.instagramBaseUrl, graphConfigured });

  for (const name of order as CollectorName[]) {
    switch (name) {
      case "sample":
        add(createSampleCollector(deps.sampleStore));
        break;
      case "youtube":
        add(config.youtubeApiKey ? youtubeApi() : youtubeInnertube());
        break;
      case "youtube-api":
        add(youtubeApi());
        break;
      case "youtube-innertube":
        add(youtubeInnertube());
        break;
      case "instagram":
        if (graphConfigured) add(instagramGraph());
        add(instagramWeb());
        break;
      case "instagram-graph":
        add(instagramGraph());
        break;
      case "instagram-web":
        add(instagramWeb());
        break;
      case "tiktok":
        add(createTikTokCollector({ ...common, baseUrl: config.tiktokBaseUrl }));
        break;
    }
  }

  const chain = createCollectorChain(collectors, {
    singleFlight: deps.singleFlight ?? createSingleFlight(),
    notFoundCache: deps.notFoundCache ?? createNotFoundCache({ now: deps.now }),
    logger: deps.logger,
    health: deps.health,
    now: deps.now ? () => new Date(deps.now!()) : undefined,
    unofficialPerMinute: config.unofficialPerMinute,
    onOutcome: deps.onOutcome,
  });
  return {
    collectors: chain.collectors,
    fetchSnapshot: (platform, handle, opts?: ChainFetchOptions) =>
      chain.fetchSnapshot(platform, handle, opts),
    http,
  };
}

function stripUndefined<T extends object>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
}
