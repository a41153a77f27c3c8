import { sql } from "drizzle-orm";
import type { Cadence } from "#core/schemas/growth";
import type { Platform } from "#core/schemas/platform";
import type { AppDb } from "../db/database";
import { rowsOf } from "../db/rows";

/** Without a configured limit: USER_DAILY_REPORT_LIMIT's default. */
const DEFAULT_PER_USER_PER_DAY = 50;

/**
 * Watched accounts whose newest report is older than their watchlists' cadence (the shortest one
 * when several lists hold the account), less an hour so a daily refresh does not drift later every
 * day. The auto-refresh sweep queues them on the platforms' refresh queues, whose concurrency and
 * rate-limit pauses keep each platform's pace (src/server/jobs).
 *
 * Bounded per user (issue #33, item 6; docs/decisions/030-trust-iii-alerts.md): each owner's
 * watched accounts are ranked (daily lists first, then the order they were added); the first
 * `perUserPerDay` (USER_DAILY_REPORT_LIMIT) keep a daily cadence, up to 7 × that many are
 * refreshed weekly, and the rest are not refreshed for that owner (their stored figures still
 * show). So one user's lists cost at most about twice their daily report limit in upstream fetches
 * a day, however many lists and accounts they keep; an account several users watch counts for
 * each and is refreshed at the best cadence any of them earns.
 */
export async function findDueWatchedAccounts(
  db: AppDb,
  now: Date,
  opts: { perUserPerDay?: number; limit?: number } = {},
): Promise<{ platform: Platform; username: string; cadence: Cadence }[]> {
  const perDay = Math.max(0, opts.perUserPerDay ?? DEFAULT_PER_USER_PER_DAY);
  const res = await db.execute(sql`
    with entries as (
      select w.user_id, wa.account_id,
             min(case w.cadence when 'daily' then 1 else 7 end) as days,
             min(wa.added_at) as added
      from watchlist_accounts wa
      join watchlists w on w.id = wa.watchlist_id
      join accounts a on a.id = wa.account_id
      where a.is_sample = false and a.source <> 'web-search'
      group by w.user_id, wa.account_id
    ), ranked as (
      select account_id, days,
             row_number() over (partition by user_id order by days, added, account_id) as n
      from entries
    ), earned as (
      select account_id,
             case when days = 1 and n <= ${perDay} then 1 when n <= ${perDay * 7} then 7 end as days
      from ranked
    )
    select a.platform, a.username, min(e.days) as days
    from earned e
    join accounts a on a.id = e.account_id
    where e.days is not null
    group by a.id, a.platform, a.username, a.last_analyzed_at
    having a.last_analyzed_at is null
        or a.last_analyzed_at <= ${now.toISOString()}::timestamptz
           - make_interval(days => min(e.days)) + interval '1 hour'
    order by a.last_analyzed_at nulls first, a.id
    limit ${opts.limit ?? 5000}`);
  return rowsOf<{ platform: Platform; username: string; days: number | string }>(res).map((r) => ({
    platform: r.platform,
    username: r.username,
    cadence: Number(r.days) === 1 ? "daily" : "weekly",
  }));
}
