/**
 * How well an account matches discovery criteria (docs/decisions/003-discovery-matching.md).
 * Pure: every factor is a number from 0 to 1; the server ranks with the same constants in SQL
 * (src/server/discovery/sql.ts) and explains each row with these functions.
 */

import { basisText, ESTIMATE_FACTOR, isLocated, type MarketBasis } from "../markets/basis";
import type { FollowerRange, MatchContribution, MatchCriterion } from "../schemas/discovery";
import type { Platform } from "../schemas/platform";
import { COUNTRIES, type Industry, MARKET_COUNTRIES, type TARGET_MARKETS } from "../taxonomy";

/** Discovery weights (points out of 100 when every criterion applies). */
export const DISCOVERY_WEIGHTS: Record<MatchCriterion, number> = {
  industry: 40,
  markets: 30,
  followers: 15,
  engagement: 15,
};

/**
 * The factor every row gets for a criterion the search did not ask for ("any industry", no target
 * market): neither a reward nor a penalty, so the criterion keeps its weight and 100 % stays reserved
 * for rows that fit everything (docs/decisions/023-discovery-neutral-markets-and-paging.md).
 */
export const NEUTRAL_FACTOR = 0.5;

export const CRITERION_LABELS: Record<MatchCriterion, string> = {
  industry: "Industry",
  markets: "Target markets",
  followers: "Follower fit",
  engagement: "Engagement quality",
};

/** The hard follower filter of each range: min inclusive, max exclusive, null = open. */
export const FOLLOWER_RANGE_FILTER: Record<FollowerRange, { min: number | null; max: number | null }> = {
  less_than_10k: { min: null, max: 10_000 },
  "10k_to_100k": { min: 10_000, max: 100_000 },
  "100k_to_1mil": { min: 100_000, max: 1_000_000 },
  "1mil_plus": { min: 1_000_000, max: null },
};

/** The log band that "fit" is measured in (open ends get a decade or two: 1K, 100M). */
export const FOLLOWER_FIT_BAND: Record<FollowerRange, readonly [number, number]> = {
  less_than_10k: [1_000, 10_000],
  "10k_to_100k": [10_000, 100_000],
  "100k_to_1mil": [100_000, 1_000_000],
  "1mil_plus": [1_000_000, 100_000_000],
};

/**
 * The fit peaks at this point of the log band (its middle) and falls by 1 per band width away from
 * it inside the band; outside the band it falls FIT_SLOPE times faster.
 */
export const FIT_PEAK = 0.5;
export const FIT_SLOPE = 2.5;

/**
 * Follower fit: 1 at the middle of the range (on a log scale: 31.6K in 10K–100K), falling linearly to
 * 0.5 at the range's edges (an account at 10.2K is barely "10K–100K" and may leave it next month) and
 * to 0 well outside the band (a 300-follower account in "less than 10K"). It peaks rather than
 * saturating so that accounts meeting the same choices still differ (issue #39 item 8).
 */
export function followerFit(followers: number, range: FollowerRange): number {
  const [lo, hi] = FOLLOWER_FIT_BAND[range];
  const p = (Math.log10(Math.max(followers, 1)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo));
  const d = Math.abs(p - FIT_PEAK);
  return Math.max(0, 1 - d - (FIT_SLOPE - 1) * Math.max(0, d - FIT_PEAK));
}

/** Follower tiers of the engagement benchmarks (lower bounds), as in docs/methodology.md. */
export const ENGAGEMENT_TIER_MINS = [0, 1_000, 5_000, 10_000, 50_000, 100_000, 500_000, 1_000_000] as const;
export const ENGAGEMENT_TIER_LABELS = [
  "0–1K",
  "1K–5K",
  "5K–10K",
  "10K–50K",
  "50K–100K",
  "100K–500K",
  "500K–1M",
  "1M+",
] as const;

/**
 * Typical engagement band [low, high] and "exceptional" threshold (%) per platform and tier, for the
 * rate stored with each account (the report's headline rate: per follower on Instagram, per view on
 * TikTok and YouTube). Instagram and TikTok: Modash calculator bands (docs/methodology.md, M4/M5);
 * YouTube: per-view bands, our working assumption (Modash publishes YouTube bands per subscriber).
 * Kept here rather than imported from the report engine so discovery ranking changes only on purpose.
 */
export const ENGAGEMENT_BANDS: Record<Platform, readonly (readonly [number, number, number])[]> = {
  instagram: [
    [6.0, 10.6, 17.0],
    [3.38, 4.42, 7.97],
    [1.25, 1.62, 3.54],
    [0.84, 1.11, 2.61],
    [0.75, 1.01, 2.47],
    [0.87, 1.14, 2.63],
    [0.88, 1.13, 2.46],
    [1.02, 1.27, 2.6],
  ],
  tiktok: [
    [12.06, 14.04, 21.06],
    [12.06, 14.04, 21.06],
    [10.5, 11.83, 17.75],
    [8.38, 9.37, 14.06],
    [7.22, 8.03, 12.05],
    [6.66, 7.39, 11.09],
    [6.19, 6.85, 10.28],
    [6.2, 6.84, 10.26],
  ],
  youtube: [
    [3.0, 5.0, 8.0],
    [3.0, 5.0, 8.0],
    [2.5, 4.5, 7.0],
    [2.2, 4.0, 6.5],
    [2.0, 3.6, 6.0],
    [1.8, 3.3, 5.5],
    [1.6, 3.0, 5.0],
    [1.5, 2.8, 4.8],
  ],
};

export function engagementTier(followers: number): number {
  let tier = 0;
  for (let i = 1; i < ENGAGEMENT_TIER_MINS.length; i++) if (followers >= ENGAGEMENT_TIER_MINS[i]!) tier = i;
  return tier;
}

/** Engagement quality at the tier's "exceptional" threshold; it keeps rising above it. */
export const EXCEPTIONAL_QUALITY = 0.9;
/** Engagement quality reaches 1 (its cap) at this multiple of the "exceptional" threshold. */
export const ENGAGEMENT_CAP_MULTIPLE = 2;

/**
 * Engagement quality against the account's own tier: 0 when unknown or zero, rising linearly to 0.5
 * at the bottom of the typical band, 0.75 at its top, EXCEPTIONAL_QUALITY at the "exceptional"
 * threshold and 1 at ENGAGEMENT_CAP_MULTIPLE times that threshold and above (issue #39 item 8: an
 * exceptional rate and twice that no longer score the same).
 */
export function engagementQuality(platform: Platform, followers: number, rate: number | null): number {
  if (rate === null || !Number.isFinite(rate) || rate <= 0) return 0;
  const [low, high, exceptional] = ENGAGEMENT_BANDS[platform][engagementTier(followers)]!;
  const cap = ENGAGEMENT_CAP_MULTIPLE * exceptional;
  if (rate < low) return (0.5 / low) * rate;
  if (rate < high) return 0.5 + (0.25 / (high - low)) * (rate - low);
  if (rate < exceptional) return 0.75 + ((EXCEPTIONAL_QUALITY - 0.75) / (exceptional - high)) * (rate - high);
  if (rate < cap)
    return EXCEPTIONAL_QUALITY + ((1 - EXCEPTIONAL_QUALITY) / (cap - exceptional)) * (rate - exceptional);
  return 1;
}

/**
 * Engagement quality at the bottom and top of the tier's typical band: an engagement level is Low
 * below the first, Medium between them, High from the second (the finder's engagementLevel).
 */
export const ENGAGEMENT_LEVEL_QUALITY: readonly [number, number] = [0.5, 0.75];

/** The engagement level of an account, or null when its rate is unknown. */
export function engagementLevelOf(
  platform: Platform,
  followers: number,
  rate: number | null,
): "High" | "Medium" | "Low" | null {
  const q = engagementQuality(platform, followers, rate);
  if (q <= 0) return null;
  return q >= ENGAGEMENT_LEVEL_QUALITY[1] ? "High" : q >= ENGAGEMENT_LEVEL_QUALITY[0] ? "Medium" : "Low";
}

/**
 * Industries close enough that a marketer looking for one would consider the other (half the
 * industry points). Symmetric by construction below.
 */
const RELATED_PAIRS: readonly (readonly [Industry, Industry])[] = [
  ["Fashion", "Beauty"],
  ["Fashion", "Lifestyle"],
  ["Beauty", "Lifestyle"],
  ["Beauty", "Health & Wellness"],
  ["Fitness", "Health & Wellness"],
  ["Fitness", "Sports"],
  ["Health & Wellness", "Food"],
  ["Health & Wellness", "Lifestyle"],
  ["Food", "Lifestyle"],
  ["Food", "Travel"],
  ["Travel", "Lifestyle"],
  ["Travel", "Photography"],
  ["Technology", "Gaming"],
  ["Technology", "Science & Nature"],
  ["Technology", "Business"],
  ["Gaming", "Entertainment"],
  ["Music", "Entertainment"],
  ["Comedy", "Entertainment"],
  ["Sports", "Entertainment"],
  ["Education", "Science & Nature"],
  ["Education", "Finance"],
  ["Finance", "Business"],
  ["Parenting & Family", "Lifestyle"],
  ["Parenting & Family", "Home & Interior"],
  ["Pets & Animals", "Science & Nature"],
  ["Pets & Animals", "Parenting & Family"],
  ["Home & Interior", "Art & Design"],
  ["Home & Interior", "Lifestyle"],
  ["Automotive", "Technology"],
  ["Automotive", "Sports"],
  ["Art & Design", "Photography"],
  ["Art & Design", "Fashion"],
  ["News & Politics", "Education"],
  ["News & Politics", "Business"],
];

export function relatedIndustries(industry: Industry): Industry[] {
  const out: Industry[] = [];
  for (const [a, b] of RELATED_PAIRS) {
    if (a === industry) out.push(b);
    else if (b === industry) out.push(a);
  }
  return out;
}

/** 1 for the chosen industry, 0.5 for a related one, 0 otherwise. */
export function industryFit(accountIndustry: string, chosen: Industry): number {
  if (accountIndustry === chosen) return 1;
  return (relatedIndustries(chosen) as string[]).includes(accountIndustry) ? 0.5 : 0;
}

/** A target market resolved to the countries that satisfy it. */
export interface ResolvedTarget {
  /** The canonical value ("europe", "Germany"). */
  key: string;
  /** For texts: "Europe", "Germany", "Global". */
  label: string;
  countries: readonly string[];
  /** "global": satisfied by an audience spread over at least GLOBAL_MIN_REGIONS regions. */
  global: boolean;
}

/** Regions for "global": the spec's markets (the UK inside Europe) and everything else. */
const MARKET_REGION_KEYS = ["united states", "canada", "europe", "australia", "asia"] as const;
export const GLOBAL_REGIONS: readonly (readonly string[])[] = [
  ...MARKET_REGION_KEYS.map((k) => MARKET_COUNTRIES[k]),
  COUNTRIES.filter((c) => !MARKET_REGION_KEYS.some((k) => MARKET_COUNTRIES[k].includes(c))),
];
export const GLOBAL_MIN_REGIONS = 2;

const MARKET_LABELS: Record<(typeof TARGET_MARKETS)[number], string> = {
  "united states": "United States",
  canada: "Canada",
  europe: "Europe",
  uk: "UK",
  australia: "Australia",
  asia: "Asia",
  global: "Global",
};

/** Canonical target values (see canonicalTargetMarket) to country sets. */
export function resolveTargets(targets: readonly string[]): ResolvedTarget[] {
  return targets.map((key) => {
    if (key === "global") return { key, label: MARKET_LABELS.global, countries: [], global: true };
    if (key in MARKET_COUNTRIES) {
      const market = key as keyof typeof MARKET_COUNTRIES;
      return { key, label: MARKET_LABELS[market], countries: MARKET_COUNTRIES[market], global: false };
    }
    return { key, label: key, countries: [key], global: false };
  });
}

export function regionCount(countries: readonly string[]): number {
  return GLOBAL_REGIONS.filter((region) => countries.some((c) => region.includes(c))).length;
}

export function coversTarget(countries: readonly string[], target: ResolvedTarget): boolean {
  if (target.global) return regionCount(countries) >= GLOBAL_MIN_REGIONS;
  return countries.some((c) => target.countries.includes(c));
}

/**
 * Share of the chosen markets the account's audience covers: a market a location signal backs counts
 * fully, one only an estimate covers counts ESTIMATE_FACTOR (src/core/markets/basis.ts).
 */
export function marketFit(
  countries: readonly string[],
  targets: readonly ResolvedTarget[],
  located: readonly string[] = [],
): number {
  if (targets.length === 0) return NEUTRAL_FACTOR;
  const strength = (t: ResolvedTarget) =>
    coversTarget(located, t) ? 1 : coversTarget(countries, t) ? ESTIMATE_FACTOR : 0;
  return targets.reduce((a, t) => a + strength(t), 0) / targets.length;
}

/**
 * Splits `total` into integers proportional to `shares` (largest remainder), never giving a part
 * more than its cap. The parts add up to `total` exactly (when the caps allow it).
 */
export function apportion(shares: readonly number[], total: number, caps?: readonly number[]): number[] {
  const parts = shares.map((s, i) => Math.min(Math.floor(Math.max(0, s)), caps?.[i] ?? Infinity));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = shares
    .map((s, i) => ({ i, rem: Math.max(0, s) - Math.floor(Math.max(0, s)) }))
    .sort((a, b) => b.rem - a.rem || a.i - b.i);
  while (left > 0) {
    const next = order.find(({ i }) => parts[i]! < (caps?.[i] ?? Infinity));
    if (!next) break;
    parts[next.i]! += 1;
    left -= 1;
    // Move it to the back so the next unit goes to the next-largest remainder.
    order.push(order.splice(order.indexOf(next), 1)[0]!);
  }
  while (left < 0) {
    const next = [...order].reverse().find(({ i }) => parts[i]! > 0);
    if (!next) break;
    parts[next.i]! -= 1;
    left += 1;
  }
  return parts;
}

export interface CriterionScore {
  criterion: MatchCriterion;
  /** 0 when the criterion does not apply (not asked for). */
  weight: number;
  /** 0–1. */
  factor: number;
  detail: string;
}

/** The unrounded match (0–100) of weighted factors: Σ weight·factor ÷ Σ weight × 100. */
export function rawMatch(scores: readonly CriterionScore[]): number {
  const total = scores.reduce((a, s) => a + s.weight, 0);
  if (total === 0) return 0;
  return (scores.reduce((a, s) => a + s.weight * s.factor, 0) * 100) / total;
}

/**
 * The breakdown the user sees: maxima that add up to 100 (0 for criteria not asked for) and points
 * that add up to `matchPercentage` exactly, each at most its maximum.
 */
export function breakdown(scores: readonly CriterionScore[], matchPercentage: number): MatchContribution[] {
  const total = scores.reduce((a, s) => a + s.weight, 0);
  const maxShares = scores.map((s) => (total === 0 ? 0 : (s.weight * 100) / total));
  const maxes = apportion(maxShares, total === 0 ? 0 : 100);
  const pointShares = scores.map((s, i) => Math.min(maxes[i]!, maxShares[i]! * s.factor));
  const points = apportion(pointShares, matchPercentage, maxes);
  return scores.map((s, i) => ({
    criterion: s.criterion,
    label: CRITERION_LABELS[s.criterion],
    points: points[i]!,
    max: maxes[i]!,
    detail: s.detail,
  }));
}

/** 1,000 → "1K", 1,500,000 → "1.5M", 950 → "950". */
export function compactCount(n: number): string {
  const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1).replace(/\.0$/, ""));
  if (n >= 1_000_000) return `${fmt(Math.round(n / 100_000) / 10)}M`;
  if (n >= 1_000) return `${fmt(Math.round(n / 100) / 10)}K`;
  return String(Math.round(n));
}

/** Spec §3 engagementRate text: "3.4%", or "N/A" when unknown. */
export function formatEngagementRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return "N/A";
  return `${(Math.round(rate * 10) / 10).toFixed(1)}%`;
}

/** The bio as a one-paragraph description of about `max` characters, cut at a word. */
export function trimDescription(bio: string, max = 200): string {
  const flat = bio.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

/** Per-criterion texts for one discovery row. */
export function describeIndustry(accountIndustry: string, chosen: Industry | null): string {
  if (!chosen) return "Any industry: neutral, half points for every account";
  const fit = industryFit(accountIndustry, chosen);
  if (fit === 1) return `${accountIndustry}, as asked`;
  if (fit > 0) return `${accountIndustry}, related to ${chosen}`;
  return `${accountIndustry}, not ${chosen}`;
}

/**
 * "Covers 1 of 2: Canada (from bio: Toronto)"; each covered market names what it rests on, and an
 * estimate says so (it earns half the points).
 */
export function describeMarkets(
  countries: readonly string[],
  targets: readonly ResolvedTarget[],
  basis: readonly MarketBasis[] = [],
): string {
  if (targets.length === 0) return "No target market chosen: neutral, half points for every account";
  const covered = targets.filter((t) => coversTarget(countries, t));
  if (covered.length === 0) return "Covers none of the chosen markets";
  const located = basis.filter((b) => isLocated(b.kind)).map((b) => b.country);
  const why = (t: ResolvedTarget): string => {
    if (t.global) {
      return coversTarget(located, t) ? "located in several regions" : "spread over regions — an estimate";
    }
    const inTarget = countries.filter((c) => t.countries.includes(c));
    const best =
      basis.find((b) => inTarget.includes(b.country) && isLocated(b.kind)) ??
      basis.find((b) => inTarget.includes(b.country));
    const text = best ? basisText(best) : basisText({ kind: "unknown", evidence: "" });
    const where = t.countries.length > 1 && best ? `${best.country}, ` : "";
    return `${where}${text}`;
  };
  return `Covers ${covered.length} of ${targets.length}: ${covered.map((t) => `${t.label} (${why(t)})`).join(", ")}`;
}

export function describeFollowerFit(followers: number, range: FollowerRange, fit: number): string {
  const [lo, hi] = FOLLOWER_FIT_BAND[range];
  const where = fit >= 0.8 ? "well inside" : fit >= 0.5 ? "near the edge of" : "far from the middle of";
  const band =
    range === "less_than_10k"
      ? "under 10K"
      : range === "1mil_plus"
        ? "1M+"
        : `${compactCount(lo)}–${compactCount(hi)}`;
  return `${compactCount(followers)} followers, ${where} ${band}`;
}

export function describeEngagement(platform: Platform, followers: number, rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return "Engagement rate unknown";
  const tier = engagementTier(followers);
  const [low, high] = ENGAGEMENT_BANDS[platform][tier]!;
  return `${formatEngagementRate(rate)} vs ${low}–${high}% typical at ${ENGAGEMENT_TIER_LABELS[tier]}`;
}
