import type { Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { AppConfig } from "../config";
import { createNotFoundCache, type NotFoundCache } from "../shared/not-found-cache";
import { createSingleFlight, type SingleFlight } from "../shared/single-flight";
import { createApifyCollector } from "./apify";
import {
  type ChainFetchOptions,
  type CollectorChain,
  createCollectorChain,
  type SourceOutcome,
} from "./chain";
import { COOKIE_DOMAINS, type Cookie, loadCookieFile } from "./cookies";
import { createHttpClient, type HttpClient } from "./http";
import { createInstagramGraphCollector } from "./instagram-graph";
import { createInstagramWebCollector } from "./instagram-web";
import { createSampleCollector } from "./sample";
import type { SourceHealthStore } from "./source-health";
import { createTikTokCollector, createTikTokEmbedCollector } from "./tiktok";
import { createTransport, type PlatformTransport } from "./transport";
import {
  COLLECTOR_NAMES,
  type Collector,
  type CollectorLogger,
  type CollectorName,
  type CollectorsConfig,
  DEFAULT_COLLECTORS_CONFIG,
  type SampleStore,
  type SourceName,
} from "./types";
import { createYouTubeApiCollector } from "./youtube-api";
import { createYouTubeInnertubeCollector } from "./youtube-innertube";

export type { NotFoundCache } from "../shared/not-found-cache";
export { createNotFoundCache } from "../shared/not-found-cache";
export type { SingleFlight } from "../shared/single-flight";
export { createSingleFlight } from "../shared/single-flight";
export { INSTAGRAM_APIFY_ACTOR, type ProviderRun, TIKTOK_APIFY_ACTOR } from "./apify";
export type { ChainFetchOptions, CollectorChain, SourceOutcome } from "./chain";
export { collectorKey, createCollectorChain, SourceQuietError } from "./chain";
export { CookieFileError, loadCookieFile, parseNetscapeCookies } from "./cookies";
export type { HttpClient, HttpRequest, HttpResponse } from "./http";
export { BROWSER_USER_AGENT, createHttpClient, DEFAULT_USER_AGENT, parseRetryAfter } from "./http";
export { createSampleCollector, sampleStoreFromSnapshots } from "./sample";
export { redactProxyUrl } from "./transport";
export type {
  Collector,
  CollectorFetchOptions,
  CollectorLogger,
  CollectorName,
  CollectorsConfig,
  CookieFilesConfig,
  ProxyConfig,
  SampleStore,
  SourceName,
} from "./types";
export { COLLECTOR_NAMES, DEFAULT_COLLECTORS_CONFIG, SOURCE_NAMES } from "./types";
export { AnonymousProfileUnavailableError } from "./upstream-errors";

/**
 * One entry per source (a COLLECTORS name that selects exactly one strategy), for the admin's
 * sources panel: which platform it serves, whether it is the platform's official API, and whether
 * the configuration gives it what it needs (a key, a token). Sources that need nothing are always
 * configured; whether they work is a matter of health, not configuration.
 */
export interface CollectorDescriptor {
  name: SourceName;
  platform: Platform;
  official: boolean;
  /** Takes the app configuration (AppConfig) or the collectors' part of it (CollectorsConfig). */
  configured(config: AppConfig | CollectorsConfig): boolean;
  /** What it needs when it is not configured, for the admin ("YOUTUBE_API_KEY"). */
  needs?: string;
}

const graphConfigured = (c: CollectorsConfig) =>
  Boolean(c.instagramAccessToken && c.instagramBusinessAccountId);

/** The collectors' view of either configuration. */
function asCollectorsConfig(config: AppConfig | CollectorsConfig): CollectorsConfig {
  return "upstreams" in config ? collectorsConfigFromApp(config) : config;
}

function descriptor(
  name: SourceName,
  platform: Platform,
  official: boolean,
  needs?: { what: string; has: (c: CollectorsConfig) => boolean },
): CollectorDescriptor {
  return {
    name,
    platform,
    official,
    configured: (config) => (needs ? needs.has(asCollectorsConfig(config)) : true),
    ...(needs ? { needs: needs.what } : {}),
  };
}

const APIFY = { what: "APIFY_TOKEN", has: (c: CollectorsConfig) => Boolean(c.apifyToken) };

export const COLLECTOR_DESCRIPTORS: readonly CollectorDescriptor[] = [
  descriptor("youtube-api", "youtube", true, {
    what: "YOUTUBE_API_KEY",
    has: (c) => Boolean(c.youtubeApiKey),
  }),
  descriptor("youtube-innertube", "youtube", false),
  descriptor("instagram-graph", "instagram", true, {
    what: "INSTAGRAM_ACCESS_TOKEN and INSTAGRAM_BUSINESS_ACCOUNT_ID",
    has: graphConfigured,
  }),
  descriptor("instagram-apify", "instagram", false, APIFY),
  descriptor("instagram-web", "instagram", false),
  descriptor("tiktok-apify", "tiktok", false, APIFY),
  descriptor("tiktok-web", "tiktok", false),
  descriptor("tiktok-embed", "tiktok", false),
];

const DESCRIPTOR_BY_NAME = new Map(COLLECTOR_DESCRIPTORS.map((d) => [d.name, d]));

/** The collectors' part of the app configuration (services.ts and the admin panel use it). */
export function collectorsConfigFromApp(config: AppConfig): CollectorsConfig {
  return {
    ...DEFAULT_COLLECTORS_CONFIG,
    order: config.collectors,
    youtubeApiKey: config.youtubeApiKey,
    youtubeApiBaseUrl: config.upstreams.youtubeApi,
    youtubeInnertubeBaseUrl: config.upstreams.youtubeInnertube,
    instagramBaseUrl: config.upstreams.instagram,
    instagramGraphBaseUrl: config.upstreams.instagramGraph,
    instagramAccessToken: config.instagramAccessToken,
    instagramBusinessAccountId: config.instagramBusinessAccountId,
    instagramGraphVersion: config.instagramGraphVersion,
    tiktokBaseUrl: config.upstreams.tiktok,
    apifyToken: config.apify.token,
    apifyBaseUrl: config.apify.baseUrl,
    apifyTimeoutSec: config.apify.timeoutSec,
    proxies: config.proxies,
    cookieFiles: config.cookieFiles,
    timeoutMs: config.upstreamTimeoutMs,
    retries: config.upstreamRetries,
    unofficialPerMinute: config.sourcePacePerMinute,
  };
}

export interface CollectorsDeps {
  /**
   * Replaces the transport for every request (no proxy, no exact headers); by default each platform
   * gets an undici transport, through its proxy when one is configured (transport.ts).
   */
  fetch?: typeof fetch;
  /** Wraps each platform's fetch (the app counts upstream requests per collector with it). */
  wrapFetch?: (f: typeof fetch) => typeof fetch;
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
  /** The HTTP helper per platform, and Apify's (breaker state per host, for health checks). */
  readonly http: Readonly<Record<Platform | "apify", HttpClient>>;
  /** Closes the transports' connection pools. */
  close(): Promise<void>;
}

function isCollectorName(value: string): value is CollectorName {
  return (COLLECTOR_NAMES as readonly string[]).includes(value);
}

/** The proxy of a platform: its own, else UPSTREAM_PROXY, else none. */
export function proxyFor(
  proxies: CollectorsConfig["proxies"],
  platform: Platform | "apify",
): string | undefined {
  if (platform === "apify") return proxies.upstream;
  return proxies[platform] ?? proxies.upstream;
}

/** Stamps unofficial snapshots (provenance) with `official: false`, official ones with true. */
function withProvenance(collector: Collector): Collector {
  const descriptor = DESCRIPTOR_BY_NAME.get(collector.id as SourceName);
  if (!descriptor) return collector;
  return {
    ...collector,
    official: descriptor.official,
    async fetchSnapshot(platform, handle, opts) {
      const snapshot = await collector.fetchSnapshot(platform, handle, opts);
      if (snapshot === null) return null;
      return { ...snapshot, official: descriptor.official } as ProfileSnapshot;
    },
  };
}

/**
 * Builds the collector chain from `cfg.order` (env COLLECTORS). Unknown names stop the start-up
 * with a clear message. The platform aliases expand to their sources (see CollectorsConfig.order);
 * each explicit source name selects one strategy, so an operator can switch without a release.
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

  const nowMs = deps.now ?? Date.now;
  const cookiesFor = (platform: keyof typeof COOKIE_DOMAINS): Cookie[] => {
    const file = config.cookieFiles[platform];
    return file ? loadCookieFile(file, COOKIE_DOMAINS[platform], nowMs()) : [];
  };

  const transports: PlatformTransport[] = [];
  const fetchFor = (platform: Platform | "apify"): typeof fetch | undefined => {
    if (deps.fetch) return deps.wrapFetch ? deps.wrapFetch(deps.fetch) : deps.fetch;
    const transport = createTransport(proxyFor(config.proxies, platform));
    transports.push(transport);
    return deps.wrapFetch ? deps.wrapFetch(transport.fetch) : transport.fetch;
  };
  const httpOptions = {
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    breakerThreshold: config.breakerThreshold,
    breakerHalfOpenAfterMs: config.breakerHalfOpenAfterMs,
    retryInitialDelayMs: config.retryInitialDelayMs,
    retryMaxDelayMs: config.retryMaxDelayMs,
    now: deps.now,
  };
  const clientFor = (platform: Platform) =>
    createHttpClient(httpOptions, { fetch: fetchFor(platform), logger: deps.logger });
  const http: Record<Platform | "apify", HttpClient> = {
    youtube: clientFor("youtube"),
    instagram: clientFor("instagram"),
    tiktok: clientFor("tiktok"),
    // A paid run: never retried (a retry is a second bill), and it may take the whole budget.
    apify: createHttpClient(
      { ...httpOptions, retries: 0, timeoutMs: config.apifyTimeoutSec * 1000 + 15_000 },
      { fetch: fetchFor("apify"), logger: deps.logger },
    ),
  };
  const common = { logger: deps.logger, now: deps.now };
  const graphReady = graphConfigured(config);
  const innertubeExplicit = order.includes("youtube-innertube");

  const collectors: Collector[] = [];
  const seen = new Set<string>();
  const add = (c: Collector) => {
    if (seen.has(c.id)) return;
    seen.add(c.id);
    collectors.push(withProvenance(c));
  };
  const once = <T>(make: () => T): (() => T) => {
    let value: T | undefined;
    return () => {
      value ??= make();
      return value;
    };
  };
  const youtubeApi = () =>
    createYouTubeApiCollector({
      ...common,
      http: http.youtube,
      apiKey: config.youtubeApiKey,
      baseUrl: config.youtubeApiBaseUrl,
      quotaFallthrough: innertubeExplicit,
    });
  const youtubeInnertube = () => {
    const cookies = cookiesFor("youtube");
    return createYouTubeInnertubeCollector({
      ...common,
      http: http.youtube,
      baseUrl: config.youtubeInnertubeBaseUrl,
      cookie: cookies.length > 0 ? cookies.map((c) => `${c.name}=${c.value}`).join("; ") : undefined,
    });
  };
  const instagramGraph = () =>
    createInstagramGraphCollector({
      ...common,
      http: http.instagram,
      baseUrl: config.instagramGraphBaseUrl,
      accessToken: config.instagramAccessToken,
      businessAccountId: config.instagramBusinessAccountId,
      version: config.instagramGraphVersion,
    });
  const instagramWeb = () =>
    createInstagramWebCollector({
      ...common,
      http: http.instagram,
      baseUrl: config.instagramBaseUrl,
      graphConfigured: graphReady,
      providerConfigured: Boolean(config.apifyToken),
      cookies: cookiesFor("instagram"),
    });
  const apifyOptions = {
    ...common,
    http: http.apify,
    baseUrl: config.apifyBaseUrl,
    token: config.apifyToken,
    timeoutSec: config.apifyTimeoutSec,
  };
  // One TikTok cookie file read for both strategies.
  const tiktokCookies = once(() => cookiesFor("tiktok"));
  const tiktokOptions = () => ({
    ...common,
    http: http.tiktok,
    baseUrl: config.tiktokBaseUrl,
    cookies: tiktokCookies(),
  });

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
        if (graphReady) add(instagramGraph());
        if (config.apifyToken) add(createApifyCollector("instagram", apifyOptions));
        add(instagramWeb());
        break;
      case "instagram-graph":
        add(instagramGraph());
        break;
      case "instagram-apify":
        add(createApifyCollector("instagram", apifyOptions));
        break;
      case "instagram-web":
        add(instagramWeb());
        break;
      case "tiktok":
        if (config.apifyToken) add(createApifyCollector("tiktok", apifyOptions));
        add(createTikTokCollector(tiktokOptions()));
        break;
      case "tiktok-apify":
        add(createApifyCollector("tiktok", apifyOptions));
        break;
      case "tiktok-web":
        add(createTikTokCollector(tiktokOptions()));
        break;
      case "tiktok-embed":
        add(createTikTokEmbedCollector(tiktokOptions()));
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
    async close() {
      await Promise.all(transports.map((t) => t.close().catch(() => undefined)));
    },
  };
}

function stripUndefined<T extends object>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
}
