/**
 * One discovery row and the criteria it is matched against: the request resolved (industry, related
 * industries, targets, weights) and the result with its match explained criterion by criterion
 * (docs/decisions/003-discovery-matching.md). The search itself is in discovery-service.ts.
 */
import {
  breakdown,
  type CriterionScore,
  DISCOVERY_WEIGHTS,
  describeEngagement,
  describeFollowerFit,
  describeIndustry,
  describeMarkets,
  formatEngagementRate,
  type ResolvedTarget,
  relatedIndustries,
  resolveTargets,
  trimDescription,
} from "#core/discovery/match";
import { type MarketBasis, marketBasisView } from "#core/markets/basis";
import type { AccountOrigin, Figures } from "#core/schemas/account-origin";
import type { DiscoveryResult, DiscoverySearchRequest, MatchCriterion } from "#core/schemas/discovery";
import type { Platform } from "#core/schemas/platform";
import type { Industry } from "#core/taxonomy";

/** A discovery request resolved: the chosen industry and its related ones, the targets, the weights that apply. */
export interface DiscoveryCriteria {
  industry: Industry | null;
  related: Industry[];
  targets: ResolvedTarget[];
  weights: Record<MatchCriterion, number>;
  totalWeight: number;
}

export function discoveryCriteria(request: DiscoverySearchRequest): DiscoveryCriteria {
  const industry = request.industry === "any" ? null : (request.industry as Industry);
  const targets = resolveTargets(request.targetMarkets);
  // Every criterion keeps its weight: one not asked for ("any industry", no market) scores every
  // row the same neutral factor, so the match % still says how good a fit the rest is
  // (docs/decisions/023-discovery-neutral-markets-and-paging.md).
  const weights = { ...DISCOVERY_WEIGHTS };
  return {
    industry,
    related: industry ? relatedIndustries(industry) : [],
    targets,
    weights,
    totalWeight: weights.industry + weights.markets + weights.followers + weights.engagement,
  };
}

/** An account of the index as a discovery row needs it. */
export interface DiscoveryAccount {
  username: string;
  platform: Platform;
  name: string;
  verified: boolean;
  followers: number;
  industry: string;
  bio: string;
  engagementRate: number | null;
  countries: string[];
  isSample: boolean;
  /** The figures are the model's web-search estimate (src/core/model-figures.ts). */
  modelFigures?: boolean;
  /** What each country rests on (empty: not recorded, every country an estimate). */
  marketBasis?: MarketBasis[];
  /** Where the row came from and what its figures rest on (issue #35). */
  origin: AccountOrigin;
  figures: Figures;
}

/**
 * The engagement criterion's explanation. A row with profile figures only has no measured engagement
 * (issue #35): it gets no engagement points (nothing is invented) and says why.
 */
function engagementDetail(account: DiscoveryAccount): string {
  const unknown = account.engagementRate === null || !Number.isFinite(account.engagementRate);
  if (unknown && account.figures.kind === "profile") {
    return "Not measured yet: profile figures only (no points until its full report is made)";
  }
  return describeEngagement(account.platform, account.followers, account.engagementRate);
}

/** One discovery result, its match explained criterion by criterion (factors 0–1, as ranked). */
export function discoveryResultOf(
  account: DiscoveryAccount,
  factors: { fi: number; fm: number; ff: number; fe: number },
  match: number,
  request: DiscoverySearchRequest,
  criteria: DiscoveryCriteria,
): DiscoveryResult {
  const { followers, countries, platform } = account;
  const { weights, industry, targets } = criteria;
  const scores: CriterionScore[] = [
    {
      criterion: "industry",
      weight: weights.industry,
      factor: factors.fi,
      detail: describeIndustry(account.industry, industry),
    },
    {
      criterion: "markets",
      weight: weights.markets,
      factor: factors.fm,
      detail: describeMarkets(countries, targets, account.marketBasis ?? []),
    },
    {
      criterion: "followers",
      weight: weights.followers,
      factor: factors.ff,
      detail: describeFollowerFit(followers, request.followerRange, factors.ff),
    },
    {
      criterion: "engagement",
      weight: weights.engagement,
      factor: factors.fe,
      detail: engagementDetail(account),
    },
  ];
  return {
    username: account.username,
    platform,
    name: account.name,
    verified: account.verified,
    followers,
    matchPercentage: match,
    industry: account.industry,
    description: trimDescription(account.bio),
    engagementRate: formatEngagementRate(account.engagementRate),
    countries,
    isSample: account.isSample,
    modelFigures: account.modelFigures === true,
    marketBasis: marketBasisView(countries, account.marketBasis ?? []),
    matchBreakdown: breakdown(scores, match),
    origin: account.origin,
    figures: account.figures,
  };
}
