/**
 * A server-wide daily budget of a platform's search calls (issue #35): YouTube's search.list has its
 * own bucket of 100 calls a day per project, reset at midnight Pacific time. One unit is taken,
 * atomically, before each call; a refusal says when the budget resets and no call is made. With
 * REDIS_URL every instance shares one Redis counter (a Lua check-and-add); without it the counter is
 * a row of report_usage (the quota table's atomic INSERT … ON CONFLICT … WHERE count < limit).
 */
import { sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import { secondsUntilPacificMidnight } from "../../collectors/youtube-shared";
import type { AppDb } from "../../db/database";
import { giveBackDailyUnit, takeDailyUnit } from "../../quota/quota-service";

export interface SearchBudget {
  readonly name: string;
  readonly limit: number;
  /** Takes one unit; false with the reset time when today's budget is spent. */
  take(): Promise<{ ok: true } | { ok: false; resetsAt: Date }>;
  /** Gives a unit back (its call was never made). */
  giveBack(): Promise<void>;
  /** Units used today. */
  used(): Promise<number>;
}

/** The budget day: the date in Pacific time (YouTube's quotas reset at its midnight). */
export function pacificDay(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Los_Angeles",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

export function pacificResetAt(now: Date): Date {
  return new Date(now.getTime() + secondsUntilPacificMidnight(now.getTime()) * 1000);
}

const TAKE_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used + 1 > tonumber(ARGV[1]) then return -1 end
local v = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return v`;

export function createSearchBudget(opts: {
  name: string;
  limit: number;
  now: () => Date;
  db: AppDb;
  redis?: Redis;
  redisKeyPrefix?: string;
}): SearchBudget {
  const { name, limit, now } = opts;
  const subject = `budget:${name}`;
  const redisKey = (day: string) => `${opts.redisKeyPrefix ?? ""}budget:${name}:${day}`;
  const redis = opts.redis;
  return {
    name,
    limit,
    async take() {
      const at = now();
      const day = pacificDay(at);
      const ok = redis
        ? Number(await redis.eval(TAKE_SCRIPT, 1, redisKey(day), String(limit), String(2 * 86_400))) > 0
        : await takeDailyUnit(opts.db, subject, day, limit);
      return ok ? { ok: true } : { ok: false, resetsAt: pacificResetAt(at) };
    },
    async giveBack() {
      const day = pacificDay(now());
      if (redis) {
        await redis.eval(
          "if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then return redis.call('DECR', KEYS[1]) end return 0",
          1,
          redisKey(day),
        );
      } else {
        await giveBackDailyUnit(opts.db, subject, day);
      }
    },
    async used() {
      const day = pacificDay(now());
      if (redis) return Number((await redis.get(redisKey(day))) ?? 0);
      const res = (await opts.db.execute(
        sql`select count from report_usage where subject = ${subject} and day = ${day}`,
      )) as unknown as { rows: { count: number }[] };
      return Number(res.rows[0]?.count ?? 0);
    },
  };
}
