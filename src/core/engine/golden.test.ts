import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { engineReportSchema, REPORT_FIELDS } from "../schemas/report";
import { type ProfileSnapshot, parseSnapshot } from "../schemas/snapshot";
import { analyzeSnapshot } from "./analyze";

/**
 * Golden reports: every number below was worked out by hand from the fixture and the formulas in
 * docs/methodology.md (percentiles with the lognormal of percentileIn; checked with an independent
 * re-implementation of the formulas, not with the engine).
 */
const dir = path.join(path.dirname(new URL(import.meta.url).pathname), "fixtures");
const loadFixture = (name: string): ProfileSnapshot =>
  parseSnapshot(JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), "utf8")));
const now = new Date("2026-11-20T12:00:00Z");

function check(name: string) {
  const r = analyzeSnapshot(loadFixture(name), { now });
  it("passes the report schema and labels every field's provenance", () => {
    expect(engineReportSchema.safeParse(r).success).toBe(true);
    for (const f of REPORT_FIELDS) expect(r.provenance[f], f).toBeDefined();
  });
  return r;
}

describe("golden: Instagram @stylebyana (10,000 followers, 6 posts, one with hidden likes)", () => {
  const r = check("instagram");
  const m = r.metrics;

  it("engagement: median (likes + comments) ÷ followers over the posts with visible likes", () => {
    // p1..p5 interactions 320, 210, 160, 430, 192 → median 210 → 210 ÷ 10,000 = 2.10 %; p6 hides likes
    expect(r.engagementRate).toBe("2.10");
    expect(m.engagement).toMatchObject({
      ratePct: 2.1,
      perFollowerPct: 2.1,
      // reels: 320 ÷ 4,000 = 8 %, 430 ÷ 6,000 = 7.1667 % → median 7.5833 %
      perViewPct: 7.5833,
      basis: "followers",
      numerator: "likes+comments",
      confidence: "medium",
      medianLikes: 200,
      medianComments: 16, // 10, 10, 12, 20, 25, 30
      medianViews: 5000,
      medianShares: null,
      postsUsed: 5,
      hiddenLikesPosts: 1,
    });
    expect(m.engagement.method).toBe(
      "Median (likes + comments) of the last 5 posts ÷ 10,000 followers = 210 ÷ 10,000 = 2.10%; per view (2 with public views) 7.58%; 1 post with hidden likes left out.",
    );
  });

  it("level: above the 10K–50K average band (0.84–1.11 %) is High; ≈ 84th percentile", () => {
    expect(r.engagementLevel).toBe("High");
    expect(m.engagement.benchmark).toMatchObject({
      tier: "10K–50K",
      lowPct: 0.84,
      highPct: 1.11,
      exceptionalPct: 2.61,
      basis: "followers",
      comparedPct: 2.1,
      // median √(0.84 × 1.11) = 0.9656, σ = ln(2.61 ÷ 0.9656) ÷ 1.2816 = 0.7759, z = 1.0013 → 84.2
      percentile: 84.2,
    });
  });

  it("grade: weighted sub-scores", () => {
    const s = m.grade.subScores;
    expect(s.engagement).toMatchObject({ value: 84.2, weight: 0.4 });
    // CV of 320, 210, 160, 430, 192 = 99.63 ÷ 262.4 = 0.3796 → 100 − (0.3796 − 0.3) ÷ 1.2 × 100 = 93.4
    expect(s.consistency).toMatchObject({ value: 93.4, weight: 0.15 });
    // 3.5 posts a week (≥ 3 → 100), gaps all 2 days (CV 0 → 100)
    expect(s.regularity).toMatchObject({ value: 100, weight: 0.15 });
    expect(s.growth).toBeNull();
    // 82 comments per 1,230 likes = 6.7 per 100: normal; no spikes; follows 500 < 10,000
    expect(s.authenticity).toMatchObject({ value: 100, weight: 0.2 });
    // (84.2 × 0.4 + 93.4 × 0.15 + 100 × 0.15 + 100 × 0.2) ÷ 0.9 = 91.88
    expect(m.grade.score).toBe(91.9);
    expect(r.grade).toBe("A+");
    expect(r.gradeDescription).toBe(
      "A+ (score 91.9 of 100): high engagement for its tier — 2.10% per follower against an average of 0.84–1.11% for Instagram accounts with 10K–50K followers, about the 84th percentile. Strongest: posting regularity (100); weakest: engagement (84).",
    );
    expect(m.authenticity.flags).toEqual([]);
  });

  it("frequency and content mix", () => {
    // 6 posts from Nov 9 to Nov 19: 5 gaps over 10 days → 3.5 a week
    expect(r.postFrequency).toBe("3.5 posts per week");
    expect(m.frequency).toEqual({ postsPerWeek: 3.5, medianGapDays: 2, spanDays: 10, postsAnalysed: 6 });
    expect(r.contentTypes).toEqual(["Photos (50%)", "Reels (33%)", "Carousels (17%)"]);
    expect(m.contentMix).toEqual([
      // photos: 210 and 192 per 10,000 (p6 hides likes) → mean 2.01 %
      { type: "photo", label: "Photos", count: 3, share: 0.5, medianInteractions: 201, avgEngagement: 2.01 },
      { type: "reel", label: "Reels", count: 2, share: 0.3333, medianInteractions: 375, avgEngagement: 3.75 },
      {
        type: "carousel",
        label: "Carousels",
        count: 1,
        share: 0.1667,
        medianInteractions: 160,
        avgEngagement: 1.6,
      },
    ]);
    // caption lengths 38, 52, 53, 63, 71, 71 → median 58; hashtags 2 + 1 + 1 + 1 = 5 over 6 posts
    expect(r.contentQuality).toBe(
      "Consistent performance: engagement varies little from post to post (variation 38%); short captions (median 58 characters); 0.8 hashtags per post; Reels perform best (3.75% vs 2.01% for photos).",
    );
  });

  it("advertiser analysis: #ad + code STRIDE15 + 15% off + @stridebrand on p3", () => {
    expect(m.advertiser).toEqual({
      postsChecked: 6,
      sponsoredPosts: 1,
      sponsoredShare: 0.1667,
      brands: ["@stridebrand"],
      sponsoredPostIds: ["p3"],
      sponsoredEngagementPct: 1.6, // 160 ÷ 10,000
      organicEngagementPct: 2.65, // median of 320, 210, 430, 192 = 265
      signals: ["#ad", "discount code", "discount", "brand @mention"],
      performanceRatio: 0.604,
    });
    expect(r.advertiserAnalysis).toBe(
      "1 of the last 6 posts (17%) look sponsored (#ad, discount code, discount, brand @mention). Brands mentioned: @stridebrand. Sponsored posts get 0.60× the engagement of organic ones (1.60% vs 2.65%).",
    );
  });

  it("value per post and monthly earnings (estimates)", () => {
    // Issue #24 price method. Micro tier (10K–50K): follower rate 10 × $10 = $100. No 3 posts with
    // views → reach weight 0 (reach 30 % × 10,000 = 3,000 × $10 photo CPM = $30 is shown, not used).
    // Engagement 2.10 % above the band top 1.11 % → 2.10 ÷ 1.11 = 1.89 → capped at 1.5; Fashion 1.2
    // → $100 × 1.5 × 1.2 = $180 (was $72 with reach × CPM alone).
    expect(m.value).toMatchObject({
      reach: 3000,
      cpm: 10,
      engagementFactor: 1.5,
      nicheFactor: 1.2,
      followerRate: { per1k: 10, amount: 100 },
      reachAmount: 30,
      reachWeight: 0,
      mid: 180,
      low: 126, // 180 × 0.7
      high: 252, // 180 × 1.4
      currency: "USD",
      band: { tier: "micro", low: 100, high: 500, position: "inside" },
    });
    expect(m.value!.band!.text).toBe(
      "Inside, near the low end of IMH's $100–$500 band for micro Instagram creators (10K–50K followers)",
    );
    expect(r.estimatedPostValue).toBe("$130 – $250 per post (estimate)");
    // 3.5 × 4.348 = 15.2 posts a month × 1/6 sponsored = 2.5 → 3 sponsored posts
    expect(m.earnings).toEqual({
      postsPerMonth: 15.2,
      sponsoredPostsPerMonth: 3,
      sponsoredShareUsed: 0.167,
      assumed: false,
      assumption: "17% of posts sponsored, as observed",
      low: 378,
      high: 756,
      local: null,
    });
    expect(r.estimatedEarnings).toBe(
      "$380 – $760 per month at the observed 17% sponsored share (estimate: 3 sponsored posts of 15.2 a month)",
    );
    expect(r.provenance.estimatedPostValue!.kind).toBe("estimated");
  });

  it("industry, languages, countries and the estimated audience", () => {
    // bio fashion 3 + outfit 3; name style ½ × 2; captions 4 (capped) + 2 + 0 + 3 + 1 + 0 → 17
    expect(r.industry).toBe("Fashion");
    expect(m.industries).toEqual([{ industry: "Fashion", score: 17 }]);
    expect(r.recommendedIndustries).toEqual(["Fashion", "Beauty", "Lifestyle", "Photography"]);
    expect(m.languages).toEqual([{ code: "eng", name: "English", share: 1 }]);
    // Portugal: Lisbon in the bio 3 + Lisboa in a caption 1 + 🇵🇹 in a caption 1; English 3 / 2.25 / 1.5 / 0.75
    expect(m.countries.map((c) => [c.country, c.score])).toEqual([
      ["Portugal", 5],
      ["United States", 3],
      ["United Kingdom", 2.25],
      ["Canada", 1.5],
      ["Australia", 0.75],
    ]);
    expect(m.countries[0]!.reason).toBe("named in the bio; named in 1 caption; flag in 1 caption");
    expect(r.recommendedCountries).toEqual([
      "Portugal",
      "United States",
      "United Kingdom",
      "Canada",
      "Australia",
    ]);
    // Instagram priors + Fashion shift, renormalised; women 49.4 % + 20 %
    expect(m.audience!.ageBrackets.map((b) => b.share)).toEqual([0.097, 0.359, 0.297, 0.155, 0.091]);
    expect(m.audience!.femaleShare).toBe(0.694);
    expect(r.audienceDemographics).toBe(
      "Estimated from Instagram audience averages, the Fashion niche and captions in English (not measured): mostly 18–24 (36%) and 25–34 (30%), about 69% women; likely locations Portugal, United States, United Kingdom.",
    );
    expect(r.targetDemographics).toEqual([
      "Women 18–24",
      "Women 25–34",
      "Fashion enthusiasts",
      "English-speaking audiences",
    ]);
    expect(r.provenance.audienceDemographics!.kind).toBe("estimated");
    expect(r.accountType).toBe("Personal");
  });
});

describe("golden: TikTok @quickcook (50,000 followers, 5 posts, one with zero views)", () => {
  const r = check("tiktok");
  const m = r.metrics;

  it("engagement per view (likes + comments + shares), per follower alongside", () => {
    // per view 9 %, 7 %, 8 %, 7.5 % (v5 has 0 views) → median 7.75 %;
    // interactions 900, 1,400, 400, 600, 12 → median 600 ÷ 50,000 = 1.2 %
    expect(r.engagementRate).toBe("7.75");
    expect(m.engagement).toMatchObject({
      ratePct: 7.75,
      perViewPct: 7.75,
      perFollowerPct: 1.2,
      basis: "views",
      numerator: "likes+comments+shares",
      postsUsed: 4,
      medianViews: 8000,
      medianShares: 50,
    });
    expect(m.engagement.method).toContain("1 post without views left out of the per-view median");
    // 50K–100K band 7.22–8.03 % → Medium; ≈ 52nd percentile
    expect(r.engagementLevel).toBe("Medium");
    expect(m.engagement.benchmark).toMatchObject({ tier: "50K–100K", basis: "views", percentile: 52 });
  });

  it("grade", () => {
    // CV of 9, 7, 8, 7.5 = 0.094 → 100; 7 posts a week, daily → 100; no flags → 100
    // (52.0 × 0.4 + 100 × 0.15 + 100 × 0.15 + 100 × 0.2) ÷ 0.9 = 78.67
    expect(m.grade.subScores.engagement!.value).toBe(52);
    expect(m.grade.subScores.consistency!.value).toBe(100);
    expect(m.grade.subScores.regularity!.value).toBe(100);
    expect(m.grade.subScores.authenticity!.value).toBe(100);
    expect(m.grade.score).toBe(78.7);
    expect(r.grade).toBe("B+");
  });

  it("frequency, formats, sponsorship by link in bio + 20% off", () => {
    expect(r.postFrequency).toBe("7.0 posts per week");
    expect(r.contentTypes).toEqual(["Videos (80%)", "Live (20%)"]);
    expect(m.contentMix[1]).toEqual({
      type: "live",
      label: "Live",
      count: 1,
      share: 0.2,
      medianInteractions: 12,
      avgEngagement: null,
    });
    expect(m.advertiser).toMatchObject({
      sponsoredPosts: 1,
      sponsoredShare: 0.2,
      sponsoredPostIds: ["v4"],
      brands: [],
      signals: ["link in bio", "discount"],
      sponsoredEngagementPct: 7.5,
      organicEngagementPct: 8, // 9, 7, 8 → 8
      performanceRatio: 0.938,
    });
  });

  it("value and earnings", () => {
    // Mid tier (50K–500K): follower rate 50 × $2.50 = $125; reach 9,000 × $6 = $54; 4 of 5 posts with
    // views → reach weight 0.3 × 4/5 = 0.24 → 0.76 × 125 + 0.24 × 54 = $107.96; 7.75 % inside the
    // 7.22–8.03 % band → ×1; Food ×1. Below IMH's $125 floor: 9,000 views is 18 % of followers.
    expect(m.value).toMatchObject({
      reach: 9000,
      cpm: 6,
      engagementFactor: 1,
      nicheFactor: 1,
      reachWeight: 0.24,
      mid: 108,
      low: 76,
      high: 151,
      band: { tier: "mid", low: 125, high: 1250, position: "below" },
    });
    expect(r.estimatedPostValue).toBe("$76 – $150 per post (estimate)");
    // 7 × 4.348 = 30.4 a month × 20 % (observed) = 6.1 → 6; 76 × 6 = 456, 151 × 6 = 906
    expect(m.earnings).toMatchObject({ postsPerMonth: 30.4, sponsoredPostsPerMonth: 6, low: 456, high: 906 });
    expect(r.estimatedEarnings).toBe(
      "$460 – $910 per month at the observed 20% sponsored share (estimate: 6 sponsored posts of 30.4 a month)",
    );
  });

  it("industry, account type, audience", () => {
    expect(r.industry).toBe("Food");
    expect(m.industries[0]).toEqual({ industry: "Food", score: 18 });
    expect(r.accountType).toBe("Creator"); // category "Video creator"
    expect(r.recommendedCountries).toEqual(["United States", "United Kingdom", "Canada", "Australia"]);
    expect(r.targetDemographics).toEqual([
      "Adults 25–34",
      "Adults 18–24",
      "Food enthusiasts",
      "English-speaking audiences",
    ]);
  });
});

describe("golden: YouTube @gadgetlab (200,000 subscribers, declared US)", () => {
  const r = check("youtube");
  const m = r.metrics;

  it("engagement per view; level judged per subscriber against the per-subscriber bands", () => {
    // per view 3.5 %, 3.1 %, 2.5 % (y4 hides likes) → 3.1 %; per subscriber 1,400 ÷ 200,000 = 0.7 %
    expect(r.engagementRate).toBe("3.10");
    expect(m.engagement).toMatchObject({
      perViewPct: 3.1,
      perFollowerPct: 0.7,
      postsUsed: 3,
      hiddenLikesPosts: 1,
    });
    expect(m.engagement.method).toContain("1 video with hidden likes left out");
    expect(m.engagement.method).toContain("level judged on the per-subscriber figure");
    // 100K–500K band 0.19–0.27 % (Modash M6, per subscriber) → High; ≈ 86th percentile
    expect(r.engagementLevel).toBe("High");
    expect(m.engagement.benchmark).toMatchObject({
      tier: "100K–500K",
      basis: "followers",
      comparedPct: 0.7,
      percentile: 86.1,
    });
  });

  it("grade, with YouTube's posting-rate scale", () => {
    // 1 video a week → 80 on the YouTube scale; gaps all 7 days → 100 → regularity 90
    expect(m.grade.subScores.regularity!.value).toBe(90);
    // (86.1 × 0.4 + 100 × 0.15 + 90 × 0.15 + 100 × 0.2) ÷ 0.9 = 92.16
    expect(m.grade.score).toBe(92.2);
    expect(r.grade).toBe("A+");
    expect(r.gradeDescription).toContain("0.70% per subscriber against an average of 0.19–0.27%");
  });

  it("frequency, formats, sponsorship wording, value", () => {
    expect(r.postFrequency).toBe("1.0 posts per week");
    expect(r.contentTypes).toEqual(["Long-form videos (75%)", "Shorts (25%)"]);
    expect(m.advertiser).toMatchObject({
      sponsoredPostIds: ["y1"],
      sponsoredShare: 0.25,
      brands: ["@nordvpn"],
      signals: ["paid partnership", "sponsorship wording", "brand @mention"],
      performanceRatio: 1.25, // 3.5 % vs median(3.1, 2.5) = 2.8 %
    });
    // Mid tier: follower rate 200 × $20 = $4,000; reach 35,000 × $20 = $700; weight 0.3 (4 of 4 with
    // views) → $3,010; engagement 0.7 % ÷ band top 0.27 % = 2.59 → capped 1.5; Technology 1.5 → $6,772.50
    expect(m.value).toMatchObject({
      reach: 35000,
      cpm: 20,
      engagementFactor: 1.5,
      nicheFactor: 1.5,
      reachWeight: 0.3,
      mid: 6773,
      low: 4741,
      high: 9482,
      band: { tier: "mid", low: 1000, high: 10000, position: "inside" },
    });
    expect(r.estimatedPostValue).toBe("$4,700 – $9,500 per post (estimate)");
    expect(r.estimatedEarnings).toBe(
      "$4,700 – $9,500 per month at the observed 25% sponsored share (estimate: 1 sponsored post of 4.3 a month)",
    );
  });

  it("declared country first; YouTube priors with the Technology shift", () => {
    expect(m.countries[0]).toEqual({
      country: "United States",
      score: 7,
      reason: "country declared on the profile; captions in English (100%)",
    });
    expect(r.industry).toBe("Technology");
    expect(m.audience!.ageBrackets.map((b) => b.share)).toEqual([0.078, 0.184, 0.282, 0.204, 0.252]);
    expect(r.targetDemographics).toEqual([
      "Men 25–34",
      "Men 45+",
      "Technology enthusiasts",
      "English-speaking audiences",
    ]);
    expect(r.provenance.followers!.method).toContain("rounded to 3 significant digits");
  });
});
