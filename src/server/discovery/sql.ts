/**
 * SQL twins of the pure match factors in src/core/discovery/match.ts, so ranking happens in the
 * database over every candidate while the same constants explain each returned row. Constants are
 * inlined as literals (they come from code, never from a request); request values are parameters.
 * Only SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  ENGAGEMENT_BANDS,
  ENGAGEMENT_TIER_MINS,
  engagementTier,
  FIT_CORE,
  FIT_SLOPE,
  FOLLOWER_FIT_BAND,
  GLOBAL_MIN_REGIONS,
  GLOBAL_REGIONS,
  type ResolvedTarget,
} from "../../core/discovery/match";
import type { FollowerRange } from "../../core/schemas/discovery";
import type { Platform } from "../../core/schemas/platform";

/** A number as an SQL double literal (code constants only). */
function num(n: number): SQL {
  if (!Number.isFinite(n)) throw new Error(`not a finite constant: ${n}`);
  return sql.raw(`${n}::float8`);
}

/** A request-supplied list of strings as one text[] parameter. */
export function textArray(values: readonly string[]): SQL {
  return sql`${sql.param([...values])}::text[]`;
}

/**
 * engagementQuality(platform, followers, rate) for the row aliased `a`: one CASE over the follower
 * tiers, each a piecewise-linear CASE over literals (cheaper per row than array look-ups). Only the
 * tiers that [minFollowers, maxFollowers] reaches are written out (the query filters on them).
 */
export function engagementQualitySql(platform: Platform, minFollowers = 0, maxFollowers = Infinity): SQL {
  const r = "a.engagement_rate::float8";
  const piece = ([low, high, exc]: readonly [number, number, number]) =>
    `case when ${r} < ${low} then ${0.5 / low} * ${r}` +
    ` when ${r} < ${high} then 0.5 + ${0.25 / (high - low)} * (${r} - ${low})` +
    ` when ${r} < ${exc} then 0.75 + ${0.25 / (exc - high)} * (${r} - ${high})` +
    " else 1::float8 end";
  const bands = ENGAGEMENT_BANDS[platform];
  for (const band of bands) for (const v of band) if (!Number.isFinite(v)) throw new Error(`bad band ${v}`);
  const first = engagementTier(minFollowers);
  const last = Math.max(first, engagementTier(Math.min(maxFollowers, Number.MAX_SAFE_INTEGER)));
  const tiers = [];
  for (let i = first; i < last; i++) {
    tiers.push(`when a.followers < ${ENGAGEMENT_TIER_MINS[i + 1]} then ${piece(bands[i]!)}`);
  }
  return sql.raw(
    "(case when a.engagement_rate is null or not (a.engagement_rate > 0 and a.engagement_rate < 'Infinity'::real) then 0::float8 " +
      `${tiers.join(" ")} else ${piece(bands[last]!)} end)`,
  );
}

/** followerFit(followers, range) for the row aliased `a`. */
export function followerFitSql(range: FollowerRange): SQL {
  const [lo, hi] = FOLLOWER_FIT_BAND[range];
  const l0 = Math.log10(lo);
  const span = Math.log10(hi) - l0;
  const p = sql`((log(greatest(a.followers, 1)::float8) - ${num(l0)}) / ${num(span)})`;
  return sql`greatest(0::float8, 1 - ${num(FIT_SLOPE)} * greatest(0::float8, ${num(FIT_CORE[0])} - ${p}, ${p} - ${num(FIT_CORE[1])}))`;
}

/** Number of GLOBAL_REGIONS the row's countries touch is at least GLOBAL_MIN_REGIONS. */
export function globalSql(): SQL {
  const parts = GLOBAL_REGIONS.map((region) => sql`(a.countries && ${textArray(region)})::int`);
  return sql`((${sql.join(parts, sql` + `)}) >= ${sql.raw(String(GLOBAL_MIN_REGIONS))})`;
}

/** coversTarget(countries, target) for the row aliased `a`. */
export function coversTargetSql(target: ResolvedTarget): SQL {
  return target.global ? globalSql() : sql`(a.countries && ${textArray(target.countries)})`;
}

/** Runs a raw query and returns its rows (both drivers answer `{ rows }`). */
export async function rowsOf<T>(
  db: { execute: (query: SQL) => PromiseLike<unknown> },
  query: SQL,
): Promise<T[]> {
  const res = (await db.execute(query)) as { rows: T[] };
  return res.rows;
}
