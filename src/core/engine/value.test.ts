import { describe, expect, it } from "vitest";
import type { Platform } from "../schemas/platform";
import { engineReportSchema } from "../schemas/report";
import { type ProfileSnapshot, parseSnapshot } from "../schemas/snapshot";
import { analyzeSnapshot } from "./analyze";
import { DEFAULT_BENCHMARKS, tierFor } from "./benchmarks";
import {
  DEFAULT_PRICING,
  PRICE_TIER_INFO,
  type PricingAssumptions,
  PUBLISHED_BANDS,
  priceTierFor,
} from "./pricing";

/**
 * Issue #24 item 1: a typical creator — engagement in the middle of its tier's average band, the
 * platform's typical views (Instagram 30 %, TikTok 50 %, YouTube 25 % of followers), plain
 * General content — lands inside the published price band of its tier, on every platform.
 */
const now = new Date("2026-11-20T12:00:00Z");
const MAIN_TYPE: Record<Platform, string> = { instagram: "reel", tiktok: "video", youtube: "video" };

function typicalCreator(
  platform: Platform,
  followers: number,
  opts: { erPct?: number; views?: number | null; posts?: number } = {},
): ProfileSnapshot {
  const band = tierFor(platform, followers);
  const er = opts.erPct ?? (band.low + band.high) / 2;
  const views =
    opts.views === undefined ? Math.round(followers * DEFAULT_BENCHMARKS.reachRate[platform]) : opts.views;
  // Instagram and YouTube bands are per follower; TikTok's per view.
  const interactions = Math.round(
    (DEFAULT_BENCHMARKS.basis[platform] === "views" && views ? views : followers) * (er / 100),
  );
  const n = opts.posts ?? 12;
  const posts = Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    type: MAIN_TYPE[platform],
    caption: "Another day, another post",
    postedAt: new Date(now.getTime() - (i + 1) * 2 * 86_400_000).toISOString(),
    views,
    likes: Math.round(interactions * 0.9),
    comments: interactions - Math.round(interactions * 0.9),
    ...(platform === "tiktok" ? { shares: 0 } : {}),
  }));
  return parseSnapshot({
    platform,
    username: "typical",
    name: "Typical",
    bio: "",
    verified: false,
    isPrivate: false,
    followers,
    fetchedAt: now.toISOString(),
    source: "fixture",
    posts,
  });
}

/** The geometric middle of a tier's follower range (3M for the open 1M+ tier). */
function typicalFollowers(min: number, max: number | null): number {
  return max === null ? 3_000_000 : Math.round(Math.sqrt(Math.max(min, 1000) * max));
}

describe("price per post: a typical creator lands in its tier's published band", () => {
  for (const platform of ["instagram", "tiktok", "youtube"] as const) {
    for (const t of PRICE_TIER_INFO) {
      const followers = typicalFollowers(t.minFollowers, t.maxFollowers);
      it(`${platform} ${t.tier} (${followers.toLocaleString("en-US")} followers)`, () => {
        const r = analyzeSnapshot(typicalCreator(platform, followers), { now });
        const v = r.metrics.value!;
        const band = PUBLISHED_BANDS[platform][t.tier];
        expect(r.engagementLevel).toBe("Medium");
        expect(v.band).toMatchObject({ tier: t.tier, position: "inside", low: band.low, high: band.high });
        expect(v.mid).toBeGreaterThanOrEqual(band.low);
        if (band.high !== null) expect(v.mid).toBeLessThanOrEqual(band.high);
        expect(v.band!.text).toMatch(/^Inside, /);
      });
    }
  }

  // The engagement tiers of benchmarks.ts (1K and up), each at its geometric middle.
  for (const platform of ["instagram", "tiktok", "youtube"] as const) {
    const tiers = DEFAULT_BENCHMARKS.engagement[platform].filter((b) => b.minFollowers >= 1000);
    tiers.forEach((b, i) => {
      const next = tiers[i + 1];
      const followers = typicalFollowers(b.minFollowers, next ? next.minFollowers : null);
      it(`${platform} engagement tier ${b.tier} (${followers.toLocaleString("en-US")} followers) is inside its price band`, () => {
        const v = analyzeSnapshot(typicalCreator(platform, followers), { now }).metrics.value!;
        expect(v.band!.position).toBe("inside");
        expect(v.band!.tier).toBe(priceTierFor(followers).tier);
      });
    });
  }
});

describe("price per post: the issue's example and the method", () => {
  it("30K-follower Instagram creator, 1% engagement, 3.6K views per reel: inside IMH's $100–$500 (was $21 – $42)", () => {
    const r = analyzeSnapshot(typicalCreator("instagram", 30_000, { erPct: 1, views: 3600 }), { now });
    expect(engineReportSchema.safeParse(r).success).toBe(true);
    const v = r.metrics.value!;
    // follower rate 30 × $10 = $300; reach 3.6 × $8 = $28.80; 70 % + 30 % → $218.64; ×1 ×1
    expect(v.followerRate).toEqual({ per1k: 10, amount: 300 });
    expect(v.reachAmount).toBe(28.8);
    expect(v.reachWeight).toBe(0.3);
    expect(v.engagementFactor).toBe(1);
    expect(v.mid).toBe(219);
    expect(v.low).toBe(153);
    expect(v.high).toBe(306);
    expect(r.estimatedPostValue).toBe("$150 – $310 per post (estimate)");
    expect(v.band!.text).toBe(
      "Inside, near the low end of IMH's $100–$500 band for micro Instagram creators (10K–50K followers)",
    );
    expect(v.formula).toBe(
      "Follower rate: 30,000 followers ÷ 1,000 × $10 (micro tier) = $300. Reach: 3,600 (median views of the last 12 posts with public views) ÷ 1,000 × $8 CPM = $29. Blend: 70% follower rate + 30% reach (12 of 12 posts with public views) = $220 × 1 engagement factor × 1 niche factor = $220; range 0.7×–1.4×",
    );
    expect(v.assumptions).toMatchObject({
      source: "default",
      currency: "USD",
      usdRate: 1,
      per1kFollowers: 10,
      cpm: 8,
    });
    expect(v.assumptions!.text).toMatch(/^Pricing assumptions: the published defaults/);
    expect(r.provenance.estimatedPostValue!.method).toBe(v.formula);
  });

  it("no public views: the follower rate alone (reach weight 0)", () => {
    const v = analyzeSnapshot(typicalCreator("instagram", 30_000, { views: null }), { now }).metrics.value!;
    expect(v.reachWeight).toBe(0);
    expect(v.mid).toBe(300);
    expect(v.formula).toContain("follower rate only (fewer than 3 posts with public views)");
  });

  it("the reach weight follows the share of posts with public views", () => {
    const s = typicalCreator("instagram", 30_000, { views: 3600 });
    const half = parseSnapshot({
      ...s,
      posts: s.posts.map((p, i) => (i % 2 === 0 ? { ...p, views: null } : p)),
    });
    const v = analyzeSnapshot(half, { now }).metrics.value!;
    expect(v.reachWeight).toBe(0.15);
    expect(v.formula).toContain("85% follower rate + 15% reach (6 of 12 posts with public views)");
  });

  it("engagement inside the average band does not move the price; below lowers it, above raises it (capped)", () => {
    const band = tierFor("instagram", 30_000);
    const at = (er: number) =>
      analyzeSnapshot(typicalCreator("instagram", 30_000, { erPct: er, views: 3600 }), { now }).metrics
        .value!;
    expect(at(band.low).mid).toBe(at(band.high).mid);
    expect(at(band.low / 2).engagementFactor).toBe(0.5);
    expect(at(band.low / 2).mid).toBeLessThan(at(band.low).mid);
    expect(at(band.high * 3).engagementFactor).toBe(1.5);
  });

  it("the installation's assumptions are used and named; another currency is shown at its rate", () => {
    const assumptions: PricingAssumptions = {
      ...DEFAULT_PRICING,
      per1kFollowers: {
        ...DEFAULT_PRICING.per1kFollowers,
        instagram: { ...DEFAULT_PRICING.per1kFollowers.instagram, micro: 20 },
      },
      currency: "EUR",
      usdRate: 0.5,
    };
    const r = analyzeSnapshot(typicalCreator("instagram", 30_000, { views: null }), {
      now,
      pricing: { assumptions, source: "installation", updatedAt: "2026-11-25T10:00:00.000Z" },
    });
    const v = r.metrics.value!;
    expect(v.mid).toBe(600); // 30 × $20, in USD
    expect(v.currency).toBe("USD");
    expect(v.local).toEqual({ currency: "EUR", usdRate: 0.5, low: 210, high: 420, mid: 300 });
    expect(r.estimatedPostValue).toBe("EUR 210 – EUR 420 per post (estimate)");
    expect(v.assumptions).toMatchObject({
      source: "installation",
      currency: "EUR",
      usdRate: 0.5,
      per1kFollowers: 20,
    });
    expect(v.assumptions!.text).toBe(
      "Pricing assumptions: this installation's (saved 2026-11-25) — EUR 10 per 1K followers, EUR 4 CPM, niche ×1, EUR at 0.5 per US dollar",
    );
    expect(v.band!.text).toContain("IMH's EUR 50–EUR 250 band");
    expect(r.estimatedEarnings).toMatch(/^EUR /);
  });
});

describe("monthly earnings say what sponsored share they rest on", () => {
  it("no sponsored post detected: the headline says 20% is assumed", () => {
    const r = analyzeSnapshot(typicalCreator("instagram", 30_000, { views: 3600 }), { now });
    const e = r.metrics.earnings!;
    expect(e.assumed).toBe(true);
    expect(r.estimatedEarnings).toMatch(
      /^\$[\d,]+ – \$[\d,]+ per month if 20% of posts are sponsored \(assumed; none detected — estimate: \d+ sponsored posts? of [\d.]+ a month\)$/,
    );
  });

  it("sponsored posts detected: the headline says the share is observed", () => {
    const s = typicalCreator("instagram", 30_000, { views: 3600 });
    const sponsored = parseSnapshot({
      ...s,
      posts: s.posts.map((p, i) => (i < 3 ? { ...p, caption: "Loving my new shoes #ad @brand" } : p)),
    });
    const r = analyzeSnapshot(sponsored, { now });
    expect(r.metrics.earnings!.assumed).toBe(false);
    expect(r.estimatedEarnings).toMatch(/per month at the observed 25% sponsored share \(estimate: /);
  });
});

describe("installation benchmarks in the report", () => {
  const cell = (accounts: number) => [
    {
      platform: "instagram" as const,
      tier: "10K–50K",
      p25: 0.7,
      p50: 0.95,
      p75: 1.3,
      accounts,
      computedAt: "2026-11-20T03:00:00.000Z",
    },
  ];
  it("49 accounts: nothing shown; 50: this installation's median beside the published band", () => {
    const s = typicalCreator("instagram", 30_000);
    expect(
      analyzeSnapshot(s, { now, installationBenchmarks: cell(49) }).metrics.engagement.benchmark!
        .installation,
    ).toBeNull();
    const shown = analyzeSnapshot(s, { now, installationBenchmarks: cell(50) }).metrics.engagement.benchmark!
      .installation;
    expect(shown).toMatchObject({ medianPct: 0.95, p25Pct: 0.7, p75Pct: 1.3, accounts: 50 });
    expect(shown!.text).toBe(
      "this installation's median: 0.95% (50 accounts in the 10K–50K tier; middle half 0.70–1.30%)",
    );
  });
  it("another platform's or tier's cell is not used", () => {
    const r = analyzeSnapshot(typicalCreator("instagram", 70_000), {
      now,
      installationBenchmarks: cell(500),
    });
    expect(r.metrics.engagement.benchmark!.installation).toBeNull();
  });
});
