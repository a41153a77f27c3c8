import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateSampleSnapshots } from "../sample";
import { engineReportSchema } from "../schemas/report";
import { type ProfileSnapshot, parseSnapshot } from "../schemas/snapshot";
import { analyzeSnapshot, FALLBACK, gradeFor } from "./analyze";

const dir = path.join(path.dirname(new URL(import.meta.url).pathname), "fixtures");
const load = (name: string): ProfileSnapshot =>
  parseSnapshot(JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")));
const now = new Date("2026-11-20T12:00:00Z");

describe("golden: Instagram (hand-computed)", () => {
  const r = analyzeSnapshot(load("instagram.json"), { now });
  it("engagement: median (likes + comments) ÷ followers", () => {
    // interactions 320, 210, 265, 430, 192 → median 265 → 265 / 10,000 = 2.65 %
    expect(r.engagementRate).toBe("2.65");
    expect(r.metrics.engagement).toMatchObject({
      ratePct: 2.65,
      perFollowerPct: 2.65,
      basis: "followers",
      postsUsed: 5,
    });
    expect(r.metrics.engagement.benchmark).toMatchObject({ tier: "10K–50K", lowPct: 0.84, highPct: 1.11 });
    expect(r.engagementLevel).toBe("High");
  });
  it("frequency and content mix", () => {
    // 5 posts over 8 days → 4 gaps / 8 days × 7 = 3.5 per week
    expect(r.postFrequency).toBe("3.5 posts per week");
    expect(r.metrics.frequency).toMatchObject({ postsPerWeek: 3.5, medianGapDays: 2, spanDays: 8 });
    expect(r.contentTypes).toEqual(["Photos (40%)", "Reels (40%)", "Carousels (20%)"]);
  });
  it("advertiser analysis", () => {
    expect(r.metrics.advertiser).toMatchObject({
      sponsoredPosts: 1,
      sponsoredShare: 0.2,
      brands: ["@stridebrand"],
      sponsoredPostIds: ["p3"],
      sponsoredEngagementPct: 2.65,
      organicEngagementPct: 2.65,
    });
    expect(r.metrics.advertiser.signals).toEqual(["#ad", "discount code"]);
    expect(r.advertiserAnalysis).toContain("1 of the last 5 posts (20%) look sponsored");
    expect(r.advertiserAnalysis).toContain("1.00× the engagement of organic ones");
  });
  it("value per post: reach × CPM × engagement × niche", () => {
    // reach 30 % of 10,000 = 3,000; photo CPM $10; ER factor clamp(2.65 / 0.975) = 2; Fashion 1.2 → $72
    expect(r.industry).toBe("Fashion");
    expect(r.metrics.value).toMatchObject({
      reach: 3000,
      cpm: 10,
      engagementFactor: 2,
      nicheFactor: 1.2,
      mid: 72,
      low: 50,
      high: 101,
    });
    expect(r.estimatedPostValue).toBe("$50 – $100 per post (estimate)");
    // 3.5 × 4.345 = 15.2 posts a month × 20 % observed sponsored = 3
    expect(r.metrics.earnings).toMatchObject({ sponsoredPostsPerMonth: 3, low: 150, high: 303 });
    expect(r.estimatedEarnings).toBe("$150 – $300 per month (estimate, 3 sponsored posts a month)");
  });
  it("grade from weighted sub-scores", () => {
    const s = r.metrics.grade.subScores;
    expect(s.engagement!.value).toBe(88.2);
    expect(s.consistency!.value).toBe(99.7);
    expect(s.regularity!.value).toBe(100);
    expect(s.growth).toBeNull();
    expect(s.authenticity!.value).toBe(100);
    // (88.2×0.4 + 99.7×0.15 + 100×0.15 + 100×0.2) / 0.9 = 94.7
    expect(r.metrics.grade.score).toBe(94.7);
    expect(r.grade).toBe("A+");
    expect(r.gradeDescription).toContain("A+ (score 94.7 of 100)");
  });
  it("labels provenance: measured numbers, estimated value and audience", () => {
    expect(r.provenance.engagementRate!.kind).toBe("measured");
    expect(r.provenance.estimatedPostValue!.kind).toBe("estimated");
    expect(r.provenance.audienceDemographics!.kind).toBe("estimated");
    expect(r.audienceDemographics).toMatch(/^Estimate \(not measured\)/);
    expect(r.recommendedCountries[0]).toBe("Portugal");
  });
});

describe("golden: TikTok (hand-computed)", () => {
  const r = analyzeSnapshot(load("tiktok.json"), { now });
  it("engagement per view with the per-follower figure alongside", () => {
    // per-view rates 9 %, 7 %, 8 %, 7.5 % → median 7.75 %; interactions median 750 / 50,000 = 1.5 %
    expect(r.engagementRate).toBe("7.75");
    expect(r.metrics.engagement).toMatchObject({
      perViewPct: 7.75,
      perFollowerPct: 1.5,
      basis: "views",
      medianViews: 9000,
    });
    expect(r.engagementLevel).toBe("Medium");
    expect(r.postFrequency).toBe("7.0 posts per week");
    expect(r.contentTypes).toEqual(["Videos (100%)"]);
    expect(r.industry).toBe("Food");
  });
  it("value, earnings and grade", () => {
    // 9,000 median views ÷ 1,000 × $6 × 1.02 × 1 = $55.08
    expect(r.metrics.value).toMatchObject({
      reach: 9000,
      cpm: 6,
      engagementFactor: 1.02,
      nicheFactor: 1,
      low: 39,
      high: 77,
    });
    expect(r.estimatedPostValue).toBe("$39 – $77 per post (estimate)");
    expect(r.metrics.earnings).toMatchObject({ sponsoredPostsPerMonth: 6, sponsoredShareUsed: 0.2 });
    expect(r.metrics.grade.subScores.engagement!.value).toBe(58.1);
    expect(r.metrics.grade.subScores.consistency!.value).toBe(87);
    expect(r.metrics.grade.score).toBe(79.2);
    expect(r.grade).toBe("B+");
    expect(r.advertiserAnalysis).toBe(
      "No sponsored posts detected in the last 4 posts (checked for #ad, paid-partnership wording, gifting and discount codes).",
    );
  });
});

describe("golden: YouTube (hand-computed)", () => {
  const r = analyzeSnapshot(load("youtube.json"), { now });
  it("leaves hidden-likes videos out and says so", () => {
    // rates 3.5 %, 3.1 %, 2.5 % (the video with hidden likes is left out) → 3.1 %
    expect(r.engagementRate).toBe("3.10");
    expect(r.metrics.engagement).toMatchObject({ postsUsed: 3, hiddenLikesPosts: 1, perFollowerPct: 0.7 });
    expect(r.metrics.engagement.method).toContain("1 posts with hidden likes left out");
    expect(r.engagementLevel).toBe("Medium");
  });
  it("frequency, mix, value, grade and declared country", () => {
    expect(r.postFrequency).toBe("1.0 posts per week");
    expect(r.contentTypes).toEqual(["Long-form videos (75%)", "Shorts (25%)"]);
    expect(r.industry).toBe("Technology");
    expect(r.metrics.value).toMatchObject({
      reach: 35000,
      cpm: 20,
      engagementFactor: 1.22,
      nicheFactor: 1.5,
      low: 897,
      high: 1793,
    });
    expect(r.estimatedPostValue).toBe("$900 – $1,800 per post (estimate)");
    expect(r.estimatedEarnings).toBe("$900 – $1,800 per month (estimate, 1 sponsored post a month)");
    expect(r.metrics.grade.subScores.regularity!.value).toBe(80);
    expect(r.metrics.grade.score).toBe(76.2);
    expect(r.grade).toBe("B+");
    expect(r.recommendedCountries[0]).toBe("United States");
    expect(r.provenance.followers!.method).toContain("rounded");
  });
});

describe("rules", () => {
  const base = load("instagram.json");
  it("gives private accounts a valid report with the spec's fallbacks", () => {
    const r = analyzeSnapshot({ ...base, isPrivate: true }, { now });
    expect(r).toMatchObject({
      isPrivate: true,
      grade: null,
      engagementLevel: "unknown",
      engagementRate: "",
      audienceDemographics: FALLBACK.demographics,
      advertiserAnalysis: FALLBACK.advertiser,
      postFrequency: FALLBACK.notAvailable,
      estimatedPostValue: FALLBACK.notAvailable,
    });
    expect(r.gradeDescription).toContain("private");
    expect(engineReportSchema.safeParse(r).success).toBe(true);
  });
  it("does not grade fewer than 3 usable posts", () => {
    const r = analyzeSnapshot({ ...base, posts: base.posts.slice(0, 2) }, { now });
    expect(r.grade).toBeNull();
    expect(r.engagementLevel).toBe("unknown");
    expect(r.gradeDescription).toContain("at least 3 are needed");
  });
  it("handles an empty account and zero followers", () => {
    const r = analyzeSnapshot({ ...base, followers: 0, posts: [] }, { now });
    expect(r.grade).toBeNull();
    expect(r.engagementRate).toBe("");
    expect(r.contentQuality).toBe(FALLBACK.notAvailable);
  });
  it("scores growth when follower history exists", () => {
    const r = analyzeSnapshot(base, {
      now,
      history: [{ fetchedAt: "2026-10-21T12:00:00Z", followers: 9000 }],
    });
    expect(r.metrics.grade.subScores.growth!.explanation).toMatch(
      /^\+11\.1% followers per month over 30 days$/,
    );
  });
  it("flags authenticity anomalies", () => {
    const posts = base.posts.map((p) => ({ ...p, likes: 5000, comments: 1 }));
    const r = analyzeSnapshot({ ...base, posts }, { now });
    expect(r.metrics.authenticity.flags.join(" ")).toContain("Very few comments for the likes");
    expect(r.metrics.grade.subScores.authenticity!.value).toBeLessThan(100);
  });
  it("maps scores to grades at the documented steps", () => {
    expect([gradeFor(90), gradeFor(89.9), gradeFor(75), gradeFor(55), gradeFor(35), gradeFor(34.9)]).toEqual([
      "A+",
      "A",
      "B+",
      "C",
      "D-",
      "F",
    ]);
  });
  it("labels sample data as sample in provenance", () => {
    const r = analyzeSnapshot({ ...base, source: "sample" }, { now });
    expect(r.provenance.engagementRate!.kind).toBe("sample");
    expect(r.provenance.engagementRate!.inputs[0]).toContain("sample data");
  });
  it("reads languages and places", () => {
    const posts = base.posts.map((p) => ({
      ...p,
      caption: "Hoje fiz um look muito lindo para vocês, com amor do Rio de Janeiro 🇧🇷",
    }));
    const r = analyzeSnapshot({ ...base, bio: "", posts }, { now });
    expect(r.metrics.languages[0]!.code).toBe("por");
    expect(r.recommendedCountries[0]).toBe("Brazil");
  });
});

describe("robustness", () => {
  const base = load("instagram.json");
  it("never throws on hostile inputs", () => {
    const cases: ProfileSnapshot[] = [
      { ...base, posts: [] },
      { ...base, followers: Number.NaN },
      { ...base, followers: -5 },
      {
        ...base,
        posts: base.posts.map((p) => ({
          ...p,
          likes: -1,
          comments: Number.POSITIVE_INFINITY,
          views: Number.NaN,
        })),
      },
      {
        ...base,
        bio: "x".repeat(10_000_000),
        posts: base.posts.map((p) => ({ ...p, caption: "🔥".repeat(5_000_000) })),
      },
      {
        ...base,
        bio: "مرحبا بكم في حسابي ‏שלום",
        posts: base.posts.map((p) => ({ ...p, caption: "\u202Eevil ‏עברית 日本語のキャプション" })),
      },
      { ...base, posts: base.posts.map((p) => ({ ...p, postedAt: "not a date" })) },
    ];
    for (const c of cases) {
      const r = analyzeSnapshot(c, { now });
      expect(engineReportSchema.safeParse(r).success).toBe(true);
    }
    expect(() => analyzeSnapshot(base, { now: new Date("nope") })).not.toThrow();
  });
  it("any snapshot the schema accepts gives a report that passes the report schema", () => {
    const post = fc.record({
      id: fc.string({ minLength: 1, maxLength: 10 }),
      type: fc.constantFrom("photo", "carousel", "reel", "video", "short", "live" as const),
      caption: fc.option(fc.string({ maxLength: 300 }), { nil: null }),
      postedAt: fc
        .date({ min: new Date("2020-01-01"), max: new Date("2026-11-20"), noInvalidDate: true })
        .map((d) => d.toISOString()),
      likes: fc.option(fc.nat(10_000_000), { nil: null }),
      comments: fc.option(fc.nat(100_000), { nil: null }),
      views: fc.option(fc.nat(100_000_000), { nil: null }),
      shares: fc.option(fc.nat(1_000_000), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.constantFrom("instagram", "tiktok", "youtube" as const),
        fc.nat(100_000_000),
        fc.array(post, { maxLength: 40 }),
        fc.boolean(),
        (platform, followers, posts, isPrivate) => {
          const snap = parseSnapshot({
            platform,
            username: "x",
            followers,
            posts,
            isPrivate,
            fetchedAt: now.toISOString(),
            source: "prop",
          });
          const r = analyzeSnapshot(snap, { now });
          const parsed = engineReportSchema.safeParse(r);
          expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues[0])).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
  it("grades sample creators across the whole range", () => {
    const reps = generateSampleSnapshots(300, { seed: 11, now }).map((s) => analyzeSnapshot(s, { now }));
    const grades = new Set(reps.map((r) => r.grade?.[0]).filter(Boolean));
    expect(grades.size).toBeGreaterThanOrEqual(3);
    expect(reps.every((r) => engineReportSchema.safeParse(r).success)).toBe(true);
  });
});
