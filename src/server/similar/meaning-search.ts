import { sql } from "drizzle-orm";
import { formatEngagementRate, trimDescription } from "#core/discovery/match";
import { ESTIMATE_FACTOR } from "#core/markets/basis";
import { isModelFigures } from "#core/model-figures";
import { type AccountOrigin, figuresOf } from "#core/schemas/account-origin";
import type { FinderResult } from "#core/schemas/discovery";
import type { Platform } from "#core/schemas/platform";
import { wordsFor } from "#core/similar/represent";
import type { DbOrTx } from "../db/database";
import { rowsOf } from "../db/rows";
import { sizeFilters } from "../discovery/finder/finder-sql";
import { FINDER_WEIGHTS, type FinderPlan } from "../discovery/finder/plan";
import { textArray, w } from "../discovery/sql";

/**
 * The finder's meaning match (issue #36, decision 034): accounts whose representation holds the
 * description's topics (concepts of the shipped table, read from their own words: "vegan" for
 * "plant-based food"), scored like the lexicon match with the topics in place of the keywords, and
 * merged with the lexicon's results (each account keeps its better match, and says which part came
 * from meaning).
 */

/** Candidates scored (in SQL) before the best `limit` are read whole. */
const CANDIDATES = 2000;

interface MeaningRow {
  id: number | string;
  username: string;
  platform: Platform;
  name: string;
  bio: string;
  verified: boolean;
  followers: number | string;
  industry: string;
  countries: string[] | null;
  located_countries: string[] | null;
  engagement_rate: number | null;
  engagement_quality: number | null;
  is_sample: boolean;
  source: string;
  origin: AccountOrigin;
  last_fetched_at: Date | string | null;
  last_analyzed_at: Date | string | null;
  terms: string[];
}

/** "Close to your description: vegan, tofu" — the account's own words for the topics it shares. */
function meaningReason(topics: readonly string[], terms: readonly string[]): string {
  const words = [...new Set(topics.flatMap((t) => wordsFor(t, terms)))].slice(0, 4);
  return `Close to your description: ${(words.length > 0 ? words : topics).join(", ")}`;
}

/** The meaning matches of a finder search, best first (at most `limit`). */
export async function findByMeaning(
  db: DbOrTx,
  plan: Pick<
    FinderPlan,
    "platform" | "industries" | "related" | "countries" | "followerMin" | "followerMax" | "engagementLevel"
  >,
  topics: readonly string[],
  limit: number,
): Promise<FinderResult[]> {
  if (topics.length === 0) return [];
  const concepts = topics.map((t) => `~${t}`);
  const size = sizeFilters(plan as FinderPlan);
  const wText = FINDER_WEIGHTS.text;
  const wIndustry = plan.industries.length > 0 ? FINDER_WEIGHTS.industry : 0;
  const wCountries = plan.countries.length > 0 ? FINDER_WEIGHTS.countries : 0;
  const wEngagement = FINDER_WEIGHTS.engagement;
  const total = wText + wIndustry + wCountries + wEngagement;
  // Read 1: the candidates scored in the database with the arithmetic `score` below uses, and only
  // the best `limit` ids kept — 2,000 rows with their bios and terms no longer cross to the server.
  const fmSql = sql`(select count(*) from unnest(${sql.param(concepts)}::text[]) c where c = any(e.terms))::float8 / ${w(topics.length)}`;
  const fiSql = sql`(case when a.industry = any(${textArray(plan.industries)}) then 1 when a.industry = any(${textArray(plan.related)}) then 0.5 else 0 end)::float8`;
  const fcSql = sql`(case when a.located_countries && ${textArray(plan.countries)} then 1 when a.countries && ${textArray(plan.countries)} then ${w(ESTIMATE_FACTOR)} else 0 end)::float8`;
  const matchSql = sql`floor(((${w(wText)} * s.fm + ${w(wIndustry)} * s.fi + ${w(wCountries)} * s.fc + ${w(wEngagement)} * s.fe) * 100) / ${w(total)} + 0.5)`;
  const best = rowsOf<{ id: number | string }>(
    await db.execute(sql`
      select s.id from (
        select a.id, a.followers, ${fmSql} as fm, ${fiSql} as fi, ${fcSql} as fc,
          coalesce(a.engagement_quality, 0)::float8 as fe
        from account_embeddings e join accounts a on a.id = e.account_id
        where e.terms && ${sql.param(concepts)}::text[] and e.platform = ${plan.platform} and not a.is_private
          ${size.length > 0 ? sql` and ${sql.join(size, sql` and `)}` : sql``}
        limit ${CANDIDATES}
      ) s
      order by greatest(0, least(100, ${matchSql})) desc, s.followers desc, s.id
      limit ${w(limit)}`),
  );
  if (best.length === 0) return [];
  // Read 2: those accounts whole, scored again here for their reasons (the same arithmetic).
  const rows = rowsOf<MeaningRow>(
    await db.execute(sql`
      select a.id, a.username, a.platform, a.name, a.bio, a.verified, a.followers, a.industry, a.countries,
        a.located_countries, a.engagement_rate, a.engagement_quality, a.is_sample, a.source, a.origin,
        a.last_fetched_at, a.last_analyzed_at, e.terms
      from account_embeddings e join accounts a on a.id = e.account_id
      where a.id = any(${sql.param(best.map((b) => Number(b.id)))}::int8[])`),
  );
  // Ties keep the first read's order (match, followers, id).
  const rank = new Map(best.map((b, i) => [Number(b.id), i]));
  rows.sort((a, b) => rank.get(Number(a.id))! - rank.get(Number(b.id))!);
  const scored = rows.map((r) => {
    const shared = topics.filter((t) => r.terms.includes(`~${t}`));
    const fm = shared.length / topics.length;
    const fi = plan.industries.includes(r.industry) ? 1 : plan.related.includes(r.industry) ? 0.5 : 0;
    const countries = r.countries ?? [];
    const fc = plan.countries.some((c) => (r.located_countries ?? []).includes(c))
      ? 1
      : plan.countries.some((c) => countries.includes(c))
        ? ESTIMATE_FACTOR
        : 0;
    const fe = Number(r.engagement_quality ?? 0);
    const match = Math.floor(
      ((wText * fm + wIndustry * fi + wCountries * fc + wEngagement * fe) * 100) / total + 0.5,
    );
    const reasons = [meaningReason(shared, r.terms)];
    if (fi === 1) reasons.push(`${r.industry} creator`);
    else if (fi > 0) reasons.push(`${r.industry}, related to ${plan.industries.join(" / ")}`);
    const inCountries = plan.countries.filter((c) => countries.includes(c));
    if (inCountries.length > 0) reasons.push(`Audience in ${inCountries.slice(0, 3).join(", ")}`);
    const result: FinderResult = {
      username: r.username,
      platform: r.platform,
      name: r.name,
      description: trimDescription(r.bio),
      matchPercentage: Math.max(0, Math.min(100, match)),
      followers: Number(r.followers),
      industry: r.industry,
      countries,
      engagementRate: formatEngagementRate(r.engagement_rate == null ? null : Number(r.engagement_rate)),
      verified: r.verified,
      isSample: r.is_sample,
      origin: r.origin,
      figures: figuresOf(r),
      modelFigures: isModelFigures(r.source),
      matchReasons: reasons,
    };
    return result;
  });
  scored.sort((a, b) => b.matchPercentage - a.matchPercentage || b.followers - a.followers);
  return scored.slice(0, limit);
}

/**
 * The lexicon's results and the meaning's, merged: one row per account with the better match; an
 * account both found keeps the lexicon's reasons and gains the meaning's ("Close to your description: …").
 */
export function mergeFinderResults(
  lexicon: readonly FinderResult[],
  meaning: readonly FinderResult[],
  limit: number,
): FinderResult[] {
  if (meaning.length === 0) return lexicon.slice(0, limit);
  const key = (r: FinderResult) => `${r.platform}:${r.username}`;
  const byKey = new Map<string, FinderResult>(lexicon.map((r) => [key(r), r]));
  for (const m of meaning) {
    const l = byKey.get(key(m));
    if (!l) {
      byKey.set(key(m), m);
      continue;
    }
    byKey.set(key(m), {
      ...l,
      matchPercentage: Math.max(l.matchPercentage, m.matchPercentage),
      matchReasons: [m.matchReasons[0]!, ...l.matchReasons],
    });
  }
  // A stable sort: equal matches keep the lexicon's order (its rank and tie-breaks), meaning-only rows after.
  return [...byKey.values()].sort((a, b) => b.matchPercentage - a.matchPercentage).slice(0, limit);
}
