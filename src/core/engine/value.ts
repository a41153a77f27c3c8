import type { Platform } from "../schemas/platform";
import type { ReportMetrics } from "../schemas/report";
import type { Industry } from "../taxonomy";
import type { BenchmarkTables, TierBand } from "./benchmarks";
import type { ContentMix } from "./content";
import { WEEKS_PER_MONTH } from "./frequency";
import type { CleanPost } from "./posts";
import { clamp, median, money, round, thousands } from "./stats";

/** The reported range around the point estimate (sponsorrate P11 reports 0.7×–1.4×). */
export const RANGE_LOW = 0.7;
export const RANGE_HIGH = 1.4;
/** Smallest value per post reported (USD). */
export const MIN_VALUE = 5;
/** Sponsored share assumed when none was detected, and the cap on an observed share. */
export const ASSUMED_SPONSORED_SHARE = 0.2;
export const MAX_SPONSORED_SHARE = 0.5;

export type ValueMetrics = NonNullable<ReportMetrics["value"]>;
export type EarningsMetrics = NonNullable<ReportMetrics["earnings"]>;

/**
 * Value of one sponsored post: expected reach ÷ 1,000 × CPM (platform and main format) ×
 * engagement factor × niche factor; reported as 0.7×–1.4× of it.
 */
export function estimateValue(opts: {
  platform: Platform;
  followers: number;
  posts: readonly CleanPost[];
  mix: ContentMix;
  /** The figure compared with the tier band, and the band. */
  comparedPct: number | null;
  band: TierBand;
  industry: Industry;
  tables: BenchmarkTables;
}): ValueMetrics | null {
  const { platform, followers, posts, tables } = opts;
  if (!(followers > 0) || posts.length === 0) return null;
  const mainType = opts.mix[0]?.type ?? "video";
  const cpmTable = tables.cpm[platform] ?? {};
  const cpm = cpmTable[mainType] ?? Object.values(cpmTable)[0] ?? 10;
  const views: number[] = [];
  for (const p of posts) if (p.views !== null && p.views >= 1) views.push(p.views);
  const medViews = views.length >= 3 ? median(views) : null;
  const reachRate = tables.reachRate[platform] ?? 0.3;
  const reach = medViews ?? followers * reachRate;
  const reachMethod =
    medViews !== null
      ? `median views of the last ${views.length} posts with public views`
      : `${Math.round(reachRate * 100)}% of followers (typical organic reach; views not public)`;
  const mid = (opts.band.low + opts.band.high) / 2;
  const engagementFactor =
    opts.comparedPct !== null && mid > 0 ? round(clamp(opts.comparedPct / mid, 0.5, 2), 2) : 1;
  const nicheFactor = tables.niche[opts.industry] ?? 1;
  const base = (reach / 1000) * cpm * engagementFactor * nicheFactor;
  const point = Math.max(MIN_VALUE, base);
  return {
    low: round(point * RANGE_LOW, 0),
    high: round(point * RANGE_HIGH, 0),
    mid: round(point, 0),
    currency: "USD",
    reach: Math.round(reach),
    reachMethod,
    cpm,
    engagementFactor,
    nicheFactor,
    formula: `${thousands(reach)} reach (${reachMethod}) ÷ 1,000 × $${cpm} CPM × ${engagementFactor} engagement factor × ${nicheFactor} niche factor = ${money(point)}; range ${RANGE_LOW}×–${RANGE_HIGH}×`,
  };
}

export function valueText(v: ValueMetrics): string {
  return `${money(v.low)} – ${money(v.high)} per post (estimate)`;
}

/**
 * Monthly earnings from sponsored posts: value per post × sponsored posts a month, where sponsored
 * posts a month = posts a month × the observed sponsored share (capped at 50 %), or × 20 % when no
 * sponsored post was detected; at least 1.
 */
export function estimateEarnings(
  value: ValueMetrics,
  postsPerWeek: number | null,
  observedShare: number | null,
): EarningsMetrics | null {
  if (postsPerWeek === null || !(postsPerWeek > 0)) return null;
  const postsPerMonth = postsPerWeek * WEEKS_PER_MONTH;
  const observed = observedShare ?? 0;
  const share = observed > 0 ? Math.min(observed, MAX_SPONSORED_SHARE) : ASSUMED_SPONSORED_SHARE;
  const sponsoredPostsPerMonth = Math.max(1, Math.round(postsPerMonth * share));
  return {
    postsPerMonth: round(postsPerMonth, 1),
    sponsoredPostsPerMonth,
    sponsoredShareUsed: round(share, 3),
    assumption:
      observed > 0
        ? `${Math.round(share * 100)}% of posts sponsored, as observed${observed > MAX_SPONSORED_SHARE ? " (capped at 50%)" : ""}`
        : "20% of posts sponsored (assumed: none detected in the analysed posts)",
    low: round(value.low * sponsoredPostsPerMonth, 0),
    high: round(value.high * sponsoredPostsPerMonth, 0),
  };
}

export function earningsText(e: EarningsMetrics): string {
  const n = e.sponsoredPostsPerMonth;
  return `${money(e.low)} – ${money(e.high)} per month (estimate: ${n} sponsored post${n === 1 ? "" : "s"} a month at ${Math.round(e.sponsoredShareUsed * 100)}% of ${e.postsPerMonth} posts)`;
}
