import type { Redis } from "ioredis";
import type { AppConfig } from "../config";
import { redactUrl } from "../ops/redact-url";
import { type BodyCache, createBodyCache } from "./body-cache";
import {
  type CacheObserver,
  createNearBodyCache,
  createRedisBodyCache,
  createRedisNotFoundCache,
} from "./caches.redis";
import { createLockNotices } from "./lock-notices";
import { createNotFoundCache, type NotFoundCache } from "./not-found-cache";
import { closeRedis, createRedisConnection, type ScaleLogger, silentLogger, waitForRedis } from "./redis";
import { createRedisLocks, type RedisLocks } from "./redis-lock";
import { createSingleFlight, type SingleFlight } from "./single-flight";
import { createDistributedSingleFlight, type FlightEvent } from "./single-flight.redis";

/** A Redis URL without its password, for logs. */

/** How long a handle the platform reported missing is answered without asking again (one day). */
export const NOT_FOUND_TTL_MS = 86_400_000;
/** How long a serialised stored report is served from the cache. */
export const BODY_CACHE_TTL_MS = 10_000;
/**
 * With Redis, how long an instance also keeps a body in process (invalidations reach it at once by
 * pub/sub; this bounds the staleness if one is lost).
 */
export const NEAR_BODY_CACHE_TTL_MS = 5000;

/**
 * Everything instances must share to behave as one (design.md "Scale-out"): the single-flight of
 * analyses and the short-lived caches. With REDIS_URL they live in Redis; without it, in process —
 * behind the same interfaces, so the services never know which.
 */
export interface SharedState {
  readonly kind: "redis" | "memory";
  /** Report-level single-flight: one analysis per account at a time, across instances with Redis. */
  singleFlight: SingleFlight;
  notFoundCache: NotFoundCache;
  bodyCache: BodyCache;
  /** The command connection (rate limits, job uploads), when Redis is configured. */
  redis?: Redis;
  /** The locks behind the single-flight (diagnostics and tests), when Redis is configured. */
  locks?: RedisLocks;
  /** Whether Redis answers (readiness); absent without Redis. */
  ping?: () => Promise<boolean>;
  /** Waits (at most `timeoutMs`) for the Redis connections, so the first requests find them up. */
  ready(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface SharedStateObserver {
  flight?: (event: FlightEvent) => void;
  cache?: CacheObserver;
}

export interface SharedStateDeps {
  now: () => Date;
  logger?: ScaleLogger;
  observer?: SharedStateObserver;
}

export function createSharedState(
  config: Pick<AppConfig, "redisUrl" | "redisKeyPrefix" | "lockTtlMs">,
  deps: SharedStateDeps,
): SharedState {
  const logger = deps.logger ?? silentLogger;
  const observer = deps.observer ?? {};
  if (!config.redisUrl) return createMemorySharedState(deps);

  const prefix = config.redisKeyPrefix;
  const redis = createRedisConnection(config.redisUrl, "commands", logger);
  const subscriber = createRedisConnection(config.redisUrl, "subscriber", logger);
  const locks = createRedisLocks(redis, { prefix });
  const notices = createLockNotices(subscriber, locks.channel, logger);
  const bodyChannel = `${prefix}body-invalidated`;
  const bodyCache = createNearBodyCache({
    near: createBodyCache({
      maxEntries: 2000,
      ttlMs: NEAR_BODY_CACHE_TTL_MS,
      now: () => deps.now().getTime(),
    }),
    remote: createRedisBodyCache(redis, { prefix, ttlMs: BODY_CACHE_TTL_MS, logger }),
    publish: (message) => redis.publish(bodyChannel, message),
    observer: observer.cache,
    logger,
  });
  subscriber.on("message", (channel: string, message: string) => {
    if (channel === bodyChannel) bodyCache.applyInvalidation(message);
  });
  subscriber.subscribe(bodyChannel).catch((err: Error) => {
    logger.warn({ err: err.message }, "could not subscribe to cache invalidations");
  });
  return {
    kind: "redis",
    redis,
    locks,
    singleFlight: createDistributedSingleFlight({
      locks,
      notices,
      ttlMs: config.lockTtlMs,
      observer: observer.flight,
      logger,
    }),
    notFoundCache: createRedisNotFoundCache(redis, {
      prefix,
      ttlMs: NOT_FOUND_TTL_MS,
      observer: observer.cache,
      logger,
    }),
    bodyCache,
    ping: async () => (await redis.ping()) === "PONG",
    async ready(timeoutMs) {
      const [commands, notices] = await Promise.all([
        waitForRedis(redis, timeoutMs),
        waitForRedis(subscriber, timeoutMs),
      ]);
      if (!commands || !notices)
        logger.warn(
          { url: redactUrl(config.redisUrl!) },
          "Redis is not reachable yet; running degraded until it is",
        );
    },
    async close() {
      if (subscriber.status === "ready") await subscriber.unsubscribe(bodyChannel).catch(() => undefined);
      await notices.close();
      await Promise.all([closeRedis(subscriber), closeRedis(redis)]);
    },
  };
}

/** One process, no Redis: the in-process single-flight and caches. */
export function createMemorySharedState(deps: Pick<SharedStateDeps, "now" | "observer">): SharedState {
  const nowMs = () => deps.now().getTime();
  const observe = deps.observer?.cache ?? (() => {});
  const bodies = createBodyCache({ maxEntries: 2000, ttlMs: BODY_CACHE_TTL_MS, now: nowMs });
  const notFound = createNotFoundCache({ ttlMs: NOT_FOUND_TTL_MS, now: nowMs });
  return {
    kind: "memory",
    singleFlight: createSingleFlight(),
    notFoundCache: {
      async has(key) {
        const found = await notFound.has(key);
        observe("not_found", found ? "hit" : "miss");
        return found;
      },
      add: (key) => notFound.add(key),
      delete: (key) => notFound.delete(key),
    },
    bodyCache: {
      async get(key) {
        const hit = await bodies.get(key);
        observe("body", hit ? "hit" : "miss");
        return hit;
      },
      set: (key, value) => bodies.set(key, value),
      invalidate: (handle) => bodies.invalidate(handle),
      clear: () => bodies.clear(),
    },
    async ready() {},
    async close() {},
  };
}
