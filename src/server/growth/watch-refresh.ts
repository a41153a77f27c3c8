import { sql } from "drizzle-orm";
import type { Cadence } from "#core/schemas/growth";
import type { Platform } from "#core/schemas/platform";
import type { AppDb } from "../db/database";
import { rowsOf } from "../db/rows";

/**
 * Watched accounts whose newest report is older than their watchlists' cadence (the shortest one
 * when several lists hold the account), less an hour so a daily refresh does not drift later every
 * day. The auto-refresh sweep queues them on the platforms' refresh queues, whose concurrency and
 * rate-limit pauses keep each platform's pace (src/server/jobs).
 */
export async function findDueWatchedAccounts(
  db: AppDb,
  now: Date,
  limit = 5000,
): Promise<{ platform: Platform; username: string; cadence: Cadence }[]> {
  const res = await db.execute(sql`
    select a.platform, a.username, min(case w.cadence when 'daily' then 1 else 7 end) as days
    from watchlist_accounts wa
    join watchlists w on w.id = wa.watchlist_id
    join accounts a on a.id = wa.account_id
    where a.is_sample = false and a.source <> 'web-search'
    group by a.id, a.platform, a.username, a.last_analyzed_at
    having a.last_analyzed_at is null
        or a.last_analyzed_at <= ${now.toISOString()}::timestamptz
           - make_interval(days => min(case w.cadence when 'daily' then 1 else 7 end)) + interval '1 hour'
    order by a.last_analyzed_at nulls first, a.id
    limit ${limit}`);
  return rowsOf<{ platform: Platform; username: string; days: number | string }>(res).map((r) => ({
    platform: r.platform,
    username: r.username,
    cadence: Number(r.days) === 1 ? "daily" : "weekly",
  }));
}
