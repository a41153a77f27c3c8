import type { Platform } from "../schemas/platform";

/**
 * Follower-tier engagement benchmarks (docs/methodology.md gives each source).
 * Instagram: median (likes + comments) ÷ followers; TikTok and YouTube: per-view.
 * `low`–`high` is the "average" band; at or above `exceptional` is top-decile territory.
 */
export interface TierBand {
  tier: string;
  minFollowers: number;
  low: number;
  high: number;
  exceptional: number;
}

export interface BenchmarkTables {
  engagement: Record<Platform, TierBand[]>;
  /** Creator CPM in USD by platform and format (sponsorrate P11, IMH3). */
  cpm: Record<Platform, Record<string, number>>;
  /** Share of followers a post reaches when views are unknown (femehk P10). */
  reachRate: Record<Platform, number>;
  /** Advertiser price multipliers by niche (impulze P9, sponsorrate P11). */
  niche: Record<string, number>;
  source: Record<Platform, string>;
}

const TIERS = [
  ["0–1K", 0],
  ["1K–5K", 1_000],
  ["5K–10K", 5_000],
  ["10K–50K", 10_000],
  ["50K–100K", 50_000],
  ["100K–500K", 100_000],
  ["500K–1M", 500_000],
  ["1M+", 1_000_000],
] as const;

function bands(rows: [number, number, number][]): TierBand[] {
  return TIERS.map(([tier, minFollowers], i) => {
    const [low, high, exceptional] = rows[i]!;
    return { tier, minFollowers, low, high, exceptional };
  });
}

export const DEFAULT_BENCHMARKS: BenchmarkTables = {
  engagement: {
    // Modash engagement-rate calculator bands (M4); 0–1K from HypeAuditor 2018 (H7).
    instagram: bands([
      [6.0, 10.6, 17.0],
      [3.38, 4.42, 7.97],
      [1.25, 1.62, 3.54],
      [0.84, 1.11, 2.61],
      [0.75, 1.01, 2.47],
      [0.87, 1.14, 2.63],
      [0.88, 1.13, 2.46],
      [1.02, 1.27, 2.6],
    ]),
    // Modash TikTok calculator, Nov 2025, view-based (M5); "exceptional" = 1.5 × the band's top.
    tiktok: bands([
      [12.06, 14.04, 21.06],
      [12.06, 14.04, 21.06],
      [10.5, 11.83, 17.75],
      [8.38, 9.37, 14.06],
      [7.22, 8.03, 12.05],
      [6.66, 7.39, 11.09],
      [6.19, 6.85, 10.28],
      [6.2, 6.84, 10.26],
    ]),
    // Per-view YouTube bands are our working assumption (no stored source gives them by tier;
    // peers.md §2.5 warns the published bands look per-subscriber): likes+comments per view.
    youtube: bands([
      [3.0, 5.0, 8.0],
      [3.0, 5.0, 8.0],
      [2.5, 4.5, 7.0],
      [2.2, 4.0, 6.5],
      [2.0, 3.6, 6.0],
      [1.8, 3.3, 5.5],
      [1.6, 3.0, 5.0],
      [1.5, 2.8, 4.8],
    ]),
  },
  cpm: {
    instagram: { photo: 10, carousel: 10, reel: 8, video: 8, live: 5 },
    tiktok: { video: 6, live: 4 },
    youtube: { video: 20, short: 4, live: 12 },
  },
  reachRate: { instagram: 0.3, tiktok: 0.5, youtube: 0.25 },
  niche: {
    Finance: 1.5,
    Business: 1.5,
    Technology: 1.5,
    Travel: 1.4,
    Beauty: 1.3,
    Fashion: 1.2,
    Automotive: 1.2,
    "Health & Wellness": 1.1,
    "Pets & Animals": 0.8,
    Comedy: 0.9,
    Entertainment: 0.9,
  },
  source: {
    instagram: "Modash engagement-rate calculator bands (M4); HypeAuditor 2018 for <1K (H7)",
    tiktok: "Modash TikTok engagement calculator, Nov 2025, per view (M5)",
    youtube: "Working assumption for per-view engagement (see docs/methodology.md)",
  },
};

export function tierFor(
  platform: Platform,
  followers: number,
  tables: BenchmarkTables = DEFAULT_BENCHMARKS,
): TierBand {
  const list = tables.engagement[platform];
  let found = list[0]!;
  for (const b of list) if (followers >= b.minFollowers) found = b;
  return found;
}
