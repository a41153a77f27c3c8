import crypto from "node:crypto";
import type { Redis } from "ioredis";

/**
 * Named locks in Redis with a time-to-live (docs/decisions/010-scale-out-locks-and-jobs.md).
 *
 * - acquire: `SET lock token NX PX ttl` — the token is random per acquisition, so only its owner can
 *   renew or release it; a holder that dies stops renewing and the lock expires after `ttl`.
 * - extend / release: Lua scripts that compare the token first (never touch someone else's lock).
 * - release publishes `<name>\n<token>` on the notice channel, so waiters on every instance wake at
 *   once instead of polling; it can leave a "handoff" (a short-lived note of the outcome, tagged with
 *   the token) for the flights that waited on this one.
 */

const ACQUIRE = `
if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return {1, redis.call('get', KEYS[2])}
end
return {0, redis.call('get', KEYS[1])}`;

const EXTEND = `
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0`;

const RELEASE = `
if redis.call('get', KEYS[1]) == ARGV[1] then
  if ARGV[4] ~= '' then
    redis.call('set', KEYS[2], ARGV[4], 'PX', ARGV[5])
  end
  redis.call('del', KEYS[1])
  redis.call('publish', ARGV[2], ARGV[3])
  return 1
end
return 0`;

export type AcquireResult =
  | {
      acquired: true;
      token: string /** The last handoff left under this name, if any. */;
      handoff: string | null;
    }
  | {
      acquired: false /** The current holder's token (null if it was released meanwhile). */;
      holder: string | null;
    };

export interface RedisLocks {
  /** The channel release notices are published on. */
  readonly channel: string;
  acquire(name: string, ttlMs: number): Promise<AcquireResult>;
  /** Renews the lock if `token` still owns it; false when it was lost (expired or taken over). */
  extend(name: string, token: string, ttlMs: number): Promise<boolean>;
  /**
   * Releases the lock if `token` still owns it (true), storing `handoff` (kept `handoffTtlMs`) in the
   * same step, and notifies waiters. False when the lock had already expired: nothing is changed.
   */
  release(name: string, token: string, handoff?: { value: string; ttlMs: number }): Promise<boolean>;
  /** The lock's current token and remaining time (tests and diagnostics). */
  inspect(name: string): Promise<{ token: string | null; pttlMs: number }>;
}

export function createRedisLocks(redis: Redis, opts: { prefix: string }): RedisLocks {
  const lockKey = (name: string) => `${opts.prefix}lock:${name}`;
  const handoffKey = (name: string) => `${opts.prefix}handoff:${name}`;
  const channel = `${opts.prefix}lock-released`;

  return {
    channel,
    async acquire(name, ttlMs) {
      const token = crypto.randomBytes(12).toString("base64url");
      const [ok, value] = (await redis.eval(
        ACQUIRE,
        2,
        lockKey(name),
        handoffKey(name),
        token,
        String(Math.ceil(ttlMs)),
      )) as [number, string | null];
      return ok === 1 ? { acquired: true, token, handoff: value } : { acquired: false, holder: value };
    },
    async extend(name, token, ttlMs) {
      const n = (await redis.eval(EXTEND, 1, lockKey(name), token, String(Math.ceil(ttlMs)))) as number;
      return n === 1;
    },
    async release(name, token, handoff) {
      const n = (await redis.eval(
        RELEASE,
        2,
        lockKey(name),
        handoffKey(name),
        token,
        channel,
        `${name}\n${token}`,
        handoff?.value ?? "",
        String(Math.ceil(handoff?.ttlMs ?? 0)),
      )) as number;
      return n === 1;
    },
    async inspect(name) {
      const [token, pttl] = await Promise.all([redis.get(lockKey(name)), redis.pttl(lockKey(name))]);
      return { token, pttlMs: pttl };
    },
  };
}
