/** The finder's exact top-k without scoring every candidate (see findIndexed). */
import { type SQL, sql } from "drizzle-orm";
import { ESTIMATE_FACTOR } from "#core/markets/basis";
import type { DbOrTx } from "../../db/database";
import { countryMask, BOUND_EPS as EPS, float8, int8, queryRows, textArray, w } from "../sql";
import {
  candidateFilters,
  type FinderRow,
  factorsSql,
  findExhaustive,
  sizeFilters,
  TS_CONFIG,
} from "./finder-sql";
import type { FinderPlan } from "./plan";

/** How far the finder's threshold goes down per round (match points). */
const STEP = 10;
/** At most this many keyword subsets in one "at least m keywords" query (else a looser m is used). */
const MAX_SUBSETS = 40;

function subsets<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items;
  return [...subsets(rest, size - 1).map((s) => [first!, ...s]), ...subsets(rest, size)];
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/**
 * The exact top `limit` without scoring every candidate (docs/decisions/003-discovery-matching.md,
 * "Top-k without scoring every candidate"). A row's match is text share (needs the row's tsvector),
 * plus industry and countries (known from the industry and country_bits in the indexes) plus the
 * stored engagement_quality. For a threshold T, the rows that can still reach T are, per group of
 * industries (asked-for, related, other) and number of keywords m, those with at least m keywords
 * (the full-text index) and an engagement quality high enough for the rest (a btree range): only
 * those are read. Thresholds go down from the best possible match until at least `limit` rows
 * reach T; then every row that can be in the answer has been scored, and the reference query ranks
 * exactly those. Null when the criteria cannot be bounded this way (a country without a bit).
 */
export async function findIndexed(db: DbOrTx, plan: FinderPlan, limit: number): Promise<FinderRow[] | null> {
  const { platform, keywords, industries, related, countries, weights, totalWeight } = plan;
  const nk = keywords.length;
  const cMask = countries.length > 0 ? countryMask(countries) : 0n;
  if (cMask === null) return null;
  const size = sizeFilters(plan);
  const where = candidateFilters(plan);
  const { factors, match } = factorsSql(plan);

  interface Group {
    cond: SQL | null;
    fi: number;
    /** Rows of the group are candidates only with at least this many keywords. */
    minLevel: number;
  }
  const groups: Group[] = [];
  if (industries.length > 0) {
    groups.push({ cond: sql`a.industry = any(${textArray(industries)})`, fi: 1, minLevel: 0 });
    if (nk > 0) {
      if (related.length > 0)
        groups.push({ cond: sql`a.industry = any(${textArray(related)})`, fi: 0.5, minLevel: 1 });
      groups.push({
        cond: sql`a.industry <> all(${textArray([...industries, ...related])})`,
        fi: 0,
        minLevel: 1,
      });
    }
  } else {
    groups.push({ cond: null, fi: 0, minLevel: nk > 0 ? 1 : 0 });
  }

  const tsq = (k: string) => sql`plainto_tsquery(${TS_CONFIG}, ${k})`;
  /** A query for rows with at least m of the keywords (looser when the exact one would be too long). */
  const atLeast = (m: number): SQL | null => {
    if (m === 0) return null;
    let level = m;
    while (level > 1 && binomial(nk, level) > MAX_SUBSETS) level--;
    const terms = subsets(keywords, level).map((set) => sql`(${sql.join(set.map(tsq), sql` && `)})`);
    return sql`(${sql.join(terms, sql` || `)})`;
  };
  /** The least engagement quality a row of the group with m keywords (and countries or not) needs for raw score r. */
  const needed = (g: Group, m: number, fc: number, r: number) =>
    (r - (nk > 0 ? (weights.text * m) / nk : 0) - weights.industry * g.fi - weights.countries * fc) /
    weights.engagement;
  const rawOf = (t: number) => ((t - 0.5) * totalWeight) / 100 - EPS;
  // The rows come from the part's own conditions (the planner is not shown the candidate test, which
  // would tempt it into scanning every keyword match); the candidate test then filters them.
  const scoresOf = (conds: SQL[]) =>
    sql`select s.id, ${match} as match from (
          select a.id, ${factors}
          from (
            select * from accounts a
            where ${sql.join([sql`a.platform = ${platform}`, sql`a.is_private = false`, ...size, ...conds], sql` and `)}
            offset 0
          ) a
          where ${sql.join(where, sql` and `)}
          offset 0
        ) s`;
  const fe = sql`a.engagement_quality`;
  // The countries factor from the stored bits: a filter, never a scan of the countries index (whose
  // posting lists for large markets cost more than they save).
  const countriesBand = (fc: number): SQL =>
    fc === 1
      ? sql`(a.located_bits & ${int8(cMask)}) <> 0`
      : fc === 0
        ? sql`(a.country_bits & ${int8(cMask)}) = 0`
        : sql`(a.country_bits & ${int8(cMask)}) <> 0 and (a.located_bits & ${int8(cMask)}) = 0`;
  /**
   * The rows that can reach match t and could not reach `above` (already read): one part per number
   * of keywords m and countries factor, an engagement band per group of industries.
   */
  const region = (t: number, above: number | null): SQL[] => {
    const r = rawOf(t);
    const rAbove = above === null ? null : rawOf(above);
    const parts: SQL[] = [];
    for (let m = 0; m <= nk; m++) {
      const arms: SQL[] = [];
      for (const fc of countries.length > 0 ? [1, ESTIMATE_FACTOR, 0] : [0]) {
        for (const g of groups) {
          if (m < g.minLevel) continue;
          const low = needed(g, m, fc, r);
          let high = m === g.minLevel ? Infinity : needed(g, m - 1, fc, r);
          if (rAbove !== null) high = Math.min(high, needed(g, m, fc, rAbove));
          if (low > 1 || high <= 0 || low >= high) continue;
          const band: SQL[] = [];
          if (g.cond) band.push(g.cond);
          if (low > 0) band.push(sql`${fe} >= ${float8(low)}`);
          if (high !== Infinity) band.push(sql`${fe} < ${float8(high)}`);
          if (countries.length > 0) band.push(countriesBand(fc));
          arms.push(sql`(${sql.join(band, sql` and `)})`);
        }
      }
      if (arms.length === 0) continue;
      const conds: SQL[] = [sql`(${sql.join(arms, sql` or `)})`];
      const text = atLeast(m);
      if (text) conds.push(sql`a.search_tsv @@ ${text}`);
      parts.push(scoresOf(conds));
    }
    return parts;
  };
  // Probes for a first bound: the asked-for industries' rows with the best engagement (and audience).
  const probes: SQL[] = [];
  const probe = (cond: SQL[]) =>
    scoresOf([
      sql`a.id = any(array(select a.id from accounts a where ${sql.join(
        [sql`a.platform = ${platform}`, sql`a.is_private = false`, ...size, ...cond],
        sql` and `,
      )} order by a.engagement_quality desc limit ${w(limit)}))`,
    ]);
  for (const industry of industries) {
    probes.push(probe([sql`a.industry = ${industry}`]));
    if (countries.length > 0) {
      probes.push(probe([sql`a.industry = ${industry}`, sql`(a.country_bits & ${int8(cMask)}) <> 0`]));
    }
  }

  const best = Math.floor(
    ((weights.text +
      weights.industry * Math.max(...groups.map((g) => g.fi)) +
      weights.countries +
      weights.engagement) *
      100) /
      totalWeight +
      0.5,
  );
  // Thresholds go down by STEP (or straight to the `limit`-th best match already seen, which the
  // answer reaches anyway); each round reads only what the previous ones could not reach.
  const scored = new Map<string, number>();
  let t = best;
  let above: number | null = null;
  for (let round = 0; ; round++) {
    const parts = [...region(t, above), ...(round === 0 ? probes : [])];
    if (parts.length > 0) {
      const rows = await queryRows<{ id: number | string; match: number }>(
        db,
        sql.join(parts, sql` union all `),
      );
      for (const row of rows) scored.set(String(row.id), row.match);
    }
    const matches = [...scored.values()].sort((a, b) => b - a);
    if (matches.filter((m) => m >= t).length >= limit || t <= 0) break;
    const floor = matches.length >= limit ? matches[limit - 1]! : 0;
    above = t;
    t = Math.max(floor, t - STEP, 0);
  }
  const matches = [...scored.values()].sort((a, b) => b - a);
  if (matches.length === 0) return [];
  const kth = matches[Math.min(limit, matches.length) - 1]!;
  const ids = [...scored].filter(([, m]) => m >= kth).map(([id]) => id);
  return findExhaustive(db, plan, limit, ids);
}
