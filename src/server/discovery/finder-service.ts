/**
 * The account finder (spec §2 "Account-finder screen"): a description becomes criteria
 * (src/core/discovery/interpret.ts), candidates come from the full-text index and the industry
 * index, and each is scored on text, industry, countries and engagement
 * (docs/decisions/003-discovery-matching.md). Follower sizes are hard filters.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  type DescriptionExtractor,
  foldText,
  interpretDescription,
  sizeLabel,
  tokenize,
} from "../../core/discovery/interpret";
import { STOP_WORDS } from "../../core/discovery/lexicon";
import {
  engagementQuality,
  formatEngagementRate,
  relatedIndustries,
  trimDescription,
} from "../../core/discovery/match";
import { isModelFigures } from "../../core/model-figures";
import type {
  FinderCriteria,
  FinderRequest,
  FinderResponse,
  FinderResult,
  Interpretation,
} from "../../core/schemas/discovery";
import type { Platform } from "../../core/schemas/platform";
import type { DbOrTx } from "../db/database";
import {
  countryMask,
  BOUND_EPS as EPS,
  engagementQualitySql,
  float8,
  int8,
  rowsOf,
  textArray,
  w,
} from "./sql";

/** Finder weights (points out of 100 when every criterion applies). */
export const FINDER_WEIGHTS = { text: 40, industry: 30, countries: 20, engagement: 10 } as const;

/** The text-search configuration of accounts.search_tsv (see the decision record). */
const TS_CONFIG = sql.raw("'english'::regconfig");

export interface FinderService {
  find(request: FinderRequest): Promise<FinderResponse>;
}

export interface FinderServiceDeps {
  db: DbOrTx;
  /** A model-based description extractor (the AI writer); the lexicon is used without one. */
  extractor?: DescriptionExtractor;
}

export interface Row {
  id: number | string;
  match: number;
  ft: number;
  fi: number;
  fc: number;
  username: string;
  platform: string;
  name: string;
  verified: boolean;
  followers: number | string;
  industry: string;
  bio: string;
  engagement_rate: number | null;
  countries: string[] | null;
  is_sample: boolean;
  /** The newest report's source ("web-search": the model's estimate). */
  source: string;
  hits: string[] | null;
  name_hits: string[] | null;
}

export function createFinderService(deps: FinderServiceDeps): FinderService {
  return {
    async find(request) {
      const interpretedAs = request.criteria
        ? interpretationFromCriteria(request.criteria)
        : await interpretDescription(request.description, request.platform, {
            extractor: deps.extractor,
          });
      const results = await search(deps.db, request.platform, interpretedAs, request.limit);
      return { results, interpretedAs };
    },
  };
}

/**
 * The criteria a user edited (chips removed, changed or added), as the interpretation to search with
 * and to show. Values are already checked against the vocabularies by the request schema; words the
 * full-text index never holds (stop words) are dropped so no keyword becomes an empty query.
 */
export function interpretationFromCriteria(criteria: FinderCriteria): Interpretation {
  const notes: string[] = [];
  const keywords: string[] = [];
  const dropped: string[] = [];
  for (const keyword of criteria.keywords) {
    const words = tokenize(foldText(keyword));
    const word = words.length === 1 ? words[0]! : null;
    if (!word || STOP_WORDS.has(word)) dropped.push(keyword);
    else if (!keywords.includes(word)) keywords.push(word);
  }
  if (dropped.length > 0) {
    notes.push(`Too common to search for: ${dropped.map((k) => `“${k}”`).join(", ")}.`);
  }
  const interpretation: Interpretation = {
    industries: criteria.industries,
    countries: criteria.countries,
    languages: [],
    keywords,
    platforms: [],
    notes,
    source: "edited",
  };
  if (criteria.followerMin !== undefined && criteria.followerMin > 0) {
    interpretation.followerMin = criteria.followerMin;
  }
  if (criteria.followerMax !== undefined) interpretation.followerMax = criteria.followerMax;
  const searchable =
    interpretation.industries.length + interpretation.countries.length + keywords.length > 0 ||
    interpretation.followerMin !== undefined ||
    interpretation.followerMax !== undefined;
  if (!searchable) notes.push("Nothing to search for: add an industry, a country, a keyword or a size.");
  return interpretation;
}

/** A finder search resolved: the criteria, the related industries, the weights that apply. */
export interface FinderPlan {
  platform: Platform;
  keywords: string[];
  industries: string[];
  /** Related to an asked-for industry and not asked for: half the industry points. */
  related: string[];
  countries: string[];
  followerMin?: number;
  followerMax?: number;
  weights: { text: number; industry: number; countries: number; engagement: number };
  totalWeight: number;
}

/** The plan of a search, or null when the criteria leave nothing to search for. */
export function finderPlan(platform: Platform, criteria: Interpretation): FinderPlan | null {
  const { keywords, industries, countries, followerMin, followerMax } = criteria;
  const related = [...new Set(industries.flatMap((i) => relatedIndustries(i)))].filter(
    (i) => !industries.includes(i),
  );
  const hasSize = followerMin !== undefined || followerMax !== undefined;
  if (keywords.length + industries.length + countries.length === 0 && !hasSize) return null;
  const weights = {
    text: keywords.length > 0 ? FINDER_WEIGHTS.text : 0,
    industry: industries.length > 0 ? FINDER_WEIGHTS.industry : 0,
    countries: countries.length > 0 ? FINDER_WEIGHTS.countries : 0,
    engagement: FINDER_WEIGHTS.engagement,
  };
  const totalWeight = weights.text + weights.industry + weights.countries + weights.engagement;
  return {
    platform,
    keywords,
    industries,
    related,
    countries,
    followerMin,
    followerMax,
    weights,
    totalWeight,
  };
}

async function search(
  db: DbOrTx,
  platform: Platform,
  criteria: Interpretation,
  limit: number,
): Promise<FinderResult[]> {
  const plan = finderPlan(platform, criteria);
  if (!plan) return [];
  const rows = (await findIndexed(db, plan, limit)) ?? (await findExhaustive(db, plan, limit));
  return rows.map((r) => finderResultOf(r, plan));
}

/** The size filters of a plan, for the row aliased `a`. */
function sizeFilters(plan: FinderPlan): SQL[] {
  const size: SQL[] = [];
  if (plan.followerMin !== undefined) size.push(sql`a.followers >= ${plan.followerMin}`);
  if (plan.followerMax !== undefined) size.push(sql`a.followers <= ${plan.followerMax}`);
  return size;
}

/** Any keyword (websearch syntax "a or b"; the words are letters and digits only). */
function anyQuery(plan: FinderPlan): SQL {
  return sql`websearch_to_tsquery(${TS_CONFIG}, ${plan.keywords.join(" or ")})`;
}

/** The hard filters and the candidate test of the reference query, for the row aliased `a`. */
function candidateFilters(plan: FinderPlan): SQL[] {
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
function factorsSql(plan: FinderPlan): { factors: SQL; match: SQL } {
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
  const fc =
    countries.length > 0 ? sql`(a.countries && ${textArray(countries)})::int::float8` : sql`0::float8`;
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
): Promise<Row[]> {
  const { keywords } = plan;
  const { factors, match } = factorsSql(plan);
  const rank = keywords.length > 0 ? sql`ts_rank_cd(a.search_tsv, ${anyQuery(plan)})` : sql`0::real`;
  const hitList = (vector: SQL) =>
    keywords.length > 0
      ? sql`array(select k from unnest(${textArray(keywords)}) with ordinality as u(k, i) where ${vector} @@ plainto_tsquery(${TS_CONFIG}, k) order by i)`
      : sql`'{}'::text[]`;
  return rowsOf<Row>(
    db,
    sql`
    select t.id, t.match, t.ft, t.fi, t.fc,
           a.username, a.platform, a.name, a.verified, a.followers, a.industry, a.bio,
           a.engagement_rate, a.countries, a.is_sample, a.source,
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

function finderResultOf(r: Row, plan: FinderPlan): FinderResult {
  const { industries, countries, followerMin, followerMax } = plan;
  const sizeText = sizeLabel(followerMin, followerMax);
  const followers = Number(r.followers);
  const rowCountries = r.countries ?? [];
  const rowPlatform = r.platform as Platform;
  const reasons: string[] = [];
  const nameHits = r.name_hits ?? [];
  for (const k of r.hits ?? []) reasons.push(`${nameHits.includes(k) ? "Name" : "Bio"} mentions “${k}”`);
  if (Number(r.fi) === 1) reasons.push(`${r.industry} creator`);
  else if (Number(r.fi) > 0) reasons.push(`${r.industry}, related to ${industries.join(" / ")}`);
  const inCountries = rowCountries.filter((c) => countries.includes(c));
  if (inCountries.length > 0) {
    const shown = inCountries.slice(0, 3).join(", ");
    reasons.push(`Audience in ${shown}${inCountries.length > 3 ? ` +${inCountries.length - 3}` : ""}`);
  }
  if (sizeText) reasons.push(sizeText);
  if (engagementQuality(rowPlatform, followers, r.engagement_rate) >= 0.75) {
    reasons.push(`High engagement for its size (${formatEngagementRate(r.engagement_rate)})`);
  }
  return {
    username: r.username,
    platform: rowPlatform,
    name: r.name,
    description: trimDescription(r.bio),
    matchPercentage: r.match,
    followers,
    industry: r.industry,
    countries: rowCountries,
    engagementRate: formatEngagementRate(r.engagement_rate),
    verified: r.verified,
    isSample: r.is_sample,
    modelFigures: isModelFigures(r.source),
    matchReasons: reasons,
  };
}

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
export async function findIndexed(db: DbOrTx, plan: FinderPlan, limit: number): Promise<Row[] | null> {
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
  const inCountries = sql`(a.country_bits & ${int8(cMask)}) <> 0`;
  const outOfCountries = sql`(a.country_bits & ${int8(cMask)}) = 0`;
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
      for (const fc of countries.length > 0 ? [1, 0] : [0]) {
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
          if (countries.length > 0) band.push(fc === 1 ? inCountries : outOfCountries);
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
      const rows = await rowsOf<{ id: number | string; match: number }>(
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
