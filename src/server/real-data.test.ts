/**
 * Issue "Real data reach": quiet states, pace, not-found semantics, unknown-is-null, samples that
 * never stand in for a real handle, stored data as a source, and the admin's sources panel —
 * against the real app and fake upstreams on 127.0.0.1 in the platforms' public shapes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import { type FakeUpstream, startFakeUpstream } from "./collectors/testing/fake-upstream";
import { fixtureJson } from "./collectors/testing/helpers";
import type { Database } from "./db/database";
import { importFile } from "./import/import-service";
import { seedSampleAccounts } from "./samples/sample-service";
import { cookieHeader } from "./testing/sign-in";
import { startTestApp, type TestAppHandle } from "./testing/test-app";
import { createTestDatabase } from "./testing/test-db";

const WEB_PATH = "/api/v1/users/web_profile_info/";
const GRAPH_PATH = "/v24.0/17841405309211844";
const T0 = Date.parse("2026-11-26T14:00:00Z");

/** The public web profile fixture, answering as `username`. */
function webProfile(username: string): unknown {
  const body = structuredClone(fixtureJson("instagram-web-profile.json")) as {
    data: { user: { username: string } };
  };
  body.data.user.username = username;
  return body;
}

describe("real data reach: Instagram through the public web path", () => {
  let fake: FakeUpstream;
  let t: TestAppHandle;
  let clock = T0;
  let admin: string;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    t = await startTestApp("pglite", {
      env: {
        COLLECTORS: "sample,instagram-web",
        INSTAGRAM_BASE_URL: fake.url,
        UPSTREAM_RETRIES: "0",
        ANON_REPORT_LIMIT: "1000",
        ANON_IP_DAILY_LIMIT: "1000",
        SOURCE_PACE_PER_MINUTE: "0",
        DEV_LOGIN: "1",
        ADMIN_EMAILS: "admin@example.com",
      },
      now: () => new Date(clock),
    });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "admin@example.com" },
    });
    admin = cookieHeader(login);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  afterEach(() => {
    // Every test starts after any quiet period an earlier one caused (6 hours at most).
    clock += 7 * 3600_000;
  });

  const analyse = (username: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username, platform: "instagram", ...extra },
    });

  it("after a 429 with Retry-After: 900, the next report for another handle does not call Instagram and says until when", async () => {
    fake.route("GET", WEB_PATH, { status: 429, headers: { "retry-after": "900" }, body: "" });
    const limited = await analyse("first_handle");
    expect(limited.statusCode).toBe(429);
    const calls = fake.count(WEB_PATH);
    const quiet = await analyse("second_handle");
    expect(quiet.statusCode).toBe(429);
    const until = new Date(clock + 900_000).toISOString().slice(11, 16);
    expect(quiet.json().message).toBe(
      `Instagram is limiting this server until ${until} UTC (source instagram-web); reports from it resume then.`,
    );
    expect(quiet.headers["retry-after"]).toBe("900");
    expect(fake.count(WEB_PATH)).toBe(calls);
    // The admin sees the quiet state, its end and the failure behind it.
    const sources = await t.app.inject({
      method: "GET",
      url: "/api/admin/sources",
      headers: { cookie: admin },
    });
    const web = sources.json().sources.find((s: { name: string }) => s.name === "instagram-web");
    expect(web).toMatchObject({
      platform: "instagram",
      official: false,
      configured: true,
      state: "quiet",
      quietUntil: new Date(clock + 900_000).toISOString(),
      lastFailure: { code: "RATE_LIMITED" },
    });
    const metrics = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
    expect(metrics).toMatch(/^source_fetches_total\{source="instagram-web",outcome="rate_limited"\} 1$/m);
    expect(metrics).toMatch(/^source_fetches_total\{source="instagram-web",outcome="quiet"\} 1$/m);
  });

  it("a second 429 without Retry-After rests longer (15 min, then 30)", async () => {
    fake.route("GET", WEB_PATH, { body: webProfile("healthy") });
    expect((await analyse("healthy")).statusCode).toBe(200); // a success resets the back-off
    fake.route("GET", WEB_PATH, { status: 429, body: "" });
    await analyse("again_one");
    const first = (await analyse("again_two")).json().message;
    expect(first).toContain(`until ${new Date(clock + 15 * 60_000).toISOString().slice(11, 16)} UTC`);
    clock += 16 * 60_000;
    await analyse("again_three");
    const second = (await analyse("again_four")).json().message;
    expect(second).toContain(`until ${new Date(clock + 30 * 60_000).toISOString().slice(11, 16)} UTC`);
  });

  it("a bare 404 is transient: not 'not found', not cached, and the next try asks again", async () => {
    fake.route("GET", WEB_PATH, { status: 404, body: "" });
    const bare = await analyse("real_person");
    expect(bare.statusCode).toBe(503);
    expect(bare.json().message).toMatch(/without saying the account does not exist/);
    fake.route("GET", WEB_PATH, { body: webProfile("real_person") });
    const ok = await analyse("real_person");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().source).toBe("instagram-web");
    // Each figure names its source, that it is unofficial, and when it was read.
    expect(ok.json().provenance.followers.inputs[0]).toBe(
      `instagram-web (unofficial source) at ${new Date(clock).toISOString()}`,
    );
  });

  it("a handle a sample creator also uses gets the real account; the sample only when reached as one", async () => {
    const seeded = await seedSampleAccounts(t.database.db, {
      count: 5,
      now: new Date(clock),
      indexFields: (s) => indexFieldsForSnapshot(s, new Date(clock)),
    });
    expect(seeded.added).toBe(5);
    const sample = await t.database.db.query.accounts.findFirst({
      where: (a, { and, eq }) => and(eq(a.platform, "instagram"), eq(a.isSample, true)),
    });
    const handle = sample!.username;
    fake.route("GET", WEB_PATH, { body: webProfile(handle) });
    const calls = fake.count(WEB_PATH);
    const fromDiscovery = await analyse(handle, { sample: true });
    expect(fromDiscovery.json()).toMatchObject({ isSample: true, source: "sample" });
    expect(fake.count(WEB_PATH)).toBe(calls);
    // Typed, the handle is the real account's (even with the sample's report stored and fresh),
    // and the real account replaces the generated one.
    const typed = await analyse(handle);
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({ isSample: false, source: "instagram-web" });
  });

  it("an imported creator with posts is reported from the import when the live source fails, saying so", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "real-data-"));
    const file = path.join(dir, "agency.ndjson");
    const postedAt = (d: number) => new Date(T0 - d * 86_400_000).toISOString();
    fs.writeFileSync(
      file,
      `${JSON.stringify({
        platform: "instagram",
        username: "agency_creator",
        name: "Agency Creator",
        followers: 48_000,
        posts: Array.from({ length: 12 }, (_, i) => ({
          id: `p${i}`,
          type: "photo",
          caption: "Morning run #fitness",
          postedAt: postedAt(i * 3 + 1),
          likes: 1500 + i * 10,
          comments: 40 + i,
        })),
      })}\n`,
    );
    const imported = await importFile(t.database.db, file);
    expect(imported.posts).toBe(12);
    fs.rmSync(dir, { recursive: true, force: true });
    fake.route("GET", WEB_PATH, {
      status: 401,
      body: '{"message":"Please wait a few minutes","status":"fail"}',
    });
    const res = await analyse("agency_creator");
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.source).toBe("import");
    expect(a.dataNotes).toEqual([
      expect.objectContaining({
        kind: "stored",
        source: "import",
        message: expect.stringMatching(
          /^Made from your import of \d+ \w+ 2026, because no live source answered now \(/,
        ),
      }),
    ]);
    expect(a.provenance.engagementRate.kind).toBe("measured");
  });

  it("lets only admins read the sources, and tests one with a known public account", async () => {
    const visitor = await t.app.inject({ method: "GET", url: "/api/admin/sources" });
    expect(visitor.statusCode).toBe(401);
    fake.route("GET", WEB_PATH, { body: webProfile("instagram") });
    const tested = await t.app.inject({
      method: "POST",
      url: "/api/admin/sources/instagram-web/test",
      headers: { cookie: admin },
    });
    expect(tested.statusCode).toBe(200);
    expect(tested.json()).toMatchObject({
      ok: true,
      handle: "instagram",
      account: { username: "instagram" },
      source: { name: "instagram-web", state: "ok" },
    });
    const graph = await t.app.inject({
      method: "POST",
      url: "/api/admin/sources/instagram-graph/test",
      headers: { cookie: admin },
    });
    expect(graph.json()).toMatchObject({
      ok: false,
      error: { code: "NOT_CONFIGURED" },
      source: { state: "unconfigured", needs: expect.stringContaining("INSTAGRAM_ACCESS_TOKEN") },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/admin/sources/myspace/test",
      headers: { cookie: admin },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("real data reach: pace, official sources, and quiet states shared through Redis", () => {
  let fake: FakeUpstream;
  let database: Database;
  const apps: TestAppHandle[] = [];
  beforeAll(async () => {
    fake = await startFakeUpstream();
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await database?.close();
    await fake?.close();
  });
  async function appWith(env: Record<string, string>, now = () => new Date(T0)) {
    const started = await startTestApp(database, {
      env: {
        INSTAGRAM_BASE_URL: fake.url,
        INSTAGRAM_GRAPH_BASE_URL: fake.url,
        UPSTREAM_RETRIES: "0",
        ANON_REPORT_LIMIT: "1000",
        ANON_IP_DAILY_LIMIT: "1000",
        ...env,
      },
      now,
    });
    apps.push(started);
    return started.app;
  }
  const analyse = (app: FastifyInstance, username: string) =>
    app.inject({ method: "POST", url: "/api/analyze", payload: { username, platform: "instagram" } });

  it("paces an unofficial source: past its requests a minute, the report says when to try again", async () => {
    fake.route("GET", WEB_PATH, (req) => ({ body: webProfile(req.query.get("username") ?? "x") }));
    const app = await appWith({ COLLECTORS: "instagram-web", SOURCE_PACE_PER_MINUTE: "2" });
    const before = fake.count(WEB_PATH);
    expect((await analyse(app, "paced_one")).statusCode).toBe(200);
    expect((await analyse(app, "paced_two")).statusCode).toBe(200);
    const third = await analyse(app, "paced_three");
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(
      /^This server paces its requests to Instagram \(2 a minute through instagram-web\); try again in \d+ s\./,
    );
    expect(fake.count(WEB_PATH) - before).toBe(2);
  });

  it("reports verified as unknown (null, 'unavailable from instagram-graph'), never a measured false", async () => {
    fake.route("GET", GRAPH_PATH, { body: fixtureJson("instagram-graph-business-discovery.json") });
    const app = await appWith({
      COLLECTORS: "instagram-graph",
      INSTAGRAM_ACCESS_TOKEN: "EAAtoken",
      INSTAGRAM_BUSINESS_ACCOUNT_ID: "17841405309211844",
    });
    const res = await analyse(app, "examplecreator");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().verified).toBeNull();
    expect(res.json().provenance.verified).toMatchObject({
      kind: "unavailable",
      method: expect.stringMatching(/^Unavailable from instagram-graph/),
    });
  });

  it("names an expired Graph token in the user's error instead of falling back silently", async () => {
    fake.route("GET", GRAPH_PATH, { status: 400, body: fixtureJson("instagram-graph-token-expired.json") });
    const app = await appWith({
      COLLECTORS: "instagram",
      INSTAGRAM_ACCESS_TOKEN: "EAAtoken",
      INSTAGRAM_BUSINESS_ACCOUNT_ID: "17841405309211844",
    });
    const res = await analyse(app, "someone_else");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: "SOURCE_AUTH_FAILED" });
    expect(res.json().message).toMatch(/renew INSTAGRAM_ACCESS_TOKEN/);
  });

  it.skipIf(!process.env.REDIS_URL)("one instance's 429 quiets the source for every instance", async () => {
    const prefix = `test:quiet:${Date.now()}:`;
    const env = {
      COLLECTORS: "instagram-web",
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_KEY_PREFIX: prefix,
    };
    const a = await appWith(env);
    const b = await appWith(env);
    fake.route("GET", WEB_PATH, { status: 429, headers: { "retry-after": "600" }, body: "" });
    expect((await analyse(a, "shared_one")).statusCode).toBe(429);
    const calls = fake.count(WEB_PATH);
    const other = await analyse(b, "shared_two");
    expect(other.statusCode).toBe(429);
    expect(other.json().message).toMatch(/^Instagram is limiting this server until \d\d:\d\d UTC/);
    expect(fake.count(WEB_PATH)).toBe(calls);
  });
});

describe("real data reach: sample creators are labelled and never indexed", () => {
  let t: TestAppHandle;
  let handle: string;
  let platform: string;
  beforeAll(async () => {
    t = await startTestApp("pglite", {
      seed: async (database) => {
        await seedSampleAccounts(database.db, {
          count: 3,
          now: new Date(T0),
          indexFields: (s) => indexFieldsForSnapshot(s, new Date(T0)),
        });
        const sample = await database.db.query.accounts.findFirst({
          where: (a, { eq }) => eq(a.isSample, true),
        });
        handle = sample!.username;
        platform = sample!.platform;
      },
      env: { COLLECTORS: "sample" },
      now: () => new Date(T0),
    });
    const made = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: handle, platform, sample: true },
    });
    expect(made.statusCode, made.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("with no live source for the platform, a typed sample handle reuses its stored sample report", async () => {
    const row = await t.database.db.query.accounts.findFirst({
      where: (a, { eq }) => eq(a.username, handle),
    });
    const typed = () =>
      t.app.inject({
        method: "POST",
        url: "/api/analyze",
        payload: { username: handle, platform: row!.platform },
      });
    const a = await typed();
    const b = await typed();
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json().lastUpdated).toBe(a.json().lastUpdated);
    expect(b.json().isSample).toBe(true);
  });

  it("keeps sample reports out of the sitemap, and says Sample with noindex on their pages", async () => {
    const sitemap = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).not.toContain(`/${encodeURIComponent(handle)}<`);
    const row = await t.database.db.query.accounts.findFirst({
      where: (a, { eq }) => eq(a.username, handle),
    });
    const page = await t.app.inject({ method: "GET", url: `/report/${row!.platform}/${handle}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<title[^>]*>Sample: [^<]*report \|/);
    expect(page.body).toMatch(/<meta[^>]* name="robots" content="noindex, follow">/);
    expect(page.body).toMatch(/<meta[^>]* property="og:title" content="Sample: /);
  });
});
