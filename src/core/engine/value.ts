import { thousands } from "../format";
import type { Platform } from "../schemas/platform";
import type { ReportMetrics } from "../schemas/report";
import type { Industry } from "../taxonomy";
import type { BenchmarkTables, TierBand } from "./benchmarks";
import type { ContentMix } from "./content";
import type { EngagementResult } from "./engagement";
import { type FrequencyResult, WEEKS_PER_MONTH } from "./frequency";
import type { CleanPost } from "./posts";
import {
  bandPosition,
  bandSentence,
  DEFAULT_PRICING,
  DEFAULT_PRICING_INPUT,
  formatExact,
  formatPrice,
  MAX_REACH_WEIGHT,
  type PricingInput,
  PUBLISHED_BANDS,
  PUBLISHED_BANDS_SOURCE,
  priceTierFor,
} from "./pricing";
import type { Profile } from "./profile";
import { clamp, median, money, round } from "./stats";

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
 * Value of one sponsored post (docs/methodology.md "Value per post"): a blend of
 * - the follower rate: followers ÷ 1,000 × the per-1K-follower rate of the platform's tier, and
 * - the reach estimate: median views ÷ 1,000 × CPM of the main format,
 * where the reach estimate's weight is MAX_REACH_WEIGHT × the share of posts with public views (0 when
 * fewer than 3 posts have them); × an engagement factor (1 inside the tier's average band, down to 0.5
 * below it, up to 1.5 above it) × the niche factor; reported as 0.7×–1.4× of the point estimate.
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
  pricing?: PricingInput;
}): ValueMetrics | null {
  const { platform, followers, posts, tables } = opts;
  if (!(followers > 0) || posts.length === 0) return null;
  const pricing = opts.pricing ?? DEFAULT_PRICING_INPUT;
  const a = pricing.assumptions;
  const mainType = opts.mix[0]?.type ?? "video";
  const cpmTable: Partial<Record<string, number>> = a.cpm[platform] ?? tables.cpm[platform] ?? {};
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

  const tier = priceTierFor(followers);
  const per1k =
    a.per1kFollowers[platform]?.[tier.tier] ?? DEFAULT_PRICING.per1kFollowers[platform][tier.tier];
  const followerAmount = (followers / 1000) * per1k;
  const reachAmount = (reach / 1000) * cpm;
  const reachWeight =
    medViews === null ? 0 : round(MAX_REACH_WEIGHT * Math.min(1, views.length / posts.length), 2);
  const blended = followerAmount * (1 - reachWeight) + reachAmount * reachWeight;

  const cmp = opts.comparedPct;
  const b = opts.band;
  const engagementFactor =
    cmp === null || !(b.low > 0)
      ? 1
      : cmp < b.low
        ? round(clamp(cmp / b.low, 0.5, 1), 2)
        : cmp > b.high
          ? round(clamp(cmp / b.high, 1, 1.5), 2)
          : 1;
  const nicheFactor = a.niche[opts.industry] ?? 1;
  const point = Math.max(MIN_VALUE, blended * engagementFactor * nicheFactor);
  const low = round(point * RANGE_LOW, 0);
  const high = round(point * RANGE_HIGH, 0);
  const mid = round(point, 0);

  const published = PUBLISHED_BANDS[platform][tier.tier];
  const pos = bandPosition(point, published);
  const rate = a.usdRate;
  const local = a.currency === "USD" && rate === 1 ? null : a.currency;
  const cur = local ?? "USD";
  const sentence = bandSentence(pos.where, platform, tier, published, cur, rate);
  const blendText =
    reachWeight === 0
      ? `follower rate only (${medViews === null ? "fewer than 3 posts with public views" : "no weight"})`
      : `${Math.round((1 - reachWeight) * 100)}% follower rate + ${Math.round(reachWeight * 100)}% reach (${views.length} of ${posts.length} posts with public views)`;
  const fx = (n: number) => formatPrice(n * rate, cur);
  const ex = (n: number) => formatExact(n * rate, cur);
  const formula =
    `Follower rate: ${thousands(followers)} followers ÷ 1,000 × ${ex(per1k)} (${tier.tier} tier) = ${fx(followerAmount)}. ` +
    `Reach: ${thousands(reach)} (${reachMethod}) ÷ 1,000 × ${ex(cpm)} CPM = ${fx(reachAmount)}. ` +
    `Blend: ${blendText} = ${fx(blended)} × ${engagementFactor} engagement factor × ${nicheFactor} niche factor = ${fx(point)}; range ${RANGE_LOW}×–${RANGE_HIGH}×`;
  const assumptionsText =
    pricing.source === "installation"
      ? `Pricing assumptions: this installation's${pricing.updatedAt ? ` (saved ${pricing.updatedAt.slice(0, 10)})` : ""} — ${ex(per1k)} per 1K followers, ${ex(cpm)} CPM, niche ×${nicheFactor}${local ? `, ${local} at ${rate} per US dollar` : ""}`
      : `Pricing assumptions: the published defaults — ${ex(per1k)} per 1K followers (IMH tiers, “$10 per 1K” rule), ${ex(cpm)} CPM (sponsorrate), niche ×${nicheFactor}`;
  return {
    low,
    high,
    mid,
    currency: "USD",
    reach: Math.round(reach),
    reachMethod,
    cpm,
    engagementFactor,
    nicheFactor,
    formula,
    followerRate: { per1k, amount: round(followerAmount, 2) },
    reachAmount: round(reachAmount, 2),
    reachWeight,
    band: {
      tier: tier.tier,
      followers: tier.label,
      low: published.low,
      high: published.high,
      position: pos.position,
      text: sentence.charAt(0).toUpperCase() + sentence.slice(1),
      source: PUBLISHED_BANDS_SOURCE,
    },
    local: local
      ? {
          currency: local,
          usdRate: rate,
          low: round(low * rate, 0),
          high: round(high * rate, 0),
          mid: round(mid * rate, 0),
        }
      : null,
    assumptions: {
      source: pricing.source,
      updatedAt: pricing.updatedAt ?? null,
      currency: cur,
      usdRate: rate,
      per1kFollowers: per1k,
      cpm,
      nicheFactor,
      maxReachWeight: MAX_REACH_WEIGHT,
      text: assumptionsText,
    },
  };
}

export function valueText(v: ValueMetrics): string {
  if (v.local)
    return `${formatPrice(v.local.low, v.local.currency)} – ${formatPrice(v.local.high, v.local.currency)} per post (estimate)`;
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
  const low = round(value.low * sponsoredPostsPerMonth, 0);
  const high = round(value.high * sponsoredPostsPerMonth, 0);
  return {
    postsPerMonth: round(postsPerMonth, 1),
    sponsoredPostsPerMonth,
    sponsoredShareUsed: round(share, 3),
    assumed: !(observed > 0),
    assumption:
      observed > 0
        ? `${Math.round(share * 100)}% of posts sponsored, as observed${observed > MAX_SPONSORED_SHARE ? " (capped at 50%)" : ""}`
        : "20% of posts sponsored (assumed: none detected in the analysed posts)",
    low,
    high,
    local: value.local
      ? {
          currency: value.local.currency,
          usdRate: value.local.usdRate,
          low: round(low * value.local.usdRate, 0),
          high: round(high * value.local.usdRate, 0),
        }
      : null,
  };
}

/**
 * The headline says what the figure rests on (issue #24 item 8): "if 20% of posts are sponsored
 * (assumed)" when no sponsored post was seen, "at the observed N% sponsored share" otherwise.
 */
export function earningsText(e: EarningsMetrics): string {
  const n = e.sponsoredPostsPerMonth;
  const pctShare = Math.round(e.sponsoredShareUsed * 100);
  const range = e.local
    ? `${formatPrice(e.local.low, e.local.currency)} – ${formatPrice(e.local.high, e.local.currency)}`
    : `${money(e.low)} – ${money(e.high)}`;
  const count = `${n} sponsored post${n === 1 ? "" : "s"} of ${e.postsPerMonth} a month`;
  const assumed = e.assumed ?? e.assumption.includes("assumed");
  return assumed
    ? `${range} per month if ${pctShare}% of posts are sponsored (assumed; none detected — estimate: ${count})`
    : `${range} per month at the observed ${pctShare}% sponsored share (estimate: ${count})`;
}

/**
 * The value per post and monthly earnings (estimates); none for a private account or a hidden
 * follower count. `options.pricing` is read only when there is a value to price (an absent
 * `options` fails here, as the golden corpus's "options/undefined" case records).
 */
export function valueAndEarnings(
  profile: Pick<Profile, "platform" | "followers" | "followersHidden" | "isPrivate" | "posts">,
  steps: {
    mix: ContentMix;
    engagement: EngagementResult;
    frequency: FrequencyResult;
    industry: Industry;
    /** The advertiser step's observed sponsored share. */
    sponsoredShare: number | null;
  },
  tables: BenchmarkTables,
  options: { pricing?: PricingInput },
): { value: ValueMetrics | null; earnings: EarningsMetrics | null } {
  const { platform, followers, followersHidden, isPrivate, posts } = profile;
  const { mix, engagement, frequency, industry, sponsoredShare } = steps;
  const value =
    isPrivate || followersHidden
      ? null
      : estimateValue({
          platform,
          followers,
          posts,
          mix,
          comparedPct: engagement.level === "unknown" ? null : engagement.comparedPct,
          band: engagement.band,
          industry,
          tables,
          pricing: options.pricing,
        });
  const earnings = value ? estimateEarnings(value, frequency.postsPerWeek, sponsoredShare) : null;
  return { value, earnings };
}
