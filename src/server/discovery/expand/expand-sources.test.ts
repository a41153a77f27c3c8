/**
 * "Find more on {platform}" through the sources other than the YouTube Data API (issue #35 item 1),
 * against stand-ins on 127.0.0.1: YouTube without a key (youtubei.js channel search over InnerTube,
 * rounded display counts, this server's pace) and Instagram / TikTok through Apify's search and
 * hashtag actors (items capped by APIFY_MAX_ITEMS_PER_SEARCH, said before running). Found creators
 * join the index with origin "search" and profile figures, and rank in discovery; a provider failure
 * fails the job with the provider's message and adds nothing.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figuresLabel } from "#core/schemas/account-origin";
import type { DiscoverySearchResponse } from "#core/schemas/discovery";
import type { ExpandSources } from "#core/schemas/expand";
import { type FakeUpstream, startFakeUpstream } from "../../collectors/testing/fake-upstream";
import { signIn } from "../../testing/sign-in";
import { startTestApp, type TestAppHandle } from "../../testing/test-app";
import { testedDatabaseKinds } from "../../testing/test-db";
import { INSTAGRAM_HASHTAG_ACTOR, INSTAGRAM_SEARCH_ACTOR, TIKTOK_SEARCH_ACTOR } from "./apify-search";
import { expand, waitForJob } from "./testing/expand-jobs";
import {
  instagramHashtagPost,
  instagramProfileItem,
  routeActor,
  runPath,
  tiktokVideoItem,
  veganCreators,
} from "./testing/fake-apify-search";
import { routeInnertubeSearch } from "./testing/fake-innertube-search";
import { veganChannels } from "./testing/fake-youtube-search";

async function discover(h: TestAppHandle, payload: object): Promise<DiscoverySearchResponse> {
  const res = await h.app.inject({ method: "POST", url: "/api/discovery/search", payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DiscoverySearchResponse;
}

async function countLike(h: TestAppHandle, pattern: string): Promise<number> {
  const res = (await h.database.db.execute(
    sql`select count(*)::int as n from accounts where username like ${pattern}`,
  )) as unknown as { rows: { n: number }[] };
  return res.rows[0]!.n;
}

describe.each(testedDatabaseKinds())("Find more on YouTube without a key (youtubei.js) on %s", (kind) => {
  let upstream: FakeUpstream;
  let h: TestAppHandle;
  let user = "";

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    h = await startTestApp(kind, {
      env: {
        DEV_LOGIN: "1",
        COLLECTORS: "sample,youtube",
        YOUTUBE_INNERTUBE_BASE_URL: upstream.url,
        UPSTREAM_RETRIES: "0",
        SOURCE_PACE_PER_MINUTE: "60",
        USER_DAILY_REPORT_LIMIT: "1000",
      },
    });
    user = await signIn(h.app, "user@example.com");
  });
  afterAll(async () => {
    await h?.close();
    await upstream?.close();
  });

  it("says before running that it is keyless and rounded, and which source searches", async () => {
    const res = await h.app.inject({
      method: "GET",
      url: "/api/discovery/expand/sources?platform=youtube",
      headers: { cookie: user },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ExpandSources;
    expect(body.sources.map((s) => s.name)).toEqual(["youtube-innertube"]);
    expect(body.sources[0]!.costNote).toContain("rounded");
    expect(body.message).toBeNull();
    const bad = await h.app.inject({
      method: "GET",
      url: "/api/discovery/expand/sources?platform=myspace",
      headers: { cookie: user },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("platform");
  });

  it("adds the channels of “vegan recipes” in Germany with rounded counts, ranked in discovery", async () => {
    upstream.reset();
    const channels = veganChannels(45).map((c, i) => (i === 0 ? { ...c, subscribers: 1_234_567 } : c));
    routeInnertubeSearch(upstream, channels);
    const res = await expand(h, user, {
      platform: "youtube",
      query: "vegan recipes",
      industry: "Food",
      targetMarkets: ["Germany"],
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(h, user, (res.json() as { jobId: string }).jobId);
    expect(job, job.message).toMatchObject({
      state: "done",
      found: 20,
      added: 20,
      alreadyKnown: 0,
      spent: { "youtube-innertube.requests": 1 },
    });
    expect(job.message).toContain("Added 20 new YouTube channels");

    // One page of InnerTube's search (20 channels), filtered to channels, in Germany.
    const searches = upstream.requests.filter((r) => r.path === "/youtubei/v1/search");
    expect(searches).toHaveLength(1);
    const first = JSON.parse(searches[0]!.body) as {
      query: string;
      params: string;
      context: { client: { gl: string; hl: string } };
    };
    expect(first.query).toBe("vegan recipes");
    // youtubei.js's protobuf filter for type "channel" (SearchFilter type CHANNEL).
    expect(decodeURIComponent(first.params)).toBe("EgIQAg==");
    expect(first.context.client).toMatchObject({ gl: "DE", hl: "en" });

    const big = (await discover(h, { platform: "youtube", followerRange: "1mil_plus" })).results.find(
      (r) => r.username === "veganekueche1",
    );
    expect(big).toMatchObject({
      origin: "search",
      followers: 1_200_000,
      engagementRate: "N/A",
      figures: { kind: "profile", rounded: true },
    });
    // The row says its figures are rounded display text, and how old they are.
    expect(figuresLabel(big!.figures, new Date())).toBe(
      "profile figures (rounded from the platform's display text), read today",
    );
    const found = await discover(h, {
      platform: "youtube",
      followerRange: "10k_to_100k",
      industry: "Food",
      targetMarkets: ["Germany"],
    });
    expect(found.results.find((r) => r.username === "veganekueche2")).toMatchObject({
      followers: 21_000,
      origin: "search",
    });
  });

  it("fails the job with YouTube's answer and adds nothing when the search is refused", async () => {
    upstream.reset();
    upstream.route("POST", "/youtubei/v1/search", { status: 429, body: "Too Many Requests" });
    const before = await countLike(h, "veganekueche%");
    const res = await expand(h, user, { platform: "youtube", query: "vegan recipes" });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(h, user, (res.json() as { jobId: string }).jobId);
    expect(job.state).toBe("failed");
    expect(job.message).toContain("YouTube is rate limiting us");
    expect(await countLike(h, "veganekueche%")).toBe(before);
  });
});

describe("the keyless YouTube search is paced like other unofficial sources", () => {
  let upstream: FakeUpstream;
  let h: TestAppHandle;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    routeInnertubeSearch(upstream, veganChannels(45));
    h = await startTestApp("pglite", {
      env: {
        DEV_LOGIN: "1",
        ADMIN_EMAILS: "admin@example.com",
        COLLECTORS: "sample,youtube-innertube",
        YOUTUBE_INNERTUBE_BASE_URL: upstream.url,
        UPSTREAM_RETRIES: "0",
        SOURCE_PACE_PER_MINUTE: "1",
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await upstream?.close();
  });

  it("reads one page within the pace and refuses the next search with when to retry, making no call", async () => {
    const admin = await signIn(h.app, "admin@example.com");
    const first = await expand(h, admin, { platform: "youtube", query: "vegan recipes" });
    expect(first.statusCode, first.body).toBe(202);
    const job = await waitForJob(h, admin, (first.json() as { jobId: string }).jobId);
    expect(job).toMatchObject({ state: "done", found: 20, spent: { "youtube-innertube.requests": 1 } });
    const calls = upstream.count("/youtubei/v1/search");
    const second = await expand(h, admin, { platform: "youtube", query: "vegan recipes" });
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toMatch(/paces its requests to YouTube \(1 a minute/);
    expect(Number(second.headers["retry-after"])).toBeGreaterThan(0);
    expect(upstream.count("/youtubei/v1/search")).toBe(calls);
  });
});

describe.each(testedDatabaseKinds())("Find more on Instagram and TikTok through Apify on %s", (kind) => {
  let upstream: FakeUpstream;
  let h: TestAppHandle;
  let user = "";

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    h = await startTestApp(kind, {
      env: {
        DEV_LOGIN: "1",
        COLLECTORS: "sample,instagram,tiktok",
        APIFY_TOKEN: "apify_api_test",
        APIFY_BASE_URL: upstream.url,
        APIFY_MAX_ITEMS_PER_SEARCH: "30",
        UPSTREAM_RETRIES: "0",
        USER_DAILY_REPORT_LIMIT: "1000",
      },
    });
    user = await signIn(h.app, "user@example.com");
  });
  afterAll(async () => {
    await h?.close();
    await upstream?.close();
  });

  it("says before running what a search may cost in Apify items", async () => {
    for (const platform of ["instagram", "tiktok"]) {
      const res = await h.app.inject({
        method: "GET",
        url: `/api/discovery/expand/sources?platform=${platform}`,
        headers: { cookie: user },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as ExpandSources;
      expect(body.sources[0]!.name).toBe(`${platform}-apify`);
      expect(body.sources[0]!.costNote).toContain("may use up to 30 Apify items");
    }
  });

  it("adds the Instagram accounts Apify's user search finds for “vegan recipes”, ranked with origin and age", async () => {
    upstream.reset();
    routeActor(upstream, INSTAGRAM_SEARCH_ACTOR, (input) => ({
      body: veganCreators(Number(input.searchLimit)).map(instagramProfileItem),
    }));
    const res = await expand(h, user, {
      platform: "instagram",
      query: "vegan recipes",
      industry: "Food",
      targetMarkets: ["Germany"],
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(h, user, (res.json() as { jobId: string }).jobId);
    expect(job, job.message).toMatchObject({
      state: "done",
      found: 30,
      added: 30,
      spent: { "apify.runs": 1, "apify.items": 30 },
    });
    expect(job.message).toContain("Added 30 new Instagram accounts");
    const [run] = upstream.requests.filter((r) => r.path === runPath(INSTAGRAM_SEARCH_ACTOR));
    expect(run!.query.get("maxItems")).toBe("30");
    expect(run!.headers.authorization).toBe("Bearer apify_api_test");
    expect(run!.query.get("token")).toBeNull();
    expect(JSON.parse(run!.body)).toEqual({ search: "vegan recipes", searchType: "user", searchLimit: 30 });

    const found = await discover(h, {
      platform: "instagram",
      followerRange: "10k_to_100k",
      industry: "Food",
    });
    const row = found.results.find((r) => r.username === "vegan.kochen1");
    expect(row).toMatchObject({ origin: "search", followers: 20_000, figures: { kind: "profile" } });
    expect(row!.figures.rounded).toBeUndefined();
    expect(row!.figures.readAt).not.toBeNull();
  });

  it("searches a #hashtag through the owners of its posts, within the cap in all", async () => {
    upstream.reset();
    const owners = veganCreators(15, "plantbased.de");
    routeActor(upstream, INSTAGRAM_HASHTAG_ACTOR, (input) => ({
      // Two posts per owner: the owners are read once.
      body: Array.from({ length: Number(input.resultsLimit) }, (_, i) =>
        instagramHashtagPost(owners[i % 8]!, i, String((input.hashtags as string[])[0])),
      ),
    }));
    routeActor(upstream, "apify/instagram-profile-scraper", (input) => ({
      body: (input.usernames as string[]).map((u) =>
        instagramProfileItem(owners.find((o) => o.username === u)!),
      ),
    }));
    const res = await expand(h, user, { platform: "instagram", query: "#veganrezepte" });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(h, user, (res.json() as { jobId: string }).jobId);
    expect(job, job.message).toMatchObject({
      state: "done",
      found: 8,
      added: 8,
      spent: { "apify.runs": 2, "apify.items": 23 },
    });
    const [tagRun] = upstream.requests.filter((r) => r.path === runPath(INSTAGRAM_HASHTAG_ACTOR));
    expect(JSON.parse(tagRun!.body)).toEqual({
      hashtags: ["veganrezepte"],
      resultsType: "posts",
      resultsLimit: 15,
    });
    expect(tagRun!.query.get("maxItems")).toBe("15");
    expect(await countLike(h, "plantbased.de%")).toBe(8);

    const bad = await expand(h, user, { platform: "instagram", query: "#vegan recipes!" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("query");
  });

  it("adds the authors of TikTok's search results once each", async () => {
    upstream.reset();
    const creators = veganCreators(10, "veganfood.tok");
    routeActor(upstream, TIKTOK_SEARCH_ACTOR, (input) => ({
      body: Array.from({ length: 20 }, (_, i) =>
        tiktokVideoItem(creators[i % 10]!, i, String((input.searchQueries as string[])[0])),
      ),
    }));
    const res = await expand(h, user, {
      platform: "tiktok",
      query: "vegan recipes",
      targetMarkets: ["Germany"],
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(h, user, (res.json() as { jobId: string }).jobId);
    expect(job, job.message).toMatchObject({
      state: "done",
      found: 10,
      added: 10,
      spent: { "apify.items": 20 },
    });
    const [run] = upstream.requests.filter((r) => r.path === runPath(TIKTOK_SEARCH_ACTOR));
    expect(JSON.parse(run!.body)).toMatchObject({ searchQueries: ["vegan recipes"], resultsPerPage: 30 });
    expect(run!.query.get("maxItems")).toBe("30");
    const found = await discover(h, {
      platform: "tiktok",
      followerRange: "10k_to_100k",
      targetMarkets: ["Germany"],
    });
    const row = found.results.find((r) => r.username === "veganfood.tok3");
    expect(row).toMatchObject({ origin: "search", followers: 21_000, figures: { kind: "profile" } });
    expect(row!.countries[0]).toBe("Germany");
  });

  it("fails the job with Apify's message and adds no half-read rows", async () => {
    upstream.reset();
    routeActor(upstream, TIKTOK_SEARCH_ACTOR, () => ({
      status: 402,
      body: {
        error: {
          type: "not-enough-usage-to-run-paid-actor",
          message: "You have exceeded your monthly usage limit",
        },
      },
    }));
    const res = await expand(h, user, { platform: "tiktok", query: "#brokecreators" });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(h, user, (res.json() as { jobId: string }).jobId);
    expect(job.state).toBe("failed");
    expect(job.message).toContain("no credit left");
    expect(job.message).toContain("You have exceeded your monthly usage limit");
    expect(job.added).toBe(0);

    // A run whose dataset is half unreadable adds nothing either: the job fails on the changed shape.
    upstream.reset();
    routeActor(upstream, INSTAGRAM_SEARCH_ACTOR, () => ({ body: [{ username: "broken.shape" }] }));
    const res2 = await expand(h, user, { platform: "instagram", query: "broken shape" });
    const job2 = await waitForJob(h, user, (res2.json() as { jobId: string }).jobId);
    expect(job2.state).toBe("failed");
    expect(await countLike(h, "broken%")).toBe(0);
  });
});
