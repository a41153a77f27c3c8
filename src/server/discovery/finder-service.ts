/**
 * The account finder (spec §2 "Account-finder screen"): a description becomes criteria
 * (src/core/discovery/interpret.ts), candidates come from the full-text index and the industry
 * index, and each is scored on text, industry, countries and engagement
 * (docs/decisions/003-discovery-matching.md). Follower sizes are hard filters.
 */
import { type SQL, sql } from "drizzle-orm";
import { type DescriptionExtractor, interpretDescription, sizeLabel } from "../../core/discovery/interpret";
import {
  engagementQuality,
  formatEngagementRate,
  relatedIndustries,
  trimDescription,
} from "../../core/discovery/match";
import type {
  FinderRequest,
  FinderResponse,
  FinderResult,
  Interpretation,
} from "../../core/schemas/discovery";
import type { Platform } from "../../core/schemas/platform";
import type { DbOrTx } from "../db/database";
import { engagementQualitySql, rowsOf, textArray } from "./sql";

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

interface Row {
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
  hits: string[] | null;
  name_hits: string[] | null;
}

function w(n: number): SQL {
  return sql.raw(String(n));
}

export function createFinderService(deps: FinderServiceDeps): FinderService {
  return {
    async find(request) {
      const interpretedAs = await interpretDescription(request.description, request.platform, {
        extractor: deps.extractor,
      });
      const results = await search(deps.db, request.platform, interpretedAs, request.limit);
      return { results, interpretedAs };
    },
  };
}

async function search(
  db: DbOrTx,
  platform: Platform,
  criteria: Interpretation,
  limit: number,
): Promise<FinderResult[]> {
  const { keywords, industries, countries, followerMin, followerMax } = criteria;
  const related = [...new Set(industries.flatMap((i) => relatedIndustries(i)))].filter(
    (i) => !industries.includes(i),
  );
  const hasSize = followerMin !== undefined || followerMax !== undefined;
  if (keywords.length + industries.length + countries.length === 0 && !hasSize) return [];

  const weights = {
    text: keywords.length > 0 ? FINDER_WEIGHTS.text : 0,
    industry: industries.length > 0 ? FINDER_WEIGHTS.industry : 0,
    countries: countries.length > 0 ? FINDER_WEIGHTS.countries : 0,
    engagement: FINDER_WEIGHTS.engagement,
  };
  const totalWeight = weights.text + weights.industry + weights.countries + weights.engagement;

  // Any keyword (websearch syntax "a or b"; the words are letters and digits only).
  const anyQuery = sql`websearch_to_tsquery(${TS_CONFIG}, ${keywords.join(" or ")})`;
  const keywordHits = keywords.map((k) => sql`(a.search_tsv @@ plainto_tsquery(${TS_CONFIG}, ${k}))::int`);

  const size: SQL[] = [];
  if (followerMin !== undefined) size.push(sql`a.followers >= ${followerMin}`);
  if (followerMax !== undefined) size.push(sql`a.followers <= ${followerMax}`);
  const where: SQL[] = [sql`a.platform = ${platform}`, sql`a.is_private = false`, ...size];
  // Candidates: bios or names with any keyword (GIN on search_tsv) or accounts of an asked-for
  // industry (btree on platform, industry, followers — the arm repeats the platform and size so the
  // planner can OR the two index scans). Related industries only score; they do not widen the set.
  const candidates: SQL[] = [];
  if (keywords.length > 0) candidates.push(sql`a.search_tsv @@ ${anyQuery}`);
  if (industries.length > 0) {
    candidates.push(
      sql`(${sql.join([sql`a.platform = ${platform}`, sql`a.industry = any(${textArray(industries)})`, ...size], sql` and `)})`,
    );
  }
  if (candidates.length === 0 && countries.length > 0)
    candidates.push(sql`a.countries && ${textArray(countries)}`);
  if (candidates.length > 0) where.push(sql`(${sql.join(candidates, sql` or `)})`);

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
  const rank = keywords.length > 0 ? sql`ts_rank_cd(a.search_tsv, ${anyQuery})` : sql`0::real`;
  const score = sql`(${w(weights.text)} * s.ft + ${w(weights.industry)} * s.fi + ${w(weights.countries)} * s.fc + ${w(weights.engagement)} * s.fe) * 100 / ${w(totalWeight)}`;
  const hitList = (vector: SQL) =>
    keywords.length > 0
      ? sql`array(select k from unnest(${textArray(keywords)}) with ordinality as u(k, i) where ${vector} @@ plainto_tsquery(${TS_CONFIG}, k) order by i)`
      : sql`'{}'::text[]`;

  const rows = await rowsOf<Row>(
    db,
    sql`
    select t.id, t.match, t.ft, t.fi, t.fc,
           a.username, a.platform, a.name, a.verified, a.followers, a.industry, a.bio,
           a.engagement_rate, a.countries, a.is_sample,
           ${hitList(sql`a.search_tsv`)} as hits,
           ${hitList(sql`to_tsvector(${TS_CONFIG}, a.name)`)} as name_hits
    from (
      select s.*, floor(${score} + 0.5)::int as match
      from (
        select a.id, a.engagement_rate as er, a.followers as fol, ${rank} as rank,
               ${ft} as ft, ${fi} as fi, ${fc} as fc, ${engagementQualitySql(platform, followerMin ?? 0, followerMax ?? Infinity)} as fe
        from accounts a
        where ${sql.join(where, sql` and `)}
        offset 0 -- a fence: each factor is computed once per row, not again inside the score
      ) s
      order by match desc, s.rank desc, s.er desc nulls last, s.fol desc, s.id
      limit ${limit}
    ) t
    join accounts a on a.id = t.id
    order by t.match desc, t.rank desc, t.er desc nulls last, t.fol desc, t.id`,
  );

  const sizeText = sizeLabel(followerMin, followerMax);
  return rows.map((r) => {
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
      matchReasons: reasons,
    };
  });
}
