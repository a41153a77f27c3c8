import crypto from "node:crypto";
import type { Redis } from "ioredis";

/**
 * The installation's cap on language-model calls (settings: 5 or 10 per minute, or unlimited;
 * docs/decisions/008-settings-server-side.md). A sliding window: at most `limit` calls in any 60 s,
 * not per calendar minute (which would allow twice the limit across a minute boundary).
 */
export interface ModelCallLimiter {
  /** Takes one call if fewer than `limit` were taken in the last window; false when all are taken. */
  tryTake(limit: number): Promise<boolean>;
}

export const MODEL_CALL_WINDOW_MS = 60_000;

/** One process: the times of the calls taken in the last window. */
export function createLocalCallLimiter(
  opts: { windowMs?: number; clockMs?: () => number } = {},
): ModelCallLimiter {
  const windowMs = opts.windowMs ?? MODEL_CALL_WINDOW_MS;
  const clock = opts.clockMs ?? Date.now;
  let taken: number[] = [];
  return {
    async tryTake(limit) {
      const now = clock();
      taken = taken.filter((t) => t > now - windowMs);
      if (taken.length >= limit) return false;
      taken.push(now);
      return true;
    },
  };
}

/**
 * Atomic in Redis, on Redis's own clock (instances' clocks may differ): drop calls older than the
 * window, refuse at the limit, otherwise record this call.
 */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 1
`;

export interface RedisCallLimiterOptions {
  key?: string;
  windowMs?: number;
  /** Used while Redis does not answer (within `timeoutMs`): the count is then per instance. */
  fallback?: ModelCallLimiter;
  timeoutMs?: number;
  logger?: { warn(obj: object, msg: string): void };
}

type WithTake = Redis & {
  takeModelCall(key: string, windowMs: number, limit: number, member: string): Promise<number>;
};

/** Every instance on one Redis shares the count. A Redis failure never fails a report: it falls back. */
export function createRedisCallLimiter(redis: Redis, opts: RedisCallLimiterOptions = {}): ModelCallLimiter {
  const key = opts.key ?? "llm:calls";
  const windowMs = opts.windowMs ?? MODEL_CALL_WINDOW_MS;
  const fallback = opts.fallback ?? createLocalCallLimiter({ windowMs });
  const timeoutMs = opts.timeoutMs ?? 1000;
  if (!("takeModelCall" in redis))
    redis.defineCommand("takeModelCall", { numberOfKeys: 1, lua: TAKE_SCRIPT });
  const client = redis as WithTake;
  let lastWarning = 0;
  return {
    async tryTake(limit) {
      let timer: NodeJS.Timeout | undefined;
      try {
        const answer = await Promise.race([
          client.takeModelCall(key, windowMs, limit, crypto.randomUUID()),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        return Number(answer) === 1;
      } catch (err) {
        if (Date.now() - lastWarning > 60_000) {
          lastWarning = Date.now();
          opts.logger?.warn(
            { err: (err as Error).message },
            "model call limit: Redis did not answer; counting in this process",
          );
        }
        return fallback.tryTake(limit);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
