/**
 * The finder's SQL: hard filters, the candidate test, the per-row factors and the reference query
 * that scores every candidate (the indexed search in top-k.ts must answer exactly the same).
 */
import { type SQL, sql } from "drizzle-orm";
import { ENGAGEMENT_LEVEL_QUALITY } from "#core/discovery/match";
import { ESTIMATE_FACTOR } from "#core/markets/basis";
import type { DbOrTx } from "../../db/database";
import { INDEX_COLUMNS, type IndexRow } from "../rows";
import { engagementQualitySql, float8, queryRows, textArray, w } from "../sql";
import type { FinderPlan } from "./plan";

/** The text-search configuration of accounts.search_tsv (see the decision record). */
export const TS_CONFIG = sql.raw("'english'::regconfig");

/** A finder row: the account's display columns, its match and factors, the keywords it matched. */
export interface FinderRow extends IndexRow {
  id: number | string;
  match: number;
  ft: number;
  fi: number;
  fc: number;
  hits: string[] | null;
  name_hits: string[] | null;
}

/** The size filters of a plan, for the row aliased `a`. */
export function sizeFilters(plan: FinderPlan): SQL[] {
  const size: SQL[] = [];
  if (plan.followerMin !== undefined) size.push(sql`a.followers >= ${plan.followerMin}`);
  if (plan.followerMax !== undefined) size.push(sql`a.followers <= ${plan.followerMax}`);
  // The engagement level: the stored engagement quality is 0.5 at the bottom of the tier's typical
  // band and 0.75 at its top (src/core/discovery/match.ts engagementQuality).
  const [low, high] = ENGAGEMENT_LEVEL_QUALITY;
  if (plan.engagementLevel === "High") size.push(sql`a.engagement_quality >= ${float8(high)}`);
  if (plan.engagementLevel === "Medium") {
    size.push(sql`a.engagement_quality >= ${float8(low)} and a.engagement_quality < ${float8(high)}`);
  }
  if (plan.engagementLevel === "Low") {
    size.push(sql`a.engagement_quality > 0::float8 and a.engagement_quality < ${float8(low)}`);
  }
  return size;
}

/** Any keyword (websearch syntax "a or b"; the words are letters and digits only). */
export function anyQuery(plan: FinderPlan): SQL {
  return sql`websearch_to_tsquery(${TS_CONFIG}, ${plan.keywords.join(" or ")})`;
}

/** The hard filters and the candidate test of the reference query, for the row aliased `a`. */
export function candidateFilters(plan: FinderPlan): SQL[] {
  const { platform, keywords, industries, countries } = plan;
  const size = sizeFilters(plan);
  const where: SQL[] = [sql`a.platform = ${platform}`, sql`a.is_private = false`, ...size];
  // Candidates: bios or names with any keyword (GIN on search_tsv) or accounts of an asked-for
  // industry (btree on platform, industry, followers — the arm repeats the platform and size so the
  // planner can OR the two index scans). Related industries only score; they do not widen the set.
  const candidates: SQL[] = [];
  if (keywords.length > 0) candidates.push(sql`a.search_tsv @@ ${anyQuery(plan)}`);
  if (industries.length > 0) {
    candidates.push(
      sql`(${sql.join([sql`a.platform = ${platform}`, sql`a.industry = any(${textArray(industries)})`, ...size], sql` and `)})`,
    );
  }
  if (candidates.length === 0 && countries.length > 0)
    candidates.push(sql`a.countries && ${textArray(countries)}`);
  if (candidates.length > 0) where.push(sql`(${sql.join(candidates, sql` or `)})`);
  return where;
}

/** The per-row factors (columns ft, fi, fc, fe of a fenced subquery over `a`) and the match of `s`. */
export function factorsSql(plan: FinderPlan): { factors: SQL; match: SQL } {
  const {
    platform,
    keywords,
    industries,
    related,
    countries,
    followerMin,
    followerMax,
    weights,
    totalWeight,
  } = plan;
  const keywordHits = keywords.map((k) => sql`(a.search_tsv @@ plainto_tsquery(${TS_CONFIG}, ${k}))::int`);
  const ft =
    keywords.length > 0
      ? sql`(${sql.join(keywordHits, sql` + `)})::float8 / ${w(keywords.length)}`
      : sql`0::float8`;
  const fi =
    industries.length > 0
      ? sql`(case when a.industry = any(${textArray(industries)}) then 1 when a.industry = any(${textArray(related)}) then 0.5 else 0 end)::float8`
      : sql`0::float8`;
  // Countries: full points when a location signal backs one, ESTIMATE_FACTOR when only an estimate does.
  const fc =
    countries.length > 0
      ? sql`(case when a.located_countries && ${textArray(countries)} then 1::float8 when a.countries && ${textArray(countries)} then ${float8(ESTIMATE_FACTOR)} else 0::float8 end)`
      : sql`0::float8`;
  const fe = engagementQualitySql(platform, followerMin ?? 0, followerMax ?? Infinity);
  return {
    factors: sql`${ft} as ft, ${fi} as fi, ${fc} as fc, ${fe} as fe`,
    match: sql`floor((${w(weights.text)} * s.ft + ${w(weights.industry)} * s.fi + ${w(weights.countries)} * s.fc + ${w(weights.engagement)} * s.fe) * 100 / ${w(totalWeight)} + 0.5)::int`,
  };
}

/**
 * The reference: every candidate scored (text, industry, countries, engagement) and ranked, the best
 * `limit` returned with what they matched. `ids` narrows the rows it looks at (the indexed search
 * passes the ones that can still be in the answer, so both rank with exactly the same SQL).
 */
export async function findExhaustive(
  db: DbOrTx,
  plan: FinderPlan,
  limit: number,
  ids?: readonly string[],
): Promise<FinderRow[]> {
  const { keywords } = plan;
  const { factors, match } = factorsSql(plan);
  const rank = keywords.length > 0 ? sql`ts_rank_cd(a.search_tsv, ${anyQuery(plan)})` : sql`0::real`;
  const hitList = (vector: SQL) =>
    keywords.length > 0
      ? sql`array(select k from unnest(${textArray(keywords)}) with ordinality as u(k, i) where ${vector} @@ plainto_tsquery(${TS_CONFIG}, k) order by i)`
      : sql`'{}'::text[]`;
  return queryRows<FinderRow>(
    db,
    sql`
    select t.id, t.match, t.ft, t.fi, t.fc,
           ${INDEX_COLUMNS},
           ${hitList(sql`a.search_tsv`)} as hits,
           ${hitList(sql`to_tsvector(${TS_CONFIG}, a.name)`)} as name_hits
    from (
      select s.*, ${match} as match
      from (
        select a.id, a.engagement_rate as er, a.followers as fol, ${rank} as rank, ${factors}
        from ${ids ? sql`(select * from accounts a where a.id = any(${sql.param(ids)}::bigint[]) offset 0)` : sql`accounts`} a
        where ${sql.join(candidateFilters(plan), sql` and `)}
        offset 0 -- a fence: each factor is computed once per row, not again inside the score
      ) s
      order by match desc, s.rank desc, s.er desc nulls last, s.fol desc, s.id
      limit ${limit}
    ) t
    join accounts a on a.id = t.id
    order by t.match desc, t.rank desc, t.er desc nulls last, t.fol desc, t.id`,
  );
}
