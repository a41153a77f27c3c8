/**
 * Remembers handles a platform said do not exist, so a known-missing handle isn't fetched again
 * for a day (data-sources.md §5: negative results 24 h). Async interface so a Redis version
 * (SET key 1 PX ttl / EXISTS) can replace this in-process one.
 */
export interface NotFoundCache {
  has(key: string): Promise<boolean>;
  add(key: string): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface NotFoundCacheOptions {
  /** Default 86 400 000 (one day). */
  ttlMs?: number;
  now?: () => number;
  /** Oldest entries are dropped beyond this (default 50 000). */
  maxEntries?: number;
}

export function createNotFoundCache(
  options: NotFoundCacheOptions = {},
): NotFoundCache & { readonly size: number } {
  const ttlMs = options.ttlMs ?? 86_400_000;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 50_000;
  // Map keeps insertion order; re-adding moves a key to the end, so the first key is the oldest.
  const expiries = new Map<string, number>();

  return {
    get size() {
      return expiries.size;
    },
    async has(key) {
      const expiry = expiries.get(key);
      if (expiry === undefined) return false;
      if (expiry <= now()) {
        expiries.delete(key);
        return false;
      }
      return true;
    },
    async add(key) {
      expiries.delete(key);
      expiries.set(key, now() + ttlMs);
      while (expiries.size > maxEntries) {
        const oldest = expiries.keys().next();
        if (oldest.done) break;
        expiries.delete(oldest.value);
      }
    },
    async delete(key) {
      expiries.delete(key);
    },
  };
}
