/** A finder search resolved from its interpretation: criteria, related industries, weights. */
import { relatedIndustries } from "#core/discovery/match";
import type { EngagementLevel, Interpretation } from "#core/schemas/discovery";
import type { Platform } from "#core/schemas/platform";

/** Finder weights (points out of 100 when every criterion applies). */
export const FINDER_WEIGHTS = { text: 40, industry: 30, countries: 20, engagement: 10 } as const;

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
  /** A hard filter on engagement against the tier's typical band (null: any). */
  engagementLevel: EngagementLevel | null;
  weights: { text: number; industry: number; countries: number; engagement: number };
  totalWeight: number;
}

/** The plan of a search, or null when the criteria leave nothing to search for. */
export function finderPlan(platform: Platform, criteria: Interpretation): FinderPlan | null {
  const { keywords, industries, countries, followerMin, followerMax } = criteria;
  const engagementLevel = criteria.engagementLevel ?? null;
  const related = [...new Set(industries.flatMap((i) => relatedIndustries(i)))].filter(
    (i) => !industries.includes(i),
  );
  const hasSize = followerMin !== undefined || followerMax !== undefined;
  if (keywords.length + industries.length + countries.length === 0 && !hasSize && !engagementLevel)
    return null;
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
    engagementLevel,
    weights,
    totalWeight,
  };
}
