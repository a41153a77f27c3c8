/**
 * "Find more on YouTube" (issue #35 item 1) against a YouTube Data API stand-in on 127.0.0.1: the
 * found channels join the index as real rows with profile figures only and rank in discovery; the
 * daily search budget holds across instances (Redis when REDIS_URL is set, else the database); no
 * source, bad criteria and provider failures answer as the issue says.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiscoverySearchResponse } from "#core/schemas/discovery";
import { type FakeUpstream, startFakeUpstream } from "../../collectors/testing/fake-upstream";
import type { Database } from "../../db/database";
import { accounts } from "../../db/schema";
import { TEST_REDIS_URL } from "../../shared/testing";
import { startTestApp, type TestAppHandle } from "../../testing/test-app";
import { createTestDatabase, testedDatabaseKinds } from "../../testing/test-db";
import { waitForJob } from "./testing/expand-jobs";
import { routeYouTubeSearch, veganChannels } from "./testing/fake-youtube-search";

function cookieOf(res: { cookies: { name: string; value: string }[] }): string {
  return res.cookies
    .filter((c) => c.value)
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
}

async function signIn(h: TestAppHandle, email: string): Promise<string> {
  const res = await h.app.inject({ method: "POST", url: "/api/auth/dev-login", payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  return cookieOf(res);
}

const envFor = (upstream: FakeUpstream, extra: Record<string, string> = {}) => ({
  DEV_LOGIN: "1",
  ADMIN_EMAILS: "admin@example.com",
  YOUTUBE_API_KEY: "test-key",
  YOUTUBE_API_BASE_URL: upstream.url,
  COLLECTORS: "sample,youtube-api",
  UPSTREAM_RETRIES: "0",
  USER_DAILY_REPORT_LIMIT: "1000",
  ...extra,
});

describe.each(testedDatabaseKinds())("POST /api/discovery/expand on %s", (kind) => {
  let upstream: FakeUpstream;
  let h: TestAppHandle;
  let user = "";

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    h = await startTestApp(kind, {
      env: envFor(upstream),
      seed: async (database) => {
        // One of the channels the search will find is already in the index (from a report).
        await database.db.insert(accounts).values({
          platform: "youtube",
          username: "veganekueche3",
          name: "Vegane Küche 3 (reported)",
          followers: 22_000,
          industry: "Food",
          countries: ["Germany"],
          engagementRate: 3.1,
          source: "youtube-api",
          origin: "report",
          lastAnalyzedAt: new Date(),
        });
      },
    });
    user = await signIn(h, "user@example.com");
  });
  afterAll(async () => {
    await h?.close();
    await upstream?.close();
  });

  it("adds the channels YouTube finds for “vegan recipes” in Germany, ranked in discovery with origin and age", async () => {
    upstream.reset();
    routeYouTubeSearch(upstream, veganChannels(50));
    const res = await h.app.inject({
      method: "POST",
      url: "/api/discovery/expand",
      headers: { cookie: user },
      payload: { platform: "youtube", query: "vegan recipes", industry: "Food", targetMarkets: ["Germany"] },
    });
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json() as { jobId: string };
    const job = await waitForJob(h, user, jobId);
    expect(job).toMatchObject({
      state: "done",
      found: 50,
      added: 49,
      alreadyKnown: 1,
      spent: { "youtube.search": 1, "youtube.channels": 1 },
    });
    expect(job.message).toContain("Added 49 new YouTube channels");

    // The documented calls: one search.list for channels in Germany in German, one channels.list of 50.
    const search = upstream.requests.filter((r) => r.path === "/youtube/v3/search");
    expect(search).toHaveLength(1);
    expect(Object.fromEntries(search[0]!.query)).toMatchObject({
      part: "snippet",
      type: "channel",
      q: "vegan recipes",
      regionCode: "DE",
      relevanceLanguage: "de",
      maxResults: "50",
      key: "test-key",
    });
    const channels = upstream.requests.filter((r) => r.path === "/youtube/v3/channels");
    expect(channels).toHaveLength(1);
    expect(channels[0]!.query.get("id")!.split(",")).toHaveLength(50);
    expect(channels[0]!.query.get("part")).toBe(
      "snippet,statistics,brandingSettings,topicDetails,contentDetails",
    );

    const found = await h.app.inject({
      method: "POST",
      url: "/api/discovery/search",
      payload: {
        platform: "youtube",
        followerRange: "10k_to_100k",
        industry: "Food",
        targetMarkets: ["Germany"],
      },
    });
    expect(found.statusCode, found.body).toBe(200);
    const body = found.json() as DiscoverySearchResponse;
    expect(body.total).toBe(50);
    const row = body.results.find((r) => r.username === "veganekueche1")!;
    expect(row).toMatchObject({
      origin: "search",
      figures: { kind: "profile" },
      industry: "Food",
      followers: 20_000,
      engagementRate: "N/A",
    });
    // The channel's country is a location signal; other markets (from its language) are estimates.
    expect(row.countries[0]).toBe("Germany");
    expect(row.marketBasis![0]).toEqual({
      country: "Germany",
      basis: "from the profile's location: Germany",
      estimate: false,
    });
    expect(row.matchPercentage).toBeGreaterThan(50);
    expect(row.matchBreakdown.find((b) => b.criterion === "engagement")!.points).toBe(0);
    // The row known before keeps its figures and origin.
    expect(body.results.find((r) => r.username === "veganekueche3")).toMatchObject({
      origin: "report",
      figures: { kind: "report" },
      name: "Vegane Küche 3 (reported)",
    });
  });

  it("fails the job with YouTube's message and adds no half-read rows when a provider call fails", async () => {
    upstream.reset();
    routeYouTubeSearch(
      upstream,
      veganChannels(5).map((c, i) => ({
        ...c,
        id: `UCfail${String(i).padStart(18, "0")}`,
        handle: `@failing${i}`,
      })),
    );
    upstream.route("GET", "/youtube/v3/channels", {
      status: 403,
      body: {
        error: {
          code: 403,
          message: "The request cannot be completed because you have exceeded your quota.",
          errors: [{ reason: "quotaExceeded" }],
        },
      },
    });
    const res = await h.app.inject({
      method: "POST",
      url: "/api/discovery/expand",
      headers: { cookie: user },
      payload: { platform: "youtube", query: "failing channels" },
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(h, user, (res.json() as { jobId: string }).jobId);
    expect(job.state).toBe("failed");
    expect(job.message).toContain("you have exceeded your quota");
    expect(job.added).toBe(0);
    const rows = await h.database.db.execute(
      sql`select count(*)::int as n from accounts where username like 'failing%'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it("answers 400 naming the field for bad criteria, and 401 to visitors", async () => {
    const post = (payload: object, cookie = user) =>
      h.app.inject({ method: "POST", url: "/api/discovery/expand", headers: { cookie }, payload });
    const long = await post({ platform: "youtube", query: "x".repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain("query must be at most 200 characters");
    const nothing = await post({ platform: "youtube" });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toContain("query");
    const market = await post({ platform: "youtube", query: "vegan", targetMarkets: ["Atlantis"] });
    expect(market.statusCode).toBe(400);
    expect(market.json().message).toContain("targetMarkets");
    const anonymous = await h.app.inject({
      method: "POST",
      url: "/api/discovery/expand",
      payload: { platform: "youtube", query: "vegan" },
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await h.app.inject({
      method: "GET",
      url: "/api/discovery/expand/unknown",
      headers: { cookie: user },
    });
    expect(other.statusCode).toBe(404);
  });

  it("answers 409 NO_SEARCH_SOURCE naming what to configure when nothing can search the platform", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/discovery/expand",
      headers: { cookie: user },
      payload: { platform: "instagram", query: "vegan recipes" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "NO_SEARCH_SOURCE" });
    expect(res.json().message).toContain("APIFY_TOKEN");

    // YouTube without a key is searched through youtubei.js when it is among COLLECTORS; without it, 409.
    const bare = await startTestApp(kind, { env: { DEV_LOGIN: "1", COLLECTORS: "sample,instagram" } });
    try {
      const res2 = await bare.app.inject({
        method: "POST",
        url: "/api/discovery/expand",
        headers: { cookie: await signIn(bare, "user@example.com") },
        payload: { platform: "youtube", query: "vegan recipes" },
      });
      expect(res2.statusCode).toBe(409);
      expect(res2.json()).toMatchObject({ code: "NO_SEARCH_SOURCE" });
      expect(res2.json().message).toContain("YOUTUBE_API_KEY");
    } finally {
      await bare.close();
    }
  });
});

describe.each(testedDatabaseKinds())(
  `the YouTube search budget across two instances (${TEST_REDIS_URL ? "Redis" : "database"}) on %s`,
  (kind) => {
    let upstream: FakeUpstream;
    let database: Database;
    let a: TestAppHandle;
    let b: TestAppHandle;

    beforeAll(async () => {
      upstream = await startFakeUpstream();
      routeYouTubeSearch(upstream, veganChannels(3));
      database = await createTestDatabase(kind);
      const env = envFor(upstream, {
        YOUTUBE_SEARCH_DAILY_BUDGET: "2",
        REDIS_KEY_PREFIX: `test:budget:${Math.random().toString(36).slice(2)}:`,
        ...(TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL } : {}),
      });
      a = await startTestApp(database, { env });
      b = await startTestApp(database, { env });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.close();
      await upstream?.close();
    });

    it("refuses the search past the budget with its reset time, and makes no search call for it", async () => {
      const cookieA = await signIn(a, "admin@example.com");
      const cookieB = await signIn(b, "admin@example.com");
      const post = (h: TestAppHandle, cookie: string) =>
        h.app.inject({
          method: "POST",
          url: "/api/discovery/expand",
          headers: { cookie },
          payload: { platform: "youtube", query: "vegan recipes" },
        });
      const first = await post(a, cookieA);
      expect(first.statusCode, first.body).toBe(202);
      const second = await post(b, cookieB);
      expect(second.statusCode, second.body).toBe(202);
      await waitForJob(a, cookieA, (first.json() as { jobId: string }).jobId);
      await waitForJob(b, cookieB, (second.json() as { jobId: string }).jobId);
      const searchesBefore = upstream.count("/youtube/v3/search");
      expect(searchesBefore).toBe(2);

      const third = await post(a, cookieA);
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(
        /YouTube search budget \(2 searches, YOUTUBE_SEARCH_DAILY_BUDGET\) is spent; it resets at \d\d:\d\d UTC/,
      );
      expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
      const fourth = await post(b, cookieB);
      expect(fourth.statusCode).toBe(429);
      await new Promise((r) => setTimeout(r, 100));
      expect(upstream.count("/youtube/v3/search")).toBe(searchesBefore);
    });
  },
);

describe("an expansion costs one report unit (admins unmetered)", () => {
  let upstream: FakeUpstream;
  let h: TestAppHandle;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    routeYouTubeSearch(upstream, veganChannels(2));
    h = await startTestApp("pglite", { env: envFor(upstream, { USER_DAILY_REPORT_LIMIT: "1" }) });
  });
  afterAll(async () => {
    await h?.close();
    await upstream?.close();
  });

  it("charges the user's daily allowance and refuses past it, before any search call", async () => {
    const user = await signIn(h, "user@example.com");
    const admin = await signIn(h, "admin@example.com");
    const post = (cookie: string) =>
      h.app.inject({
        method: "POST",
        url: "/api/discovery/expand",
        headers: { cookie },
        payload: { platform: "youtube", query: "vegan recipes" },
      });
    const first = await post(user);
    expect(first.statusCode, first.body).toBe(202);
    await waitForJob(h, user, (first.json() as { jobId: string }).jobId);
    const searches = upstream.count("/youtube/v3/search");
    const second = await post(user);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: "REPORT_LIMIT_EXCEEDED" });
    expect(upstream.count("/youtube/v3/search")).toBe(searches);
    // Admins are not metered; and another user cannot read this user's job.
    for (let i = 0; i < 2; i++) expect((await post(admin)).statusCode).toBe(202);
    const stranger = await signIn(h, "other@example.com");
    const peek = await h.app.inject({
      method: "GET",
      url: `/api/discovery/expand/${(first.json() as { jobId: string }).jobId}`,
      headers: { cookie: stranger },
    });
    expect(peek.statusCode).toBe(404);
  });
});
