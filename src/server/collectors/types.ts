import type { Platform } from "../../core/schemas/platform";
import type { ProfileSnapshot } from "../../core/schemas/snapshot";

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
   * An official API (YouTube Data API, Instagram Graph) or an unofficial path (public pages,
   * scraping providers): unofficial ones are paced and marked so in provenance.
   */
  official?: boolean;
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

export const COLLECTOR_NAMES = [
  "sample",
  "youtube",
  "youtube-api",
  "youtube-innertube",
  "instagram",
  "instagram-graph",
  "instagram-web",
  "tiktok",
] as const;
export type CollectorName = (typeof COLLECTOR_NAMES)[number];

export interface CollectorsConfig {
  /**
   * The ordered chain (env COLLECTORS). "youtube" = the Data API when a key is set, else InnerTube;
   * "instagram" = Graph business_discovery when configured, then the public web profile.
   * The explicit names ("youtube-api", "instagram-web", …) select one source.
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
  timeoutMs: 10_000,
  retries: 2,
  breakerThreshold: 5,
  breakerHalfOpenAfterMs: 30_000,
  retryInitialDelayMs: 250,
  retryMaxDelayMs: 2_000,
  unofficialPerMinute: 6,
};
