import { describe, expect, it } from "vitest";
import { canonicalTargetMarket } from "../schemas/discovery";
import { PLATFORMS } from "../schemas/platform";
import {
  apportion,
  breakdown,
  type CriterionScore,
  compactCount,
  coversTarget,
  ENGAGEMENT_BANDS,
  ENGAGEMENT_TIER_MINS,
  engagementQuality,
  followerFit,
  formatEngagementRate,
  industryFit,
  marketFit,
  rawMatch,
  relatedIndustries,
  resolveTargets,
  trimDescription,
} from "./match";

describe("match factors", () => {
  it("fits followers best in the middle of the range, half at its edges", () => {
    // Peaks at the middle of the log band (31.6K in 10K–100K) rather than saturating (issue #39 item 8).
    expect(followerFit(10 ** 4.5, "10k_to_100k")).toBe(1);
    expect(followerFit(31_623, "10k_to_100k")).toBeCloseTo(1, 5);
    expect(followerFit(20_000, "10k_to_100k")).toBeLessThan(followerFit(31_623, "10k_to_100k"));
    expect(followerFit(50_000, "10k_to_100k")).toBeLessThan(followerFit(31_623, "10k_to_100k"));
    expect(followerFit(10_000, "10k_to_100k")).toBeCloseTo(0.5, 10);
    expect(followerFit(99_999, "10k_to_100k")).toBeCloseTo(0.5, 3);
    expect(followerFit(12_000, "10k_to_100k")).toBeLessThan(followerFit(20_000, "10k_to_100k"));
    expect(followerFit(10_000_000, "1mil_plus")).toBe(1);
    expect(followerFit(5_000_000, "1mil_plus")).toBeCloseTo(1 - Math.abs(Math.log10(5) / 2 - 0.5), 10);
    expect(followerFit(1_000_000, "1mil_plus")).toBeCloseTo(0.5, 10);
    expect(followerFit(200, "less_than_10k")).toBe(0);
    expect(followerFit(0, "less_than_10k")).toBe(0);
  });

  it("judges engagement against the account's own tier", () => {
    // Instagram 10K–50K: typical 0.84–1.11 %, exceptional 2.61 %.
    expect(engagementQuality("instagram", 20_000, null)).toBe(0);
    expect(engagementQuality("instagram", 20_000, 0)).toBe(0);
    expect(engagementQuality("instagram", 20_000, 0.42)).toBeCloseTo(0.25, 10);
    expect(engagementQuality("instagram", 20_000, 0.84)).toBeCloseTo(0.5, 10);
    expect(engagementQuality("instagram", 20_000, 1.11)).toBeCloseTo(0.75, 10);
    // "Exceptional" is 0.9; the quality keeps rising to 1 at twice that rate, then stays there.
    expect(engagementQuality("instagram", 20_000, 2.61)).toBeCloseTo(0.9, 10);
    expect(engagementQuality("instagram", 20_000, 3.915)).toBeCloseTo(0.95, 10);
    expect(engagementQuality("instagram", 20_000, 5.22)).toBe(1);
    expect(engagementQuality("instagram", 20_000, 40)).toBe(1);
    // The same 2 % is exceptional at 20K on Instagram but weak on TikTok.
    expect(engagementQuality("tiktok", 20_000, 2)).toBeLessThan(0.2);
    expect(engagementQuality("instagram", 20_000, Number.NaN)).toBe(0);
  });

  it("has a typical band below an exceptional threshold for every platform and tier", () => {
    for (const platform of PLATFORMS) {
      expect(ENGAGEMENT_BANDS[platform]).toHaveLength(ENGAGEMENT_TIER_MINS.length);
      for (const [low, high, exceptional] of ENGAGEMENT_BANDS[platform]) {
        expect(0 < low && low < high && high < exceptional).toBe(true);
      }
    }
  });

  it("gives full industry points for the industry, half for a related one", () => {
    expect(industryFit("Fitness", "Fitness")).toBe(1);
    expect(industryFit("Health & Wellness", "Fitness")).toBe(0.5);
    expect(industryFit("Food", "Fitness")).toBe(0);
    for (const [a, list] of [["Fitness", relatedIndustries("Fitness")]] as const) {
      for (const b of list) expect(relatedIndustries(b)).toContain(a);
    }
  });

  it("resolves markets and countries and measures coverage", () => {
    const targets = resolveTargets(["united states", "europe", "Japan"]);
    expect(targets.map((t) => t.label)).toEqual(["United States", "Europe", "Japan"]);
    // Located markets count fully; markets only an estimate covers count half.
    expect(marketFit(["United States"], targets, ["United States"])).toBeCloseTo(1 / 3, 10);
    expect(marketFit(["United States"], targets)).toBeCloseTo(1 / 6, 10);
    expect(
      marketFit(["United States", "Germany", "Japan"], targets, ["United States", "Germany", "Japan"]),
    ).toBe(1);
    expect(marketFit(["United States", "Germany", "Japan"], targets, ["Germany"])).toBeCloseTo(2 / 3, 10);
    expect(marketFit([], targets)).toBe(0);
    // No market chosen: neutral.
    expect(marketFit(["United States"], [])).toBe(0.5);
    const [global] = resolveTargets(["global"]);
    expect(coversTarget(["United States", "Canada"], global!)).toBe(true);
    expect(coversTarget(["Germany", "France", "United Kingdom"], global!)).toBe(false);
    expect(coversTarget(["Brazil", "India"], global!)).toBe(true);
  });

  it("accepts the spec's markets and country names in any case", () => {
    expect(canonicalTargetMarket("United States")).toBe("united states");
    expect(canonicalTargetMarket(" USA ")).toBe("united states");
    expect(canonicalTargetMarket("Europe")).toBe("europe");
    expect(canonicalTargetMarket("United Kingdom")).toBe("uk");
    expect(canonicalTargetMarket("germany")).toBe("Germany");
    expect(canonicalTargetMarket("Atlantis")).toBeNull();
  });
});

describe("match breakdown", () => {
  const scores = (factors: number[], weights = [40, 30, 15, 15]): CriterionScore[] =>
    (["industry", "markets", "followers", "engagement"] as const).map((criterion, i) => ({
      criterion,
      weight: weights[i]!,
      factor: factors[i]!,
      detail: "",
    }));

  it("splits integers by largest remainder and respects caps", () => {
    expect(apportion([33.4, 33.3, 33.3], 100)).toEqual([34, 33, 33]);
    expect(apportion([0.5, 0.5, 0.5, 0.5], 2)).toEqual([1, 1, 0, 0]);
    expect(apportion([10.9, 0], 11, [10, 5])).toEqual([10, 1]);
  });

  it("adds up to the match percentage and the maxima to 100, for many factor mixes", () => {
    const weightSets = [
      [40, 30, 15, 15],
      [0, 30, 15, 15],
      [40, 0, 15, 15],
      [0, 0, 15, 15],
    ];
    let seed = 1;
    const rand = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let n = 0; n < 2000; n++) {
      const weights = weightSets[n % weightSets.length]!;
      const s = scores([rand(), [0, 1 / 3, 0.5, 2 / 3, 1][n % 5]!, rand(), rand()], weights);
      const match = Math.floor(rawMatch(s) + 0.5);
      const b = breakdown(s, match);
      expect(b.reduce((a, x) => a + x.points, 0)).toBe(match);
      expect(b.reduce((a, x) => a + x.max, 0)).toBe(100);
      for (const [i, x] of b.entries()) {
        expect(x.points).toBeLessThanOrEqual(x.max);
        if (weights[i] === 0) expect(x.max).toBe(0);
      }
    }
  });

  it("scales the criteria that apply to 100", () => {
    const b = breakdown(scores([0, 0, 1, 1], [0, 0, 15, 15]), 100);
    expect(b.map((x) => [x.points, x.max])).toEqual([
      [0, 0],
      [0, 0],
      [50, 50],
      [50, 50],
    ]);
    expect(rawMatch(scores([1, 1, 1, 1]))).toBe(100);
    expect(rawMatch(scores([0.5, 0, 1, 1]))).toBe(50);
  });
});

describe("display helpers", () => {
  it("formats engagement like the spec's text", () => {
    expect(formatEngagementRate(3.4)).toBe("3.4%");
    expect(formatEngagementRate(3.449)).toBe("3.4%");
    expect(formatEngagementRate(0.05)).toBe("0.1%");
    expect(formatEngagementRate(null)).toBe("N/A");
    expect(formatEngagementRate(Number.NaN)).toBe("N/A");
  });

  it("trims bios to about 200 characters at a word", () => {
    const bio = `${"Plant-based recipes and kitchen stories ".repeat(10)}\n\nend`;
    const d = trimDescription(bio);
    expect(d.length).toBeLessThanOrEqual(200);
    expect(d.endsWith("…")).toBe(true);
    expect(d).not.toContain("\n");
    expect(trimDescription("  short bio  ")).toBe("short bio");
  });

  it("writes compact counts", () => {
    expect(compactCount(10_000)).toBe("10K");
    expect(compactCount(1_500_000)).toBe("1.5M");
    expect(compactCount(950)).toBe("950");
    expect(compactCount(45_230)).toBe("45.2K");
  });
});
