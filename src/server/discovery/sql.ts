/**
 * SQL twins of the pure match factors in src/core/discovery/match.ts, so ranking happens in the
 * database over every candidate while the same constants explain each returned row. Constants are
 * inlined as literals (they come from code, never from a request); request values are parameters.
 * Only SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  DISCOVERY_WEIGHTS,
  ENGAGEMENT_BANDS,
  ENGAGEMENT_CAP_MULTIPLE,
  ENGAGEMENT_TIER_MINS,
  EXCEPTIONAL_QUALITY,
  engagementTier,
  FIT_PEAK,
  FIT_SLOPE,
  FOLLOWER_FIT_BAND,
  FOLLOWER_RANGE_FILTER,
  GLOBAL_MIN_REGIONS,
  GLOBAL_REGIONS,
  type ResolvedTarget,
} from "#core/discovery/match";
import { ESTIMATE_FACTOR } from "#core/markets/basis";
import { FOLLOWER_RANGES, type FollowerRange } from "#core/schemas/discovery";
import { PLATFORMS, type Platform } from "#core/schemas/platform";
import { COUNTRIES } from "#core/taxonomy";
import { rowsOf } from "../db/rows";

/** A number as an SQL double literal (code constants only). */
function num(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`not a finite constant: ${n}`);
  return `${n}::float8`;
}

/** Slack for floating-point rounding in the indexed searches' match bounds: they may only err upwards. */
export const BOUND_EPS = 1e-6;

/** A weight or other constant from code as an SQL literal (no parameter: the planner sees it). */
export function w(n: number): SQL {
  return sql.raw(String(n));
}

/** A finite float constant from code as an SQL float8 literal. */
export function float8(n: number): SQL {
  return sql.raw(num(n));
}

/** A bigint constant as an SQL literal (country masks come from code and validated targets). */
export function int8(n: bigint): SQL {
  return sql.raw(`${n}::int8`);
}

/** A request-supplied list of strings as one text[] parameter. */
export function textArray(values: readonly string[]): SQL {
  return sql`${sql.param([...values])}::text[]`;
}

/** How a generated expression names a column of accounts: `a.x` in queries, `"x"` in column definitions. */
export type ColumnRef = (column: string) => string;
export const ALIASED: ColumnRef = (column) => `a.${column}`;
export const BARE: ColumnRef = (column) => `"${column}"`;
/** BARE, with `countries` read as `located_countries` (the located_bits column is country_bits of those). */
export const LOCATED_REF: ColumnRef = (column) =>
  column === "countries" ? '"located_countries"' : `"${column}"`;

/** An SQL string literal (code constants only). */
function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * engagementQuality(platform, followers, rate) as SQL text: one CASE over the follower tiers, each a
 * piecewise-linear CASE over literals (cheaper per row than array look-ups). Only the tiers that
 * [minFollowers, maxFollowers] reaches are written out (a query filters on them); the value is the
 * same for every row in that span, whichever span is written.
 */
export function engagementQualityText(
  platform: Platform,
  minFollowers = 0,
  maxFollowers = Infinity,
  ref: ColumnRef = ALIASED,
): string {
  const rate = ref("engagement_rate");
  const followers = ref("followers");
  const r = `${rate}::float8`;
  const piece = ([low, high, exc]: readonly [number, number, number]) => {
    const cap = ENGAGEMENT_CAP_MULTIPLE * exc;
    return (
      `case when ${r} < ${low} then ${0.5 / low} * ${r}` +
      ` when ${r} < ${high} then 0.5 + ${0.25 / (high - low)} * (${r} - ${low})` +
      ` when ${r} < ${exc} then 0.75 + ${(EXCEPTIONAL_QUALITY - 0.75) / (exc - high)} * (${r} - ${high})` +
      ` when ${r} < ${cap} then ${EXCEPTIONAL_QUALITY} + ${(1 - EXCEPTIONAL_QUALITY) / (cap - exc)} * (${r} - ${exc})` +
      " else 1::float8 end"
    );
  };
  const bands = ENGAGEMENT_BANDS[platform];
  for (const band of bands) for (const v of band) if (!Number.isFinite(v)) throw new Error(`bad band ${v}`);
  const first = engagementTier(minFollowers);
  const last = Math.max(first, engagementTier(Math.min(maxFollowers, Number.MAX_SAFE_INTEGER)));
  const tiers = [];
  for (let i = first; i < last; i++) {
    tiers.push(`when ${followers} < ${ENGAGEMENT_TIER_MINS[i + 1]} then ${piece(bands[i]!)}`);
  }
  return (
    `(case when ${rate} is null or not (${rate} > 0 and ${rate} < 'Infinity'::real) then 0::float8 ` +
    `${tiers.join(" ")} else ${piece(bands[last]!)} end)`
  );
}

/** engagementQuality(platform, followers, rate) for the row aliased `a` (see engagementQualityText). */
export function engagementQualitySql(platform: Platform, minFollowers = 0, maxFollowers = Infinity): SQL {
  return sql.raw(engagementQualityText(platform, minFollowers, maxFollowers));
}

/** followerFit(followers, range) as SQL text. */
export function followerFitText(range: FollowerRange, ref: ColumnRef = ALIASED): string {
  const [lo, hi] = FOLLOWER_FIT_BAND[range];
  const l0 = Math.log10(lo);
  const span = Math.log10(hi) - l0;
  const p = `((log(greatest(${ref("followers")}, 1)::float8) - ${num(l0)}) / ${num(span)})`;
  const d = `abs(${p} - ${num(FIT_PEAK)})`;
  return `greatest(0::float8, 1 - ${d} - ${num(FIT_SLOPE - 1)} * greatest(0::float8, ${d} - ${num(FIT_PEAK)}))`;
}

/** followerFit(followers, range) for the row aliased `a`. */
export function followerFitSql(range: FollowerRange): SQL {
  return sql.raw(followerFitText(range));
}

/** The row's countries, or only those a location signal backs (src/core/markets/basis.ts). */
export type CountriesColumn = "countries" | "located_countries";

/** Number of GLOBAL_REGIONS the row's countries touch is at least GLOBAL_MIN_REGIONS. */
export function globalSql(column: CountriesColumn = "countries"): SQL {
  const col = sql.raw(`a.${column}`);
  const parts = GLOBAL_REGIONS.map((region) => sql`(${col} && ${textArray(region)})::int`);
  return sql`((${sql.join(parts, sql` + `)}) >= ${sql.raw(String(GLOBAL_MIN_REGIONS))})`;
}

/** coversTarget(countries, target) for the row aliased `a`. */
export function coversTargetSql(target: ResolvedTarget, column: CountriesColumn = "countries"): SQL {
  return target.global
    ? globalSql(column)
    : sql`(${sql.raw(`a.${column}`)} && ${textArray(target.countries)})`;
}

/**
 * marketStrength(…) of one target for the row aliased `a`, from the arrays: 1 when a location signal
 * backs it, ESTIMATE_FACTOR when only an estimate covers it, else 0 (a float8).
 */
export function targetStrengthSql(target: ResolvedTarget): SQL {
  return sql`(case when ${coversTargetSql(target, "located_countries")} then 1::float8 when ${coversTargetSql(target)} then ${float8(ESTIMATE_FACTOR)} else 0::float8 end)`;
}

/** The same from the stored bits (`mask` as targetMask gives it). */
export function maskStrengthSql(mask: bigint, alias: "a" | "p" = "a"): SQL {
  const t = sql.raw(alias);
  return sql`(case when (${t}.located_bits & ${int8(mask)}) <> 0 then 1::float8 when (${t}.country_bits & ${int8(mask)}) <> 0 then ${float8(ESTIMATE_FACTOR)} else 0::float8 end)`;
}

// ---------------------------------------------------------------------------------------------
// The request-independent parts of the match, stored on accounts as generated columns (migration
// 0005_discovery_stored_factors). The column definitions in schema.ts are these texts; a test
// (stored-factors.test.ts) checks that the database's columns are still exactly what the constants
// of match.ts and the taxonomy generate, so changing a constant without a migration fails CI.

/** The spec's follower ranges in order: they partition followers, so a row's range is its bucket. */
export function followerBucketOf(followers: number): number {
  return FOLLOWER_RANGES.findIndex((range) => {
    const { min, max } = FOLLOWER_RANGE_FILTER[range];
    return (min === null || followers >= min) && (max === null || followers < max);
  });
}

function checkRangesPartition(): void {
  let previous: number | null = null;
  FOLLOWER_RANGES.forEach((range, i) => {
    const { min, max } = FOLLOWER_RANGE_FILTER[range];
    if (min !== previous || (max === null) !== (i === FOLLOWER_RANGES.length - 1)) {
      throw new Error(
        "the follower ranges no longer partition followers: the stored bucket needs rethinking",
      );
    }
    previous = max;
  });
}

/** follower_bucket: the index in FOLLOWER_RANGES of the range the row's followers fall in. */
export function followerBucketText(ref: ColumnRef = BARE): string {
  checkRangesPartition();
  const whens = FOLLOWER_RANGES.slice(0, -1).map(
    (range, i) => `when ${ref("followers")} < ${FOLLOWER_RANGE_FILTER[range].max} then ${i}`,
  );
  return `(case ${whens.join(" ")} else ${FOLLOWER_RANGES.length - 1} end)::smallint`;
}

/** follower_fit: followerFit(followers, the row's own range), the same SQL discovery ranks with. */
export function storedFollowerFitText(ref: ColumnRef = BARE): string {
  checkRangesPartition();
  const whens = FOLLOWER_RANGES.slice(0, -1).map(
    (range) =>
      `when ${ref("followers")} < ${FOLLOWER_RANGE_FILTER[range].max} then ${followerFitText(range, ref)}`,
  );
  return `(case ${whens.join(" ")} else ${followerFitText(FOLLOWER_RANGES[FOLLOWER_RANGES.length - 1]!, ref)} end)`;
}

/** engagement_quality: engagementQuality(platform, followers, rate) over every tier. */
export function storedEngagementQualityText(ref: ColumnRef = BARE): string {
  const whens = PLATFORMS.map((p) => `when ${literal(p)} then ${engagementQualityText(p, 0, Infinity, ref)}`);
  return `(case ${ref("platform")} ${whens.join(" ")} else 0::float8 end)`;
}

/**
 * discovery_base_match: the match % of a discovery search with any industry and no market (only
 * follower fit and engagement quality apply), as the search computes it. It orders the ranking
 * indexes: exactly the ranking for such searches, and a tight bound of the rest of the score for others.
 */
export function baseMatchText(ref: ColumnRef = BARE): string {
  const { followers: wf, engagement: we } = DISCOVERY_WEIGHTS;
  return `floor((${wf} * ${storedFollowerFitText(ref)} + ${we} * ${storedEngagementQualityText(ref)}) * 100 / ${wf + we} + 0.5)::smallint`;
}

/** The countries that have a bit in country_bits (the taxonomy's, each once), bit i = 2^i. */
export const COUNTRY_BIT_NAMES: readonly string[] = [...new Set(COUNTRIES)];
/** The bit set when the audience is "global" (at least GLOBAL_MIN_REGIONS regions). */
export const GLOBAL_BIT = 2n ** BigInt(COUNTRY_BIT_NAMES.length);
if (COUNTRY_BIT_NAMES.length > 62) throw new Error("too many countries for a bigint country_bits");

/**
 * country_bits: one bit per taxonomy country the audience reaches, plus GLOBAL_BIT. Every target a
 * request can name resolves to taxonomy countries (or "global"), so coverage is a bit test.
 */
export function countryBitsText(ref: ColumnRef = BARE): string {
  const countries = ref("countries");
  const terms = COUNTRY_BIT_NAMES.map(
    (c, i) => `case when ${literal(c)} = any(${countries}) then ${2n ** BigInt(i)}::int8 else 0::int8 end`,
  );
  const regions = GLOBAL_REGIONS.map(
    (region) => `(${countries} && array[${region.map(literal).join(", ")}]::text[])::int`,
  );
  terms.push(
    `case when (${regions.join(" + ")}) >= ${GLOBAL_MIN_REGIONS} then ${GLOBAL_BIT}::int8 else 0::int8 end`,
  );
  return `(${terms.join(" + ")})`;
}

/** The bits of these countries, or null when one has no bit (then only the exhaustive query is exact). */
export function countryMask(countries: readonly string[]): bigint | null {
  let mask = 0n;
  for (const c of countries) {
    const i = COUNTRY_BIT_NAMES.indexOf(c);
    if (i < 0) return null;
    mask |= 2n ** BigInt(i);
  }
  return mask;
}

/** The bits a target is covered by (any of them set). */
export function targetMask(target: ResolvedTarget): bigint | null {
  return target.global ? GLOBAL_BIT : countryMask(target.countries);
}

/** Runs a raw query and returns its rows (db/rows.ts `rowsOf` reads them from either driver's answer). */
export async function queryRows<T>(
  db: { execute: (query: SQL) => PromiseLike<unknown> },
  query: SQL,
): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}
