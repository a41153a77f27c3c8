import type { Platform } from "../schemas/platform";
import type { Industry } from "../taxonomy";
import { normalCdf } from "./stats";

/**
 * The benchmark tables behind engagement levels, grades and price estimates. docs/methodology.md
 * prints every table with its sources (keys refer to /work/shared/research/peers.md §5).
 * The tables are plain data: an installation may pass its own through `options.benchmarks`.
 */
export interface TierBand {
  tier: string;
  minFollowers: number;
  /** The "average" band (percent): below is Low, inside Medium, above High. */
  low: number;
  high: number;
  /** The source's "high" threshold (percent); read as the tier's 90th percentile. */
  exceptional: number;
}

export type BenchmarkBasis = "followers" | "views";

export interface BenchmarkTables {
  engagement: Record<Platform, TierBand[]>;
  /** The denominator the platform's bands are per (the engine compares the same figure). */
  basis: Record<Platform, BenchmarkBasis>;
  /** Creator CPM in USD by platform and post type (sponsorrate P11, IMH3). */
  cpm: Record<Platform, Partial<Record<string, number>>>;
  /** Share of followers a post reaches when views are not public (femehk P10). */
  reachRate: Record<Platform, number>;
  /** Price multiplier by niche; 1 when absent (impulze P9, sponsorrate P11, P4). */
  niche: Partial<Record<Industry, number>>;
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

function bands(rows: readonly (readonly [number, number, number])[]): TierBand[] {
  return TIERS.map(([tier, minFollowers], i) => {
    const [low, high, exceptional] = rows[i]!;
    return { tier, minFollowers, low, high, exceptional };
  });
}

export const DEFAULT_BENCHMARKS: BenchmarkTables = {
  engagement: {
    // Median (likes + comments) ÷ followers. Modash calculator "Average" band and "High"
    // threshold (M4) for 1K and up. 0–1K: the 1K–5K row × 2.48, HypeAuditor 2018's ratio of the
    // <1K to the 1–5K average (10.58 % ÷ 4.26 %, H7), since Modash publishes no <1K band.
    instagram: bands([
      [8.39, 10.98, 19.79],
      [3.38, 4.42, 7.97],
      [1.25, 1.62, 3.54],
      [0.84, 1.11, 2.61],
      [0.75, 1.01, 2.47],
      [0.87, 1.14, 2.63],
      [0.88, 1.13, 2.46],
      [1.02, 1.27, 2.6],
    ]),
    // (likes + comments + shares) ÷ views, median per video. Modash TikTok calculator, Nov 2025
    // version (M5). M5 gives no "High" threshold: 1.5 × the band top is ours. 0–1K = the 1K–5K row.
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
    // Modash YouTube calculator "Average" band and "High" threshold (M6). peers.md §2.5 notes these
    // values are per subscriber, whatever the page says, so the engine compares the per-subscriber
    // figure with them (the headline YouTube rate stays per view). 0–1K = the 1K–5K row.
    youtube: bands([
      [1.47, 2.02, 6.42],
      [1.47, 2.02, 6.42],
      [0.59, 0.82, 2.62],
      [0.36, 0.51, 1.66],
      [0.23, 0.33, 1.08],
      [0.19, 0.27, 0.86],
      [0.16, 0.24, 0.71],
      [0.13, 0.18, 0.59],
    ]),
  },
  basis: { instagram: "followers", tiktok: "views", youtube: "followers" },
  cpm: {
    // sponsorrate P11: IG feed $10, Reel $8, Story $5; TikTok $6; YouTube dedicated $20,
    // integration $12, Shorts $4. Live is priced as a Story (IG), at the TikTok rate, and as an
    // integration (YouTube): our mapping.
    instagram: { photo: 10, carousel: 10, reel: 8, video: 8, short: 8, live: 5 },
    tiktok: { video: 6, reel: 6, short: 6, photo: 6, carousel: 6, live: 6 },
    youtube: { video: 20, short: 4, reel: 4, live: 12, photo: 4, carousel: 4 },
  },
  reachRate: { instagram: 0.3, tiktok: 0.5, youtube: 0.25 },
  niche: {
    Finance: 1.5, // P11 (finance or luxury 1.5)
    Technology: 1.5, // P9 (tech 1.5)
    Business: 1.4, // P4 (finance, business, tech $25–35 CPM vs $20–25 mid-tier)
    Travel: 1.4, // P9
    Beauty: 1.3, // P9
    Fashion: 1.2, // P9
    Gaming: 0.8, // P4 (gaming and entertainment $15–20 vs $20–25)
    Entertainment: 0.8, // P4
    Comedy: 0.8, // priced as entertainment (P4)
    "Pets & Animals": 0.8, // P11
  },
  source: {
    instagram: "Modash engagement-rate calculator bands (M4); 0–1K scaled from HypeAuditor 2018 (H7)",
    tiktok: "Modash TikTok engagement calculator, Nov 2025, per view (M5)",
    youtube: "Modash YouTube engagement calculator bands, per subscriber (M6)",
  },
};

export function tierFor(
  platform: Platform,
  followers: number,
  tables: BenchmarkTables = DEFAULT_BENCHMARKS,
): TierBand {
  const list = tables.engagement[platform] ?? DEFAULT_BENCHMARKS.engagement[platform];
  let found = list[0]!;
  for (const b of list) if (followers >= b.minFollowers) found = b;
  return found;
}

export type Level = "High" | "Medium" | "Low";

/** Below the tier's average band: Low; inside: Medium; above: High. */
export function levelFor(ratePct: number, band: TierBand): Level {
  if (ratePct < band.low) return "Low";
  if (ratePct > band.high) return "High";
  return "Medium";
}

/**
 * The account's estimated percentile (0–100) in its tier: a lognormal whose median is the
 * geometric middle of the average band and whose 90th percentile is the "exceptional" mark.
 */
export function percentileIn(ratePct: number, band: TierBand): number {
  if (!(ratePct > 0)) return 0;
  const m = Math.sqrt(band.low * band.high);
  const sigma = Math.log(band.exceptional / m) / 1.2815515655;
  if (!(m > 0) || !(sigma > 0)) return ratePct >= band.high ? 100 : 0;
  return normalCdf(Math.log(ratePct / m) / sigma) * 100;
}

/**
 * This installation's own engagement percentiles for one platform × tier (issue #24 item 7), computed
 * nightly by the server from its stored real reports (latest per account, sample data left out), on
 * the same basis as the published band (the report's `benchmark.comparedPct`).
 */
export interface InstallationBenchmark {
  platform: Platform;
  tier: string;
  p25: number;
  p50: number;
  p75: number;
  accounts: number;
  computedAt: string;
}

/** A cell is shown only when at least this many accounts make it. */
export const INSTALLATION_MIN_ACCOUNTS = 50;

export function installationBenchmarkFor(
  list: readonly InstallationBenchmark[] | undefined,
  platform: Platform,
  tier: string,
): {
  p25Pct: number;
  medianPct: number;
  p75Pct: number;
  accounts: number;
  computedAt: string;
  text: string;
} | null {
  if (!list) return null;
  for (const b of list) {
    if (b.platform !== platform || b.tier !== tier) continue;
    if (!(b.accounts >= INSTALLATION_MIN_ACCOUNTS)) return null;
    const r = (x: number) => Math.round(x * 100) / 100;
    return {
      p25Pct: r(b.p25),
      medianPct: r(b.p50),
      p75Pct: r(b.p75),
      accounts: b.accounts,
      computedAt: b.computedAt,
      text: `this installation's median: ${r(b.p50).toFixed(2)}% (${b.accounts.toLocaleString("en-US")} accounts in the ${tier} tier; middle half ${r(b.p25).toFixed(2)}–${r(b.p75).toFixed(2)}%)`,
    };
  }
  return null;
}
