/**
 * Issue #39 items 1–4: fields read exactly as the platforms send them, from recorded-shape fixtures
 * (field names as documented or widely recorded, values invented), through the collector and on into
 * the report the engine builds from its snapshot.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildReport } from "#core/engine/build-report";
import { type ProfileSnapshot, profileSnapshotSchema } from "#core/schemas/snapshot";
import { createApifyCollector } from "./apify";
import { createHttpClient } from "./http";
import { createInstagramWebCollector } from "./instagram-web";
import { type FakeUpstream, type RecordedRequest, startFakeUpstream } from "./testing/fake-upstream";
import { fixture, fixtureJson, testCollectorsConfig } from "./testing/helpers";
import { createTikTokCollector } from "./tiktok";
import { createYouTubeApiCollector } from "./youtube-api";

const NOW = Date.parse("2026-09-10T12:00:00Z");
const HTML = { "content-type": "text/html; charset=utf-8" };
const TT_APIFY = "/v2/acts/clockworks~tiktok-profile-scraper/run-sync-get-dataset-items";
const IG_APIFY = "/v2/acts/apify~instagram-profile-scraper/run-sync-get-dataset-items";

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

const http = () => createHttpClient(testCollectorsConfig(fake.url, { retries: 0 }));
const tiktok = () => createTikTokCollector({ http: http(), baseUrl: fake.url, now: () => NOW });
const apify = (platform: "instagram" | "tiktok") =>
  createApifyCollector(platform, {
    http: http(),
    baseUrl: fake.url,
    token: "apify_api_S3CRETtoken0000000000000000000",
    timeoutSec: 60,
    now: () => NOW,
  });
const report = (snap: ProfileSnapshot | null) =>
  buildReport(profileSnapshotSchema.parse(snap), { now: new Date(NOW), history: [] });

describe("item 1: TikTok counts are exact when the page has them", () => {
  it("prefers statsV2's exact strings over the rounded stats, for the profile and each video", async () => {
    fake.route("GET", "/@examplebaker", { body: fixture("tiktok-profile-exact-stats.html"), headers: HTML });
    const snap = await tiktok().fetchSnapshot("tiktok", "examplebaker", {});
    expect(snap).toMatchObject({
      followers: 4_001_943,
      following: 212,
      totalLikes: 98_734_012,
      postsCount: 1203,
    });
    expect(snap).not.toHaveProperty("followersRounded");
    expect(snap?.posts.map((p) => [p.id, p.views, p.likes, p.comments, p.shares, p.countsRounded])).toEqual([
      ["7510000000000000001", 1_234_567, 98_123, 1204, 3312, undefined],
      ["7510000000000000002", 2_104_522, 150_399, 2011, 4087, undefined],
      // Only `stats` on this video: its counts are the rounded ones, and marked so.
      ["7510000000000000003", 870_000, 61_200, 845, 1200, true],
    ]);
    const { report: r } = report(snap);
    expect(r.provenance.followers!.method).toBe("Follower count as the platform publishes it");
    expect(r.provenance.engagementRate!.method).toContain(
      "The platform shows the counts of 1 post rounded to 3 significant digits.",
    );
  });

  it("marks the counts rounded when the page has only the rounded stats", async () => {
    fake.route("GET", "/@examplebaker", {
      body: fixture("tiktok-profile-rounded-stats.html"),
      headers: HTML,
    });
    const snap = await tiktok().fetchSnapshot("tiktok", "examplebaker", {});
    expect(snap).toMatchObject({ followers: 4_000_000, followersRounded: true });
    expect(snap?.posts.every((p) => p.countsRounded === true)).toBe(true);
    const { report: r } = report(snap);
    expect(r.provenance.followers!.method).toContain("rounded to 3 significant digits");
    expect(r.provenance.engagementRate!.method).toContain(
      "counts of 3 posts rounded to 3 significant digits",
    );
  });
});

describe("item 2: the creator's own link and region reach the report", () => {
  it("tiktok-web: the bio link is the report's website; the declared region counts as a declared location", async () => {
    fake.route("GET", "/@examplebaker", { body: fixture("tiktok-profile-exact-stats.html"), headers: HTML });
    const snap = await tiktok().fetchSnapshot("tiktok", "examplebaker", {});
    expect(snap).toMatchObject({ externalUrl: "linktr.ee/examplebaker", region: "GB" });
    const { report: r, index } = report(snap);
    expect(r.externalUrl).toBe("https://linktr.ee/examplebaker");
    expect(r.metrics.countries[0]).toMatchObject({
      country: "United Kingdom",
      reason: expect.stringContaining("country declared on the profile"),
    });
    expect(index.locatedCountries).toContain("United Kingdom");
    expect(index.marketBasis?.find((b) => b.country === "United Kingdom")?.kind).toBe("location");
  });

  it("tiktok-apify: authorMeta.bioLink and authorMeta.region are kept", async () => {
    fake.route("POST", TT_APIFY, { status: 201, body: fixtureJson("apify-tiktok-profile-biolink.json") });
    const snap = await apify("tiktok").fetchSnapshot("tiktok", "examplecreator", {});
    expect(snap).toMatchObject({ externalUrl: "linktr.ee/examplecreator", region: "GB" });
    const { report: r, index } = report(snap);
    expect(r.externalUrl).toBe("https://linktr.ee/examplecreator");
    expect(index.locatedCountries).toContain("United Kingdom");
  });

  it("instagram-apify: the profile's externalUrl is the report's website", async () => {
    fake.route("POST", IG_APIFY, { status: 201, body: fixtureJson("apify-instagram-profile.json") });
    const snap = await apify("instagram").fetchSnapshot("instagram", "examplecreator", {});
    expect(report(snap).report.externalUrl).toBe("https://example.com/");
  });
});

describe('item 3: Instagram\'s placeholder category "None" is no category', () => {
  it('web profile: category_name / business_category_name "None"', async () => {
    fake.route("GET", "/api/v1/users/web_profile_info/", {
      body: fixtureJson("instagram-web-profile-category-none.json"),
    });
    const collector = createInstagramWebCollector({ http: http(), baseUrl: fake.url, now: () => NOW });
    const snap = await collector.fetchSnapshot("instagram", "examplecreator", {});
    expect(snap?.category).toBeNull();
    const { report: r } = report(snap);
    expect(r.provenance.accountType!.inputs).not.toContain("category");
    expect(r.provenance.industry!.method).not.toContain("None");
  });

  it('Apify: businessCategoryName "None"; the engine also ignores a stored "None"', async () => {
    fake.route("POST", IG_APIFY, {
      status: 201,
      body: fixtureJson("apify-instagram-profile-category-none.json"),
    });
    const snap = await apify("instagram").fetchSnapshot("instagram", "examplecreator", {});
    expect(snap?.category).toBeNull();
    const stored = report({ ...snap!, category: "None" }).report;
    expect(stored.provenance.accountType!.inputs).not.toContain("category");
    expect(stored.accountType).toBe(report(snap).report.accountType);
  });
});

describe("item 4: YouTube Shorts are not guessed from duration when the Shorts list cannot be read", () => {
  function routeChannel(shorts: { status: number; body: unknown }) {
    fake.route("GET", "/youtube/v3/channels", { body: fixtureJson("youtube-channels.json") });
    fake.route("GET", "/youtube/v3/playlistItems", (req: RecordedRequest) =>
      req.query.get("playlistId")?.startsWith("UUSH")
        ? shorts
        : { body: fixtureJson("youtube-playlist-items.json") },
    );
    fake.route("GET", "/youtube/v3/videos", { body: fixtureJson("youtube-videos.json") });
  }
  const youtube = () =>
    createYouTubeApiCollector({ http: http(), apiKey: "test-key-123", baseUrl: fake.url, now: () => NOW });

  for (const [what, answer] of [
    ["404", { status: 404, body: fixtureJson("youtube-playlist-not-found.json") }],
    ["quota", { status: 403, body: fixtureJson("youtube-quota-exceeded.json") }],
  ] as const) {
    it(`a 41-second upload is of unknown format when the Shorts playlist answers ${what}`, async () => {
      routeChannel(answer);
      const snap = await youtube().fetchSnapshot("youtube", "@ExampleCreator", {});
      const short = snap?.posts.find((p) => p.id === "ghiJKL67890");
      expect(short).toMatchObject({ type: "video", formatUnknown: true, durationSec: 41 });
      expect(snap?.posts.find((p) => p.id === "abcDEF12345")).not.toHaveProperty("formatUnknown");
      const mix = report(snap).report.metrics.contentMix;
      expect(mix.map((m) => m.label)).not.toContain("Shorts");
      expect(mix.find((m) => m.label === "Format unknown")).toMatchObject({ count: 1 });
    });
  }
});
