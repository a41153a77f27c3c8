import type { Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";

/** Options for one snapshot fetch. */
export interface CollectorFetchOptions {
  /** Cancels the fetch (client disconnect, request budget). Propagates to every upstream call. */
  signal?: AbortSignal;
  /**
   * What kind of link the input parser recognised, when the input was a URL:
   * YouTube "channel" (handle is a UC… id), "user" (legacy username), "c" (custom URL),
   * "video" / "short" / "short_link" (handle is a video id), "handle" (an @handle).
   */
  linkKind?: string;
}

/**
 * One data source. `fetchSnapshot` returns null for "not mine, ask the next collector"
 * (the sample store doesn't know the handle, an API collector has no key, …).
 * A thrown typed error (src/server/errors.ts) is final.
 */
export interface Collector {
  id: string;
  platforms: Platform[];
  /** "sample" collectors only serve seeded sample creators; everything else is "live". */
  kind?: "sample" | "live";
  /**
   * Whether the source is the platform's own API (YouTube Data API, Instagram Graph) or a stored
   * sample (true), or a scrape of its public pages or a third-party provider (false). Snapshots from
   * unofficial sources also carry `official: false`, for provenance.
   */
  official?: boolean;
  /**
   * Whether this server's per-source pace applies (default: every unofficial source). A paid data
   * provider that paces its own scraping (Apify) sets false.
   */
  paced?: boolean;
  fetchSnapshot(
    platform: Platform,
    handle: string,
    opts: CollectorFetchOptions,
  ): Promise<ProfileSnapshot | null>;
}

/** Where sample creators come from; the server implements it from the database. */
export interface SampleStore {
  getSampleSnapshot(platform: Platform, handle: string): Promise<ProfileSnapshot | null>;
}

/** Structured logger (pino-compatible subset). */
export interface CollectorLogger {
  warn(obj: object, msg: string): void;
}

/** The concrete sources, one per strategy; each is a COLLECTORS entry and a Collector id. */
export const SOURCE_NAMES = [
  "youtube-api",
  "youtube-innertube",
  "instagram-graph",
  "instagram-apify",
  "instagram-web",
  "tiktok-apify",
  "tiktok-web",
  "tiktok-embed",
] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];

/** Everything COLLECTORS accepts: the sample store, the platform aliases, and the sources. */
export const COLLECTOR_NAMES = ["sample", "youtube", "instagram", "tiktok", ...SOURCE_NAMES] as const;
export type CollectorName = (typeof COLLECTOR_NAMES)[number];

/** An http(s) proxy URL per platform; `upstream` applies to every platform without its own. */
export interface ProxyConfig {
  upstream?: string;
  instagram?: string;
  tiktok?: string;
  youtube?: string;
}

/** Netscape cookies.txt files, per platform (opt-in; the operator accepts the terms risk). */
export interface CookieFilesConfig {
  instagram?: string;
  tiktok?: string;
  youtube?: string;
}

export interface CollectorsConfig {
  /**
   * The ordered chain (env COLLECTORS). "youtube" = the Data API when a key is set, else InnerTube;
   * "instagram" = Graph business_discovery when configured, then instagram-apify when APIFY_TOKEN is
   * set, then the public web profile; "tiktok" = tiktok-apify when APIFY_TOKEN is set, then
   * tiktok-web. The explicit names ("youtube-api", "instagram-web", …) select one source.
   */
  order: CollectorName[];
  youtubeApiKey?: string;
  youtubeApiBaseUrl: string;
  youtubeInnertubeBaseUrl: string;
  instagramBaseUrl: string;
  instagramGraphBaseUrl: string;
  instagramAccessToken?: string;
  instagramBusinessAccountId?: string;
  /** Graph API version (INSTAGRAM_GRAPH_VERSION); the collector's default when absent. */
  instagramGraphVersion?: string;
  tiktokBaseUrl: string;
  /** Apify API token (instagram-apify, tiktok-apify). */
  apifyToken?: string;
  apifyBaseUrl: string;
  /** Budget of one Apify actor run, in seconds (passed to Apify as the run's timeout). */
  apifyTimeoutSec: number;
  proxies: ProxyConfig;
  cookieFiles: CookieFilesConfig;
  /** Per upstream request. */
  timeoutMs: number;
  /** Retries after the first attempt, on network errors and 5xx only. */
  retries: number;
  /** Consecutive failures that open a host's circuit. */
  breakerThreshold: number;
  /** How long an open circuit stays open before one probe request is let through. */
  breakerHalfOpenAfterMs: number;
  /** First retry delay (jittered, exponential); tests lower it. */
  retryInitialDelayMs: number;
  /** Largest retry delay. */
  retryMaxDelayMs: number;
  /** Requests a minute each unofficial source may make, interactive and background alike; 0 = no pacing. */
  unofficialPerMinute: number;
}

export const DEFAULT_COLLECTORS_CONFIG: CollectorsConfig = {
  order: ["sample", "youtube", "instagram", "tiktok"],
  youtubeApiBaseUrl: "https://www.googleapis.com",
  youtubeInnertubeBaseUrl: "https://www.youtube.com",
  instagramBaseUrl: "https://www.instagram.com",
  instagramGraphBaseUrl: "https://graph.facebook.com",
  tiktokBaseUrl: "https://www.tiktok.com",
  apifyBaseUrl: "https://api.apify.com",
  apifyTimeoutSec: 120,
  proxies: {},
  cookieFiles: {},
  timeoutMs: 10_000,
  retries: 2,
  breakerThreshold: 5,
  breakerHalfOpenAfterMs: 30_000,
  retryInitialDelayMs: 250,
  retryMaxDelayMs: 2_000,
  unofficialPerMinute: 6,
};
