import { createRequire } from "node:module";
import type { Redis, RedisOptions } from "ioredis";

/**
 * ioredis (a CommonJS package), required when the first connection is made: a server without
 * REDIS_URL never loads it (issue #38, start-up time). Connections are made synchronously, hence
 * `require` rather than `import()`.
 */
const requireModule = createRequire(import.meta.url);
const loadIoredis = () => requireModule("ioredis") as typeof import("ioredis");

/** The pino-compatible subset the scale-out modules log through. */
export interface ScaleLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentLogger: ScaleLogger = { info() {}, warn() {}, error() {} };

/**
 * What each connection is for. Commands (locks, caches, rate limits) fail fast so a Redis outage
 * degrades a request instead of hanging it; the subscriber and BullMQ's connection retry forever
 * (BullMQ requires `maxRetriesPerRequest: null` for its blocking commands).
 */
export type RedisPurpose = "commands" | "subscriber" | "jobs";

export function createRedisConnection(url: string, purpose: RedisPurpose, logger: ScaleLogger): Redis {
  const common: RedisOptions = {
    connectTimeout: 2000,
    connectionName: `creator-analytics:${purpose}`,
    // Back off up to 2 s between reconnects; never give up (the instance reports not ready meanwhile).
    retryStrategy: (times) => Math.min(50 * 2 ** times, 2000),
  };
  const options: RedisOptions =
    purpose === "commands"
      ? // No offline queue: while Redis is away a command fails at once (a cache miss, a lock-free
        // flight) instead of holding the request until a reconnect.
        { ...common, maxRetriesPerRequest: 1, commandTimeout: 2000, enableOfflineQueue: false }
      : { ...common, maxRetriesPerRequest: null };
  const redis = new (loadIoredis().Redis)(url, options);
  let lastWarned = 0;
  redis.on("error", (err: Error) => {
    // One line per 10 s at most: a Redis outage must not flood the log.
    const now = Date.now();
    if (now - lastWarned < 10_000) return;
    lastWarned = now;
    logger.warn({ err: err.message, purpose }, "redis connection error");
  });
  return redis;
}

/** Resolves once the connection is up, or after `timeoutMs` (then the caller degrades as it would anyway). */
export async function waitForRedis(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === "ready") return true;
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off("ready", onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.on("ready", onReady);
  });
}

/** Closes a connection: QUIT when it is up, otherwise drop it (never hangs on a dead server). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === "end") return;
  if (redis.status !== "ready") {
    redis.disconnect();
    return;
  }
  await Promise.race([
    redis.quit().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, 1000).unref()),
  ]);
  if ((redis.status as string) !== "end") redis.disconnect();
}
