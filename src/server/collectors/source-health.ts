import type { Redis } from "ioredis";

/**
 * What each data source (collector) has been doing: when it last worked, its last failure, and
 * whether it is *quiet* — resting after the platform rate-limited, walled or challenged us, until
 * a time (Retry-After, else 15 minutes, doubling on repeats up to 6 hours). Plus a per-source pace
 * (token bucket). In process by default; with REDIS_URL every instance shares one state, so one
 * instance's 429 quiets the source for all (docs/decisions/013-source-health-and-fallbacks.md).
 */

export interface SourceFailure {
  at: string;
  code: string;
  message: string;
}

export interface SourceState {
  quietUntil: string | null;
  /** Quiet periods in a row without a success in between (the back-off grows with it). */
  repeats: number;
  lastSuccessAt: string | null;
  lastFailure: SourceFailure | null;
  /** Failures since the last success (a source with one or more is "failing"). */
  failuresInRow: number;
}

export const EMPTY_SOURCE_STATE: SourceState = {
  quietUntil: null,
  repeats: 0,
  lastSuccessAt: null,
  lastFailure: null,
  failuresInRow: 0,
};

/** The rest after a 429 / wall without Retry-After; doubled on each repeat, at most 6 hours. */
export const DEFAULT_QUIET_MS = 15 * 60 * 1000;
export const MAX_QUIET_MS = 6 * 3600 * 1000;

export function quietDurationMs(repeats: number, retryAfterSec?: number): number {
  if (retryAfterSec !== undefined && retryAfterSec > 0) return Math.min(retryAfterSec * 1000, MAX_QUIET_MS);
  return Math.min(DEFAULT_QUIET_MS * 2 ** Math.min(repeats, 10), MAX_QUIET_MS);
}

/** A source's state after one more failure; with `quiet`, resting until `now + quietDurationMs(…)`. */
function afterFailure(
  cur: SourceState,
  failure: SourceFailure,
  quiet?: { now: Date; retryAfterSec?: number },
): SourceState {
  const next: SourceState = { ...cur, lastFailure: failure, failuresInRow: cur.failuresInRow + 1 };
  if (quiet) {
    next.quietUntil = new Date(
      quiet.now.getTime() + quietDurationMs(cur.repeats, quiet.retryAfterSec),
    ).toISOString();
    next.repeats = cur.repeats + 1;
  }
  return next;
}

export interface PaceResult {
  ok: boolean;
  /** When not ok: how long until the next request may go. */
  retryInMs: number;
}

export interface SourceHealthStore {
  get(id: string): Promise<SourceState>;
  success(id: string, at: Date): Promise<void>;
  /** Records a failure; with `quiet`, the source rests until `now + quietDurationMs(repeats, retryAfterSec)`. */
  failure(
    id: string,
    failure: SourceFailure,
    quiet?: { now: Date; retryAfterSec?: number },
  ): Promise<SourceState>;
  /** Takes one request from the source's bucket (`perMinute` tokens a minute, burst of `perMinute`). */
  /**
   * Takes one of the source's per-minute tokens. `reserve` tokens are left for others: a background
   * refresh passes half the bucket, so refreshes never take the last requests interactive reports
   * need (issue #33).
   */
  pace(id: string, perMinute: number, now: Date, reserve?: number): Promise<PaceResult>;
}

export function createMemorySourceHealth(): SourceHealthStore {
  const states = new Map<string, SourceState>();
  const buckets = new Map<string, { tokens: number; at: number }>();
  const get = (id: string) => states.get(id) ?? { ...EMPTY_SOURCE_STATE };
  return {
    async get(id) {
      return get(id);
    },
    async success(id, at) {
      states.set(id, {
        ...get(id),
        lastSuccessAt: at.toISOString(),
        repeats: 0,
        failuresInRow: 0,
        quietUntil: null,
      });
    },
    async failure(id, failure, quiet) {
      const cur = get(id);
      const next = afterFailure(cur, failure, quiet);
      states.set(id, next);
      return next;
    },
    async pace(id, perMinute, now, reserve = 0) {
      const t = now.getTime();
      const rate = perMinute / 60_000;
      const b = buckets.get(id) ?? { tokens: perMinute, at: t };
      const tokens = Math.min(perMinute, b.tokens + Math.max(0, t - b.at) * rate);
      if (tokens >= 1 + reserve) {
        buckets.set(id, { tokens: tokens - 1, at: t });
        return { ok: true, retryInMs: 0 };
      }
      buckets.set(id, { tokens, at: t });
      return { ok: false, retryInMs: Math.ceil((1 + reserve - tokens) / rate) };
    },
  };
}

/** Token bucket in one Lua call: KEYS[1] bucket; ARGV now ms, per-minute, ttl ms. Returns {ok, retryInMs}. */
const PACE_SCRIPT = `
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local now = tonumber(ARGV[1]); local cap = tonumber(ARGV[2]); local rate = cap / 60000
local tokens = tonumber(b[1]) or cap; local at = tonumber(b[2]) or now
tokens = math.min(cap, tokens + math.max(0, now - at) * rate)
local reserve = tonumber(ARGV[4]) or 0
local ok = 0; local wait = 0
if tokens >= 1 + reserve then tokens = tokens - 1; ok = 1 else wait = math.ceil((1 + reserve - tokens) / rate) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {ok, wait}`;

/**
 * The shared version: one JSON value per source (read-modify-write under WATCH would be stricter;
 * two instances failing at the same instant both set a quiet period, which is what either wants).
 */
export function createRedisSourceHealth(redis: Redis, opts: { prefix: string }): SourceHealthStore {
  const key = (id: string) => `${opts.prefix}source:${id}`;
  const bucketKey = (id: string) => `${opts.prefix}source-pace:${id}`;
  async function read(id: string): Promise<SourceState> {
    const raw = await redis.get(key(id));
    if (!raw) return { ...EMPTY_SOURCE_STATE };
    try {
      return { ...EMPTY_SOURCE_STATE, ...(JSON.parse(raw) as Partial<SourceState>) };
    } catch {
      return { ...EMPTY_SOURCE_STATE };
    }
  }
  const write = (id: string, state: SourceState) =>
    redis.set(key(id), JSON.stringify(state), "PX", 30 * 24 * 3600 * 1000);
  return {
    get: read,
    async success(id, at) {
      const cur = await read(id);
      await write(id, {
        ...cur,
        lastSuccessAt: at.toISOString(),
        repeats: 0,
        failuresInRow: 0,
        quietUntil: null,
      });
    },
    async failure(id, failure, quiet) {
      const cur = await read(id);
      const next = afterFailure(cur, failure, quiet);
      await write(id, next);
      return next;
    },
    async pace(id, perMinute, now, reserve = 0) {
      const [ok, wait] = (await redis.eval(
        PACE_SCRIPT,
        1,
        bucketKey(id),
        String(now.getTime()),
        String(perMinute),
        String(5 * 60_000),
        String(reserve),
      )) as [number, number];
      return { ok: ok === 1, retryInMs: Number(wait) };
    },
  };
}
