import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import { type FakeUpstream, startFakeUpstream } from "../collectors/testing/fake-upstream";
import { fixture } from "../collectors/testing/helpers";
import { seedSampleAccounts } from "../samples/sample-service";
import { cookieHeader } from "../testing/sign-in";
import { startTestApp, type TestAppHandle } from "../testing/test-app";
import { testedDatabaseKinds } from "../testing/test-db";

const HTML = { "content-type": "text/html; charset=utf-8" };

describe.each(testedDatabaseKinds())("reports API on %s", (kind) => {
  let t: TestAppHandle;
  let fake: FakeUpstream;
  let sampleHandle: string;
  /** Other public Instagram samples, none analysed before the test that uses it. */
  let otherHandles: string[];
  let clock = new Date("2026-11-22T12:00:00Z");

  beforeAll(async () => {
    fake = await startFakeUpstream();
    t = await startTestApp(kind, {
      seed: async (database) => {
        const seeded = await seedSampleAccounts(database.db, {
          count: 30,
          now: clock,
          indexFields: (s) => indexFieldsForSnapshot(s, clock),
        });
        expect(seeded.added).toBe(30);
        const rows = await database.db.query.accounts.findMany({
          where: (a, { and, eq }) => and(eq(a.platform, "instagram"), eq(a.isPrivate, false)),
        });
        sampleHandle = rows[0]!.username;
        otherHandles = rows.slice(1).map((r) => r.username);
        expect(otherHandles.length).toBeGreaterThanOrEqual(3);
      },
      env: {
        DEV_LOGIN: "1",
        ADMIN_EMAILS: "admin@example.com",
        ANON_REPORT_LIMIT: "1",
        ANON_IP_DAILY_LIMIT: "1000",
        USER_DAILY_REPORT_LIMIT: "50",
        COLLECTORS: "sample,tiktok",
        TIKTOK_BASE_URL: fake.url,
        UPSTREAM_TIMEOUT_MS: "2000",
        UPSTREAM_RETRIES: "0",
      },
      now: () => clock,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function signIn(email: string) {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/dev-login", payload: { email } });
    expect(res.statusCode).toBe(200);
    return cookieHeader(res);
  }

  it("analyses a sample creator: every spec §3 field, metrics, provenance labelled sample", async () => {
    const cookie = await signIn("ana@example.com");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      headers: { cookie },
      payload: { username: `@${sampleHandle}`, platform: "instagram" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a).toMatchObject({
      platform: "instagram",
      username: sampleHandle,
      isSample: true,
      source: "sample",
    });
    for (const field of [
      "name",
      "industry",
      "verified",
      "isPrivate",
      "accountType",
      "engagementLevel",
      "engagementRate",
      "grade",
      "gradeDescription",
      "followers",
      "audienceDemographics",
      "postFrequency",
      "contentQuality",
      "contentTypes",
      "estimatedPostValue",
      "estimatedEarnings",
      "advertiserAnalysis",
      "recommendedIndustries",
      "recommendedCountries",
      "targetDemographics",
      "lastUpdated",
      "metrics",
      "provenance",
      "recentPosts",
    ]) {
      expect(a, field).toHaveProperty(field);
    }
    expect(a.recentPosts.length).toBeGreaterThan(0);
    expect(JSON.stringify(a.provenance)).toContain("sample");
    expect(new Date(a.lastUpdated).toISOString()).toBe(clock.toISOString());
  });

  it("serves the stored report from GET /api/accounts/:username without using quota, with an ETag", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/accounts/${sampleHandle}?platform=instagram`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(sampleHandle);
    expect(res.headers["cache-control"]).toContain("max-age=60");
    const etag = res.headers.etag as string;
    const again = await t.app.inject({
      method: "GET",
      url: `/api/accounts/${sampleHandle}?platform=instagram`,
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    const count = await t.app.inject({
      method: "GET",
      url: "/api/reports/count",
      headers: { cookie: cookieHeader(res) },
    });
    expect(count.json().count).toBe(0);
  });

  it("answers 404 with a clear message for an account never analysed", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/accounts/nobody_here?platform=tiktok" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      "No report for @nobody_here on TikTok yet. Analyse the account to create one.",
    );
  });

  it("lists recently analysed accounts, newest first", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/accounts" });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list[0].username).toBe(sampleHandle);
    expect(list.length).toBeLessThanOrEqual(10);
    const bad = await t.app.inject({ method: "GET", url: "/api/accounts?limit=500" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("limit must be from 1 to 100");
  });

  it.each([
    [{ username: "", platform: "instagram" }, "Username is required"],
    [{ username: "someone", platform: "myspace" }, "Please select a platform"],
    [{ username: "x".repeat(101), platform: "instagram" }, null],
    [{ username: "someone" }, "Please select a platform"],
  ])("validates %j", async (payload, message) => {
    const res = await t.app.inject({ method: "POST", url: "/api/analyze", payload });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect(res.json().field).toBeDefined();
  });

  it("refuses a handle over the platform limit with the spec's message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: "a".repeat(31), platform: "instagram" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Instagram usernames must be 30 characters or less");
  });

  it("gives an anonymous visitor one report, then 429 REPORT_LIMIT_EXCEEDED with requiresAuth", async () => {
    const first = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: otherHandles[0], platform: "instagram" },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-quota-spent"]).toBe("1");
    const cookie = cookieHeader(first);
    const second = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      headers: { cookie },
      payload: { username: otherHandles[1], platform: "instagram" },
    });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: "REPORT_LIMIT_EXCEEDED", requiresAuth: true });
    expect(second.json().message).toBe(
      "You've reached the limit for free users. Sign in with Google to get up to 50 reports per day.",
    );
    // A stored report that is fresh enough is still served: it spends nothing.
    const stored = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      headers: { cookie },
      payload: { username: sampleHandle, platform: "instagram" },
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers["x-quota-spent"]).toBe("0");
  });

  it("lets exactly one of 200 concurrent anonymous analyses spend the visitor's unit", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api/reports/count" });
    const cookie = cookieHeader(first);
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/analyze",
          headers: { cookie },
          payload: { username: otherHandles[2], platform: "instagram" },
        }),
      ),
    );
    // One makes the report; the others are refused, or (arriving once it is stored) served it free.
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.filter((r) => r.headers["x-quota-spent"] === "1")).toHaveLength(1);
    expect(
      ok.filter((r) => r.headers["x-quota-spent"] !== "1").every((r) => r.headers["x-quota-spent"] === "0"),
    ).toBe(true);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(200 - ok.length);
    const count = await t.app.inject({ method: "GET", url: "/api/reports/count", headers: { cookie } });
    expect(count.json().count).toBe(1);
  });

  it("reports an unknown account with the collector's message and gives the quota unit back", async () => {
    fake.route("GET", "/@ghost_creator", { body: fixture("tiktok-profile-not-found.html"), headers: HTML });
    const cookie = await signIn("bo@example.com");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      headers: { cookie },
      payload: { username: "ghost_creator", platform: "tiktok" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/ghost_creator/);
    const count = await t.app.inject({ method: "GET", url: "/api/reports/count", headers: { cookie } });
    expect(count.json().count).toBe(0);
  });

  it("makes one upstream fetch for concurrent analyses of one account, then serves the cache until it expires", async () => {
    fake.route("GET", "/@examplecreator", {
      body: fixture("tiktok-profile.html"),
      headers: HTML,
      delayMs: 150,
    });
    const cookie = await signIn("cy@example.com");
    const before = fake.count("/@examplecreator");
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/analyze",
          headers: { cookie },
          payload: { username: "examplecreator", platform: "tiktok" },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(fake.count("/@examplecreator") - before).toBe(1);
    const firstUpdated = results[0]!.json().lastUpdated;
    expect(results[0]!.json().isSample).toBe(false);

    clock = new Date(clock.getTime() + 3 * 86_400_000);
    const cached = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      headers: { cookie },
      payload: { username: "examplecreator", platform: "tiktok" },
    });
    expect(cached.json().lastUpdated).toBe(firstUpdated);
    expect(fake.count("/@examplecreator") - before).toBe(1);

    clock = new Date(clock.getTime() + 5 * 86_400_000);
    const expired = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      headers: { cookie },
      payload: { username: "examplecreator", platform: "tiktok" },
    });
    expect(expired.statusCode).toBe(200);
    expect(expired.json().lastUpdated).not.toBe(firstUpdated);
    expect(fake.count("/@examplecreator") - before).toBe(2);
  });

  it("shows a private account as a report with the spec's fallbacks, not an error", async () => {
    fake.route("GET", "/@privatecook", { body: fixture("tiktok-profile-private.html"), headers: HTML });
    const cookie = await signIn("dee@example.com");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      headers: { cookie },
      payload: { username: "privatecook", platform: "tiktok" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isPrivate: true, grade: null });
  });

  it("keeps each user's history with search, grade, market filters and sorts; needs sign-in", async () => {
    const anon = await t.app.inject({ method: "GET", url: "/api/accounts?scope=history" });
    expect(anon.statusCode).toBe(401);
    const cookie = await signIn("cy@example.com");
    const all = await t.app.inject({
      method: "GET",
      url: "/api/accounts?scope=history",
      headers: { cookie },
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((a: { username: string }) => a.username)).toEqual(["examplecreator"]);
    clock = new Date(clock.getTime() + 60_000);
    await t.app.inject({
      method: "GET",
      url: `/api/accounts/${sampleHandle}?platform=instagram`,
      headers: { cookie },
    });
    const both = await t.app.inject({
      method: "GET",
      url: "/api/accounts?scope=history&sort=recent",
      headers: { cookie },
    });
    expect(both.json().map((a: { username: string }) => a.username)).toEqual([
      sampleHandle,
      "examplecreator",
    ]);
    const oldest = await t.app.inject({
      method: "GET",
      url: "/api/accounts?scope=history&sort=oldest",
      headers: { cookie },
    });
    expect(
      oldest.json().map((a: { username: string; lastUpdated: string }) => a.username),
      JSON.stringify(
        both.json().map((a: { username: string; lastUpdated: string }) => [a.username, a.lastUpdated]),
      ),
    ).toEqual(["examplecreator", sampleHandle]);
    const search = await t.app.inject({
      method: "GET",
      url: "/api/accounts?scope=history&q=EXAMPLE",
      headers: { cookie },
    });
    expect(search.json().map((a: { username: string }) => a.username)).toEqual(["examplecreator"]);
    const sample = both.json()[0];
    if (sample.grade) {
      const byGrade = await t.app.inject({
        method: "GET",
        url: `/api/accounts?scope=history&grade=${sample.grade[0]}`,
        headers: { cookie },
      });
      expect(byGrade.json().map((a: { username: string }) => a.username)).toContain(sampleHandle);
    }
    const none = await t.app.inject({
      method: "GET",
      url: "/api/accounts?scope=history&market=atlantis",
      headers: { cookie },
    });
    expect(none.json()).toEqual([]);
  });

  it("lets only an admin refresh an account, bypassing the cache", async () => {
    const anon = await t.app.inject({
      method: "POST",
      url: "/api/accounts/examplecreator/refresh",
      payload: { platform: "tiktok" },
    });
    expect(anon.statusCode).toBe(401);
    const user = await signIn("ana@example.com");
    const denied = await t.app.inject({
      method: "POST",
      url: "/api/accounts/examplecreator/refresh",
      headers: { cookie: user },
      payload: { platform: "tiktok" },
    });
    expect(denied.statusCode).toBe(403);
    const admin = await signIn("admin@example.com");
    const before = fake.count("/@examplecreator");
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/accounts/examplecreator/refresh",
      headers: { cookie: admin },
      payload: { platform: "tiktok" },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(fake.count("/@examplecreator") - before).toBe(1);
  });

  it("streams the stages in order, then the account", async () => {
    const cookie = await signIn("eve@example.com");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/analyze/stream?platform=tiktok&username=examplecreator`,
      headers: { cookie, accept: "text/event-stream" },
    });
    // refresh above made a fresh report, so this one is served from the cache: parsing only.
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/event-stream");
    const events = res.body
      .split("\n\n")
      .filter((b) => b.startsWith("event:"))
      .map((b) => ({ event: b.split("\n")[0]!.slice(7), data: JSON.parse(b.split("\n")[1]!.slice(6)) }));
    expect(events[0]).toEqual({ event: "stage", data: { stage: "parsing" } });
    expect(events.at(-1)!.event).toBe("done");
    expect(events.at(-1)!.data.username).toBe("examplecreator");

    clock = new Date(clock.getTime() + 30 * 86_400_000);
    const fresh = await t.app.inject({
      method: "GET",
      url: `/api/analyze/stream?platform=tiktok&username=examplecreator`,
      headers: { cookie, accept: "text/event-stream" },
    });
    const stages = fresh.body
      .split("\n\n")
      .filter((b) => b.startsWith("event: stage"))
      .map((b) => JSON.parse(b.split("\n")[1]!.slice(6)).stage);
    expect(stages).toEqual(["parsing", "fetching", "analyzing", "saving"]);
    expect(fresh.body).toContain("event: done");
  });

  it("streams an error event with the error body", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/analyze/stream?platform=tiktok&username=${"a".repeat(40)}`,
    });
    expect(res.body).toContain("event: error");
    expect(res.body).toContain("TikTok usernames must be 24 characters or less");
  });

  it("works over real HTTP too: POST analyze and the SSE stream", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const login = await fetch(`${address}/api/auth/dev-login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "http@example.com" }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const res = await fetch(`${address}/api/analyze`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ username: sampleHandle, platform: "instagram" }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).username).toBe(sampleHandle);
    const stream = await fetch(`${address}/api/analyze/stream?platform=instagram&username=${sampleHandle}`, {
      headers: { cookie, accept: "text/event-stream" },
    });
    const text = await stream.text();
    expect(text).toContain("event: stage");
    expect(text).toContain("event: done");
  });

  it("refuses a cross-site stream (it spends quota)", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/analyze/stream?platform=tiktok&username=examplecreator",
      headers: { origin: "https://evil.example.com", "sec-fetch-site": "cross-site" },
    });
    expect(res.statusCode).toBe(403);
  });
});
