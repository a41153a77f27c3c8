/**
 * A short-lived cache of serialised stored reports (GET /api/accounts/:username). Stored reports never
 * change (a new analysis makes a new one); whoever saves one clears the account's keys. This is the
 * in-process LRU; with REDIS_URL, src/server/shared/caches.redis.ts keeps the same entries in Redis so
 * every instance shares them and an invalidation on one reaches all.
 */
import { PLATFORMS } from "#core/schemas/platform";

export interface BodyCacheEntry {
  body: string;
  etag: string;
  accountId: number;
  /** Which stored report this is (for the "refresh on viewing" check). */
  platform: string;
  username: string;
  createdAtMs: number;
  isSample: boolean;
  /** Where the report's data came from ("web-search" estimates are not refreshed in the background). */
  source?: string;
}

export interface BodyCache {
  get(key: string): Promise<BodyCacheEntry | undefined>;
  set(key: string, value: BodyCacheEntry): Promise<void>;
  /** Drops every entry of an account: the keys of each platform scope that name the handle. */
  invalidate(handle: string): Promise<void>;
  /** Drops every entry (stored accounts were deleted). */
  clear(): Promise<void>;
}

/** The scopes a body-cache key starts with: a platform, or "any" (no platform in the request). */
export const BODY_CACHE_SCOPES = ["any", ...PLATFORMS] as const;

/** The key of a stored-report read: `<platform|any>:<handle lower case>`. */
export function bodyCacheKey(platform: string | undefined, handle: string): string {
  return `${platform ?? "any"}:${handle.toLowerCase()}`;
}

export function createBodyCache(opts: {
  maxEntries: number;
  ttlMs: number;
  now: () => number;
}): BodyCache & { readonly size: number } {
  const map = new Map<string, { value: BodyCacheEntry; expires: number }>();
  return {
    async get(key) {
      const hit = map.get(key);
      if (!hit) return undefined;
      if (hit.expires <= opts.now()) {
        map.delete(key);
        return undefined;
      }
      map.delete(key);
      map.set(key, hit);
      return hit.value;
    },
    async set(key, value) {
      map.delete(key);
      map.set(key, { value, expires: opts.now() + opts.ttlMs });
      while (map.size > opts.maxEntries) map.delete(map.keys().next().value as string);
    },
    async invalidate(handle) {
      for (const scope of BODY_CACHE_SCOPES) map.delete(bodyCacheKey(scope, handle));
    },
    async clear() {
      map.clear();
    },
    get size() {
      return map.size;
    },
  };
}
