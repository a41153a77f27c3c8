import { type SQL, sql } from "drizzle-orm";
import { DEFAULT_BENCHMARKS, type InstallationBenchmark } from "#core/engine/benchmarks";
import type { Platform } from "#core/schemas/platform";
import type { AppDb } from "../db/database";
import { rowsOf } from "../db/rows";

/**
 * This installation's own engagement benchmarks (issue #24 item 7, docs/methodology.md "Installation
 * benchmarks"). A nightly run takes the newest stored report of every real account — sample creators
 * and accounts only estimated from web search are left out — and computes p25/p50/p75 of the figure
 * the report compared with its tier band (`metrics.engagement.benchmark.comparedPct`, the band's own
 * basis), per platform × tier. Reports show the median beside the published band from 50 accounts.
 */

/** The engagement tier of a follower count, in SQL, from the tier table the engine uses. */
function tierCase(followers: SQL): SQL {
  const tiers = DEFAULT_BENCHMARKS.engagement.instagram;
  const parts: SQL[] = [sql`case`];
  for (let i = tiers.length - 1; i >= 0; i--)
    parts.push(sql` when ${followers} >= ${tiers[i]!.minFollowers} then ${tiers[i]!.tier}`);
  parts.push(sql` else ${tiers[0]!.tier} end`);
  return sql.join(parts, sql``);
}

export interface BenchmarkRunResult {
  /** Accounts whose newest report has a comparable engagement figure. */
  accounts: number;
  cells: number;
  ranAt: Date;
}

/** Recomputes every cell (cells with no account left are removed) and records the run. */
export async function computeInstallationBenchmarks(db: AppDb, now: Date): Promise<BenchmarkRunResult> {
  const at = now.toISOString();
  const res = await db.execute(sql`
    with latest as (
      select distinct on (r.account_id) a.platform, a.followers,
             (r.report -> 'metrics' -> 'engagement' -> 'benchmark' ->> 'comparedPct')::float8 as pct
      from reports r
      join accounts a on a.id = r.account_id
      where a.is_sample = false and a.source <> 'web-search'
      order by r.account_id, r.created_at desc, r.id desc
    ),
    usable as (
      select platform, ${tierCase(sql`followers`)} as tier, pct
      from latest where pct is not null and pct > 0
    ),
    cells as (
      select platform, tier,
             percentile_cont(0.25) within group (order by pct) as p25,
             percentile_cont(0.5) within group (order by pct) as p50,
             percentile_cont(0.75) within group (order by pct) as p75,
             count(*)::int as n
      from usable group by platform, tier
    ),
    gone as (
      delete from installation_benchmarks b
      where not exists (select 1 from cells c where c.platform = b.platform and c.tier = b.tier)
    ),
    saved as (
      insert into installation_benchmarks (platform, tier, p25, p50, p75, accounts, computed_at)
      select platform, tier, p25, p50, p75, n, ${at}::timestamptz from cells
      on conflict (platform, tier) do update
        set p25 = excluded.p25, p50 = excluded.p50, p75 = excluded.p75,
            accounts = excluded.accounts, computed_at = excluded.computed_at
      returning accounts
    ),
    run as (
      insert into benchmark_runs (id, ran_at, accounts)
      values (1, ${at}::timestamptz, (select coalesce(sum(n), 0)::int from cells))
      on conflict (id) do update set ran_at = excluded.ran_at, accounts = excluded.accounts
      returning accounts
    )
    select (select accounts from run) as accounts, (select count(*)::int from saved) as cells`);
  const row = rowsOf<{ accounts: number | string; cells: number | string }>(res)[0];
  return { accounts: Number(row?.accounts ?? 0), cells: Number(row?.cells ?? 0), ranAt: now };
}

/** Every stored cell (the engine shows the ones with at least 50 accounts). */
export async function loadInstallationBenchmarks(db: AppDb): Promise<InstallationBenchmark[]> {
  const res = await db.execute(sql`
    select platform, tier, p25, p50, p75, accounts, computed_at as "computedAt"
    from installation_benchmarks order by platform, tier`);
  return rowsOf<{
    platform: Platform;
    tier: string;
    p25: number | string;
    p50: number | string;
    p75: number | string;
    accounts: number | string;
    computedAt: Date | string;
  }>(res).map((r) => ({
    platform: r.platform,
    tier: r.tier,
    p25: Number(r.p25),
    p50: Number(r.p50),
    p75: Number(r.p75),
    accounts: Number(r.accounts),
    computedAt: new Date(r.computedAt).toISOString(),
  }));
}

/** The hour (UTC) after which the nightly run is due. */
export const NIGHTLY_HOUR_UTC = 3;

/** The most recent 03:00 UTC at or before `now`. */
export function lastNightlyMark(now: Date): Date {
  const mark = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), NIGHTLY_HOUR_UTC),
  );
  if (mark.getTime() > now.getTime()) mark.setUTCDate(mark.getUTCDate() - 1);
  return mark;
}

/**
 * Runs the computation when it has not run since the last 03:00 UTC (or never ran). Called by the
 * periodic auto-refresh sweep, which one instance of the fleet runs at a time; returns null when not due.
 */
export async function runBenchmarksIfDue(db: AppDb, now: Date): Promise<BenchmarkRunResult | null> {
  const res = await db.execute(sql`select ran_at as "ranAt" from benchmark_runs where id = 1`);
  const last = rowsOf<{ ranAt: Date | string }>(res)[0];
  if (last && new Date(last.ranAt).getTime() >= lastNightlyMark(now).getTime()) return null;
  return computeInstallationBenchmarks(db, now);
}

/** The cells for reports, read at most once a minute per instance (they change nightly). */
export function createBenchmarkCache(db: AppDb, clockMs: () => number = Date.now, ttlMs = 60_000) {
  let cached: { at: number; value: InstallationBenchmark[] } | null = null;
  return {
    async get(): Promise<InstallationBenchmark[]> {
      if (cached && clockMs() - cached.at < ttlMs) return cached.value;
      const value = await loadInstallationBenchmarks(db);
      cached = { at: clockMs(), value };
      return value;
    },
    invalidate() {
      cached = null;
    },
  };
}
