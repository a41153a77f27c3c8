/**
 * Influencer discovery (spec §2 "Discovery page"): hard filters on platform, follower range,
 * industry (the chosen one or a related one) and target markets (at least one covered); every
 * candidate is scored in SQL and the best `limit` come back with their match breakdown.
 * docs/decisions/003-discovery-matching.md explains the weights.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  breakdown,
  type CriterionScore,
  DISCOVERY_WEIGHTS,
  describeEngagement,
  describeFollowerFit,
  describeIndustry,
  describeMarkets,
  FOLLOWER_RANGE_FILTER,
  formatEngagementRate,
  relatedIndustries,
  resolveTargets,
  trimDescription,
} from "../../core/discovery/match";
import type {
  DiscoveryResult,
  DiscoverySearchRequest,
  DiscoverySearchResponse,
} from "../../core/schemas/discovery";
import type { Platform } from "../../core/schemas/platform";
import type { Industry } from "../../core/taxonomy";
import type { DbOrTx } from "../db/database";
import { coversTargetSql, engagementQualitySql, followerFitSql, globalSql, rowsOf, textArray } from "./sql";

export interface DiscoveryService {
  search(request: DiscoverySearchRequest): Promise<DiscoverySearchResponse>;
}

interface Row {
  id: number | string;
  fi: number;
  fm: number;
  ff: number;
  fe: number;
  match: number;
  total: number | string;
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
}

function w(n: number): SQL {
  return sql.raw(String(n));
}

export function createDiscoveryService(deps: { db: DbOrTx }): DiscoveryService {
  return {
    async search(request) {
      const industry = request.industry === "any" ? null : (request.industry as Industry);
      const related = industry ? relatedIndustries(industry) : [];
      const targets = resolveTargets(request.targetMarkets);
      const weights = {
        industry: industry ? DISCOVERY_WEIGHTS.industry : 0,
        markets: targets.length > 0 ? DISCOVERY_WEIGHTS.markets : 0,
        followers: DISCOVERY_WEIGHTS.followers,
        engagement: DISCOVERY_WEIGHTS.engagement,
      };
      const totalWeight = weights.industry + weights.markets + weights.followers + weights.engagement;

      const range = FOLLOWER_RANGE_FILTER[request.followerRange];
      const where: SQL[] = [sql`a.platform = ${request.platform}`, sql`a.is_private = false`];
      if (range.min !== null) where.push(sql`a.followers >= ${range.min}`);
      if (range.max !== null) where.push(sql`a.followers < ${range.max}`);
      if (industry) where.push(sql`a.industry = any(${textArray([industry, ...related])})`);
      if (targets.length > 0) {
        const countries = [...new Set(targets.flatMap((t) => t.countries))];
        const any: SQL[] = [];
        // With an industry the (platform, industry, followers) btree already narrows to a few
        // hundred rows: the market is then checked per row (coalesce hides it from the countries
        // GIN, which the planner otherwise ANDs in at a loss). With any industry the GIN may help.
        const column = industry ? sql`coalesce(a.countries, '{}'::text[])` : sql`a.countries`;
        if (countries.length > 0) any.push(sql`${column} && ${textArray(countries)}`);
        if (targets.some((t) => t.global)) any.push(globalSql());
        where.push(sql`(${sql.join(any, sql` or `)})`);
      }

      const fi = industry
        ? sql`(case when a.industry = ${industry} then 1 when a.industry = any(${textArray(related)}) then 0.5 else 0 end)::float8`
        : sql`0::float8`;
      const fm =
        targets.length > 0
          ? sql`((${sql.join(
              targets.map((t) => sql`${coversTargetSql(t)}::int`),
              sql` + `,
            )})::float8 / ${w(targets.length)})`
          : sql`0::float8`;
      const score = sql`(${w(weights.industry)} * s.fi + ${w(weights.markets)} * s.fm + ${w(weights.followers)} * s.ff + ${w(weights.engagement)} * s.fe) * 100 / ${w(totalWeight)}`;

      const rows = await rowsOf<Row>(
        deps.db,
        sql`
        select t.id, t.fi, t.fm, t.ff, t.fe, t.match, t.total,
               a.username, a.platform, a.name, a.verified, a.followers, a.industry, a.bio,
               a.engagement_rate, a.countries, a.is_sample
        from (
          select s.*, floor(${score} + 0.5)::int as match, count(*) over () as total
          from (
            select a.id, a.engagement_rate as er, a.followers as fol,
                   ${fi} as fi, ${fm} as fm,
                   ${followerFitSql(request.followerRange)} as ff,
                   ${engagementQualitySql(request.platform, range.min ?? 0, (range.max ?? Infinity) - 1)} as fe
            from accounts a
            where ${sql.join(where, sql` and `)}
            offset 0 -- a fence: each factor is computed once per row, not again inside the score
          ) s
          order by match desc, s.er desc nulls last, s.fol desc, s.id
          limit ${request.limit}
        ) t
        join accounts a on a.id = t.id
        order by t.match desc, t.er desc nulls last, t.fol desc, t.id`,
      );

      const results: DiscoveryResult[] = rows.map((r) => {
        const followers = Number(r.followers);
        const countries = r.countries ?? [];
        const platform = r.platform as Platform;
        const scores: CriterionScore[] = [
          {
            criterion: "industry",
            weight: weights.industry,
            factor: Number(r.fi),
            detail: describeIndustry(r.industry, industry),
          },
          {
            criterion: "markets",
            weight: weights.markets,
            factor: Number(r.fm),
            detail: describeMarkets(countries, targets),
          },
          {
            criterion: "followers",
            weight: weights.followers,
            factor: Number(r.ff),
            detail: describeFollowerFit(followers, request.followerRange, Number(r.ff)),
          },
          {
            criterion: "engagement",
            weight: weights.engagement,
            factor: Number(r.fe),
            detail: describeEngagement(platform, followers, r.engagement_rate),
          },
        ];
        return {
          username: r.username,
          platform,
          name: r.name,
          verified: r.verified,
          followers,
          matchPercentage: r.match,
          industry: r.industry,
          description: trimDescription(r.bio),
          engagementRate: formatEngagementRate(r.engagement_rate),
          countries,
          isSample: r.is_sample,
          matchBreakdown: breakdown(scores, r.match),
        };
      });
      return { results, total: rows.length > 0 ? Number(rows[0]!.total) : 0 };
    },
  };
}
