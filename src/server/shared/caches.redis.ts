import type { Redis } from "ioredis";
import { BODY_CACHE_SCOPES, type BodyCache, type BodyCacheEntry, bodyCacheKey } from "./body-cache";
import type { NotFoundCache } from "./not-found-cache";
import { type ScaleLogger, silentLogger } from "./redis";

/**
 * The short-lived caches in Redis, behind the same interfaces as the in-process ones, so every
 * instance shares them. Both fail open: a Redis error is a miss (logged at most once per 10 s),
 * never a failed request — the database or the platform answers instead.
 */

export type CacheObserver = (cache: "body" | "not_found", result: "hit" | "miss" | "error") => void;

function throttledWarn(logger: ScaleLogger, what: string) {
  let last = 0;
  return (err: unknown) => {
    const now = Date.now();
    if (now - last < 10_000) return;
    last = now;
    logger.warn({ err: (err as Error).message, cache: what }, "redis cache unavailable; treating as a miss");
  };
}

/**
 * Stored-report bodies: one string per key, `<meta JSON>\n<body>` (the body is JSON already, so it is
 * not escaped a second time), with a TTL. Invalidation deletes the account's key in every scope.
 */
export function createRedisBodyCache(
  redis: Redis,
  opts: { prefix: string; ttlMs: number; observer?: CacheObserver; logger?: ScaleLogger },
): BodyCache {
  const k = (key: string) => `${opts.prefix}body:${key}`;
  const warn = throttledWarn(opts.logger ?? silentLogger, "body");
  const observe = opts.observer ?? (() => {});
  return {
    async get(key) {
      let raw: string | null;
      try {
        raw = await redis.get(k(key));
      } catch (err) {
        warn(err);
        observe("body", "error");
        return undefined;
      }
      if (raw === null) {
        observe("body", "miss");
        return undefined;
      }
      const cut = raw.indexOf("\n");
      try {
        const meta = JSON.parse(raw.slice(0, cut)) as Omit<BodyCacheEntry, "body">;
        observe("body", "hit");
        return { ...meta, body: raw.slice(cut + 1) };
      } catch {
        observe("body", "miss");
        return undefined;
      }
    },
    async set(key, value) {
      const { body, ...meta } = value;
      try {
        await redis.set(k(key), `${JSON.stringify(meta)}\n${body}`, "PX", opts.ttlMs);
      } catch (err) {
        warn(err);
      }
    },
    async invalidate(handle) {
      try {
        await redis.del(...BODY_CACHE_SCOPES.map((scope) => k(bodyCacheKey(scope, handle))));
      } catch (err) {
        warn(err);
      }
    },
    async clear() {
      // Entries live BODY_CACHE_TTL_MS at most, so there are few: one SCAN pass over the prefix.
      try {
        let cursor = "0";
        do {
          const [next, keys] = await redis.scan(cursor, "MATCH", `${k("")}*`, "COUNT", 500);
          cursor = next;
          if (keys.length > 0) await redis.unlink(...keys);
        } while (cursor !== "0");
      } catch (err) {
        warn(err);
      }
    },
  };
}

/** Handles a platform reported missing: `SET key 1 PX ttl`, `EXISTS`, `DEL`. */
export function createRedisNotFoundCache(
  redis: Redis,
  opts: { prefix: string; ttlMs: number; observer?: CacheObserver; logger?: ScaleLogger },
): NotFoundCache {
  const k = (key: string) => `${opts.prefix}nf:${key}`;
  const warn = throttledWarn(opts.logger ?? silentLogger, "not_found");
  const observe = opts.observer ?? (() => {});
  return {
    async has(key) {
      try {
        const found = (await redis.exists(k(key))) === 1;
        observe("not_found", found ? "hit" : "miss");
        return found;
      } catch (err) {
        warn(err);
        observe("not_found", "error");
        return false;
      }
    },
    async add(key) {
      try {
        await redis.set(k(key), "1", "PX", opts.ttlMs);
      } catch (err) {
        warn(err);
      }
    },
    async delete(key) {
      try {
        await redis.del(k(key));
      } catch (err) {
        warn(err);
      }
    },
  };
}

/**
 * A near cache in front of the Redis one: each instance keeps the bodies it served (in-process LRU,
 * a few seconds) and drops an account's entries when any instance invalidates it — the invalidation
 * is published on `channel` and every instance's subscriber applies it. Hot reads then cost no Redis
 * round trip; a lost message (a reconnect) leaves an entry stale for at most the near cache's TTL.
 */
export function createNearBodyCache(opts: {
  near: BodyCache;
  remote: BodyCache;
  publish: (message: string) => Promise<unknown>;
  observer?: CacheObserver;
  logger?: ScaleLogger;
}): BodyCache & { applyInvalidation(message: string): void } {
  const { near, remote } = opts;
  const observe = opts.observer ?? (() => {});
  const warn = throttledWarn(opts.logger ?? silentLogger, "body");
  const announce = (message: string) =>
    opts.publish(message).catch((err) => {
      warn(err);
    });
  return {
    async get(key) {
      const local = await near.get(key);
      if (local) {
        observe("body", "hit");
        return local;
      }
      const shared = await remote.get(key);
      observe("body", shared ? "hit" : "miss");
      if (shared) await near.set(key, shared);
      return shared;
    },
    async set(key, value) {
      await near.set(key, value);
      await remote.set(key, value);
    },
    async invalidate(handle) {
      await near.invalidate(handle);
      await remote.invalidate(handle);
      await announce(`handle:${handle}`);
    },
    async clear() {
      await near.clear();
      await remote.clear();
      await announce("all");
    },
    applyInvalidation(message) {
      if (message === "all") void near.clear();
      else if (message.startsWith("handle:")) void near.invalidate(message.slice(7));
    },
  };
}
