/**
 * A small in-process LRU with a time-to-live for serialised responses of stored reports.
 * Stored reports never change (a new analysis makes a new one), so the only staleness is a newer
 * report made by another instance within the TTL; this instance clears a key when it saves one.
 */
export interface BodyCacheEntry {
  body: string;
  etag: string;
  accountId: number;
}

export function createBodyCache(opts: { maxEntries: number; ttlMs: number; now: () => number }) {
  const map = new Map<string, { value: BodyCacheEntry; expires: number }>();
  return {
    get(key: string): BodyCacheEntry | undefined {
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
    set(key: string, value: BodyCacheEntry): void {
      map.delete(key);
      map.set(key, { value, expires: opts.now() + opts.ttlMs });
      while (map.size > opts.maxEntries) map.delete(map.keys().next().value as string);
    },
    /** Drops every entry of an account (all platforms' keys that mention the handle). */
    invalidate(handle: string): void {
      for (const key of [...map.keys()]) if (key.endsWith(`:${handle}`)) map.delete(key);
    },
    get size() {
      return map.size;
    },
  };
}
export type BodyCache = ReturnType<typeof createBodyCache>;
