import { thousands } from "../format";
import type { Platform } from "../schemas/platform";
import type { PostType } from "../schemas/snapshot";
import type { Industry } from "../taxonomy";
import { DEFAULT_BENCHMARKS } from "./benchmarks";

/**
 * The pricing assumptions behind a price per post (issue #24 item 1, docs/methodology.md "Value per
 * post"). Plain data with published defaults; an installation's admin may edit them in Settings and
 * the report service passes them in (`AnalyzeOptions.pricing`). Keys of the sources refer to
 * /work/shared/research/peers.md §2.6 (IMH3, P1, P4, P9, P11).
 */

/** Influencer Marketing Hub's tiers (IMH3): nano 1K–10K, micro 10K–50K, mid 50K–500K, macro 500K–1M, mega 1M+. */
export const PRICE_TIERS = ["nano", "micro", "mid", "macro", "mega"] as const;
export type PriceTier = (typeof PRICE_TIERS)[number];

export interface PriceTierInfo {
  tier: PriceTier;
  minFollowers: number;
  /** Exclusive upper bound; null for the open top tier. */
  maxFollowers: number | null;
  label: string;
}

export const PRICE_TIER_INFO: readonly PriceTierInfo[] = [
  { tier: "nano", minFollowers: 0, maxFollowers: 10_000, label: "1K–10K" },
  { tier: "micro", minFollowers: 10_000, maxFollowers: 50_000, label: "10K–50K" },
  { tier: "mid", minFollowers: 50_000, maxFollowers: 500_000, label: "50K–500K" },
  { tier: "macro", minFollowers: 500_000, maxFollowers: 1_000_000, label: "500K–1M" },
  { tier: "mega", minFollowers: 1_000_000, maxFollowers: null, label: "1M+" },
];

/** Published price per post (USD) by platform and tier; high null = open-ended ("$10,000+"). */
export interface PublishedBand {
  low: number;
  high: number | null;
}

/**
 * IMH3 tier ranges, as repeated by sprockettes.org (TikTok row), alittleclass 2021 and
 * wordontheblock 2023 (peers.md §2.6 "Tier ranges").
 */
export const PUBLISHED_BANDS: Record<Platform, Record<PriceTier, PublishedBand>> = {
  instagram: {
    nano: { low: 10, high: 100 },
    micro: { low: 100, high: 500 },
    mid: { low: 500, high: 5_000 },
    macro: { low: 5_000, high: 10_000 },
    mega: { low: 10_000, high: null },
  },
  tiktok: {
    nano: { low: 5, high: 25 },
    micro: { low: 25, high: 125 },
    mid: { low: 125, high: 1_250 },
    macro: { low: 1_250, high: 2_500 },
    mega: { low: 2_500, high: null },
  },
  youtube: {
    nano: { low: 20, high: 200 },
    micro: { low: 200, high: 1_000 },
    mid: { low: 1_000, high: 10_000 },
    macro: { low: 10_000, high: 20_000 },
    mega: { low: 20_000, high: null },
  },
};
export const PUBLISHED_BANDS_SOURCE =
  "Influencer Marketing Hub's price-per-post tiers (IMH3; also sprockettes.org, alittleclass 2021, wordontheblock 2023)";

export interface PricingAssumptions {
  /** USD per 1,000 followers, by platform and tier (the follower-based rate). */
  per1kFollowers: Record<Platform, Record<PriceTier, number>>;
  /** Creator CPM (USD per 1,000 views) by platform and post type. */
  cpm: Record<Platform, Record<PostType, number>>;
  /** Price multiplier by niche; 1 when absent. */
  niche: Partial<Record<Industry, number>>;
  /** ISO 4217 code prices are shown in, and how many of it one US dollar buys. */
  currency: string;
  usdRate: number;
}

const flat = (rate: number): Record<PriceTier, number> => ({
  nano: rate,
  micro: rate,
  mid: rate,
  macro: rate,
  mega: rate,
});

/**
 * The published defaults.
 * - per 1K followers: the "$10 per 1K followers" rule for Instagram (cocoandlowe and "$100 per 10K" in P1;
 *   impulze P9 base $10), which is exactly IMH3's Instagram tier bounds (10K × $10 = $100, 50K → $500,
 *   500K → $5,000, 1M → $10,000). TikTok $2.50 and YouTube $20 per 1K are the same reading of IMH3's
 *   TikTok ($25 at 10K … $2,500 at 1M) and YouTube ($200 at 10K … $20,000 at 1M) rows.
 * - CPM: sponsorrate P11 by format (IG feed $10, Reel $8, Story $5; TikTok $6; YouTube dedicated $20,
 *   integration $12, Shorts $4), inside IMH3's $5–15 (IG, TikTok) and $15–30 (YouTube) ranges.
 * - niche: impulze P9, sponsorrate P11 and P4 (see benchmarks.ts).
 */
export const DEFAULT_PRICING: PricingAssumptions = {
  per1kFollowers: { instagram: flat(10), tiktok: flat(2.5), youtube: flat(20) },
  cpm: DEFAULT_BENCHMARKS.cpm as Record<Platform, Record<PostType, number>>,
  niche: { ...DEFAULT_BENCHMARKS.niche },
  currency: "USD",
  usdRate: 1,
};

/** Where each default comes from, for the Settings screen and docs/methodology.md. */
export const PRICING_SOURCES = {
  per1kFollowers:
    "“$10 per 1K followers” (cocoandlowe; “$100 per 10K followers”, P1; impulze P9) — the same rate reproduces Influencer Marketing Hub's tier bands (IMH3): Instagram $10, TikTok $2.50, YouTube $20 per 1K",
  cpm: "sponsorrate (P11): Instagram feed $10, Reel $8, Story $5; TikTok $6; YouTube dedicated $20, integration $12, Shorts $4 — within IMH3's creator CPMs (IG and TikTok $5–15, YouTube $15–30)",
  niche:
    "impulze (P9): tech 1.5, travel 1.4, beauty 1.3, fashion 1.2; sponsorrate (P11): finance 1.5, pets 0.8; YouTube sponsorship CPMs by niche (P4): business 1.4, gaming and entertainment 0.8",
  currency:
    "US dollars, the currency every published table is in; another currency is the USD figure × its rate",
  bands: PUBLISHED_BANDS_SOURCE,
} as const;

/** The share of the price the reach × CPM estimate may carry when every post has public views. */
export const MAX_REACH_WEIGHT = 0.3;

export function priceTierFor(followers: number): PriceTierInfo {
  let found = PRICE_TIER_INFO[0]!;
  for (const t of PRICE_TIER_INFO) if (followers >= t.minFollowers) found = t;
  return found;
}

/** "$1,200", or "EUR 1,100" for another currency. */
export function formatPrice(amount: number, currency = "USD"): string {
  const v =
    amount >= 1000
      ? Number(amount.toPrecision(2))
      : amount >= 100
        ? Math.round(amount / 10) * 10
        : Math.round(amount);
  return currency === "USD" ? `$${thousands(v)}` : `${currency} ${thousands(v)}`;
}

/** An exact amount (a rate, a band's bound): "$2.50", "$10,000", "EUR 4.60". */
export function formatExact(amount: number, currency = "USD"): string {
  const cents = Math.round(amount * 100);
  const whole = thousands(Math.trunc(cents / 100));
  const frac = Math.abs(cents % 100);
  const s = frac === 0 ? whole : `${whole}.${String(frac).padStart(2, "0")}`;
  return currency === "USD" ? `$${s}` : `${currency} ${s}`;
}

export function bandText(band: PublishedBand, currency = "USD", rate = 1): string {
  return band.high === null
    ? `${formatExact(band.low * rate, currency)}+`
    : `${formatExact(band.low * rate, currency)}–${formatExact(band.high * rate, currency)}`;
}

export type BandPosition = "below" | "inside" | "above";

/** Where a point estimate sits in a band: below, inside (near the low end / in the middle / near the top), above. */
export function bandPosition(mid: number, band: PublishedBand): { position: BandPosition; where: string } {
  if (mid < band.low) return { position: "below", where: "below" };
  if (band.high === null) return { position: "inside", where: "inside, at or above the floor of" };
  if (mid > band.high) return { position: "above", where: "above" };
  const f = (mid - band.low) / (band.high - band.low);
  return {
    position: "inside",
    where:
      f < 1 / 3
        ? "inside, near the low end of"
        : f > 2 / 3
          ? "inside, near the top of"
          : "inside, in the middle of",
  };
}

const PLATFORM_NAMES: Record<Platform, string> = {
  instagram: "Instagram",
  tiktok: "TikTok",
  youtube: "YouTube",
};

/** "inside, near the low end of IMH's $100–$500 band for micro Instagram creators (10K–50K followers)" */
export function bandSentence(
  where: string,
  platform: Platform,
  tier: PriceTierInfo,
  band: PublishedBand,
  currency = "USD",
  rate = 1,
): string {
  return `${where} IMH's ${bandText(band, currency, rate)} band for ${tier.tier} ${PLATFORM_NAMES[platform]} creators (${tier.label} followers)`;
}

/** The assumptions a report is made with, and whose they are. */
export interface PricingInput {
  assumptions: PricingAssumptions;
  /** "default": the published defaults; "installation": edited by this installation's admin. */
  source: "default" | "installation";
  /** When the admin last saved them (ISO), for the report's line. */
  updatedAt?: string | null;
}

export const DEFAULT_PRICING_INPUT: PricingInput = { assumptions: DEFAULT_PRICING, source: "default" };
