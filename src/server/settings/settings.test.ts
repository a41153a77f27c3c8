import crypto from "node:crypto";
import { parse as parseCsv } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import { SETTINGS_TEXTS } from "#core/schemas/settings";
import { type FakeLlm, jsonReply, startFakeLlm } from "../ai/testing/fake-llm";
import { VALID_TEXTS } from "../ai/testing/fixtures";
import { type FakeUpstream, startFakeUpstream } from "../collectors/testing/fake-upstream";
import { fixture } from "../collectors/testing/helpers";
import type { Database } from "../db/database";
import { accounts } from "../db/schema";
import { seedSampleAccounts } from "../samples/sample-service";
import { cookieHeader } from "../testing/sign-in";
import { startTestApp, type TestAppHandle } from "../testing/test-app";
import { testedDatabaseKinds } from "../testing/test-db";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A TikTok profile page for `handle` (the collector reads it from the fake upstream). */
function tiktokPage(upstream: FakeUpstream, handle: string): string {
  upstream.route("GET", `/@${handle}`, {
    body: fixture("tiktok-profile.html").replaceAll("examplecreator", handle),
    headers: { "content-type": "text/html; charset=utf-8" },
  });
  return `/@${handle}`;
}

async function count(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const res = await database.db.execute(query);
  return Number((res as unknown as { rows: { n: number | string }[] }).rows[0]!.n);
}

/** A test app whose clock the test moves, signed-in helpers and the analysis call. */
function harness(kind: "pglite" | "postgres", env: Record<string, string | undefined>) {
  const h = {
    clock: new Date("2026-11-22T12:00:00Z"),
    samples: [] as string[],
  } as TestAppHandle & {
    clock: Date;
    upstream: FakeUpstream;
    samples: string[];
    admin: string;
    user: string;
    /** Signs both in again (after the test clock moved past the session lifetime). */
    signInAgain: () => Promise<void>;
  };
  beforeAll(async () => {
    h.upstream = await startFakeUpstream();
    const seed = async (database: Database) => {
      await seedSampleAccounts(database.db, {
        count: 5,
        now: h.clock,
        indexFields: (s) => indexFieldsForSnapshot(s, h.clock),
      });
      const rows = await database.db.query.accounts.findMany({
        where: (a, { and, eq }) => and(eq(a.platform, "instagram"), eq(a.isPrivate, false)),
      });
      h.samples = rows.map((r) => r.username);
    };
    const appEnv = {
      DEV_LOGIN: "1",
      ADMIN_EMAILS: "admin@example.com",
      ANON_REPORT_LIMIT: "1000",
      ANON_IP_DAILY_LIMIT: "100000",
      USER_DAILY_REPORT_LIMIT: "1000",
      COLLECTORS: "sample,tiktok",
      TIKTOK_BASE_URL: h.upstream.url,
      UPSTREAM_RETRIES: "0",
      ...env,
    };
    Object.assign(h, await startTestApp(kind, { seed, env: appEnv, now: () => h.clock }));
    const signIn = async (email: string) => {
      const res = await h.app.inject({ method: "POST", url: "/api/auth/dev-login", payload: { email } });
      expect(res.statusCode, res.body).toBe(200);
      return cookieHeader(res);
    };
    h.signInAgain = async () => {
      h.admin = await signIn("admin@example.com");
      h.user = await signIn("user@example.com");
    };
    await h.signInAgain();
  });
  afterAll(async () => {
    await h.close?.();
    await h.upstream?.close();
  });
  return h;
}

describe.each(testedDatabaseKinds())("settings API on %s", (kind) => {
  const h = harness(kind, {});
  const advance = (ms: number) => {
    h.clock = new Date(h.clock.getTime() + ms);
  };
  const analyze = async (username: string, platform = "tiktok", cookie = h.admin) => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/analyze",
      headers: { cookie },
      payload: { username, platform },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { username: string; lastUpdated: string };
  };
  const put = (payload: unknown, cookie = h.admin) =>
    h.app.inject({ method: "PUT", url: "/api/settings", headers: { cookie }, payload: payload as object });

  const ENDPOINTS = [
    { method: "GET", url: "/api/settings" },
    { method: "PUT", url: "/api/settings", payload: { autoRefresh: "weekly" } },
    { method: "POST", url: "/api/settings/cache/clear" },
    { method: "GET", url: "/api/settings/export?format=csv" },
    { method: "GET", url: "/api/settings/export?format=json" },
    { method: "DELETE", url: "/api/settings/data" },
  ] as const;

  it("refuses every settings call to visitors (401) and to other users (403), with the spec's texts", async () => {
    for (const e of ENDPOINTS) {
      const anonymous = await h.app.inject({
        method: e.method,
        url: e.url,
        payload: "payload" in e ? e.payload : undefined,
      });
      expect(anonymous.statusCode, `${e.method} ${e.url}`).toBe(401);
      expect(anonymous.json()).toMatchObject({ message: SETTINGS_TEXTS.anonymous, requiresAuth: true });
      const user = await h.app.inject({
        method: e.method,
        url: e.url,
        headers: { cookie: h.user },
        payload: "payload" in e ? e.payload : undefined,
      });
      expect(user.statusCode, `${e.method} ${e.url}`).toBe(403);
      expect(user.json().message).toBe(SETTINGS_TEXTS.forbidden);
    }
    // Nothing changed for the refused calls.
    const res = await h.app.inject({ method: "GET", url: "/api/settings", headers: { cookie: h.admin } });
    expect(res.json().settings.autoRefresh).toBe("never");
    expect(res.json().cacheClearedAt).toBeNull();
  });

  it("answers the admin on every endpoint", async () => {
    for (const e of ENDPOINTS) {
      const res = await h.app.inject({
        method: e.method,
        url: e.url,
        headers: { cookie: h.admin },
        payload: "payload" in e ? e.payload : undefined,
      });
      expect(res.statusCode, `${e.method} ${e.url}: ${res.body}`).toBe(200);
    }
    await put({ autoRefresh: "never" });
    // Reports made from now on are after that 'Clear cache'.
    advance(1000);
  });

  it("gives the spec's defaults until an admin saves, then the saved values, to every instance", async () => {
    const res = await h.app.inject({ method: "GET", url: "/api/settings", headers: { cookie: h.admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const defaults = {
      cacheEnabled: true,
      cacheExpiryDays: 7,
      autoRefresh: "never",
      modelRateLimitPerMinute: 5,
      model: "sonar-pro",
    };
    expect(res.json()).toMatchObject({
      settings: defaults,
      defaults,
      modelOptions: ["sonar-pro"],
      aiEnabled: false,
    });

    const saved = await put({
      cacheExpiryDays: 14,
      autoRefresh: "daily",
      modelRateLimitPerMinute: null,
      model: "sonar",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toEqual({
      cacheEnabled: true,
      cacheExpiryDays: 14,
      autoRefresh: "daily",
      modelRateLimitPerMinute: null,
      model: "sonar",
    });
    expect(saved.json().updatedAt).toBe(h.clock.toISOString());

    // A second instance on the same database sees the save.
    const other = await startTestApp(h.database, {
      env: { DEV_LOGIN: "1", ADMIN_EMAILS: "admin@example.com" },
    });
    try {
      const seen = await other.app.inject({
        method: "GET",
        url: "/api/settings",
        headers: { cookie: h.admin },
      });
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().settings).toMatchObject({
        cacheExpiryDays: 14,
        autoRefresh: "daily",
        model: "sonar",
      });
      // Saves of different settings on two instances both stand (merged in one statement).
      await other.app.inject({
        method: "PUT",
        url: "/api/settings",
        headers: { cookie: h.admin },
        payload: { cacheEnabled: false },
      });
      const merged = await h.app.inject({
        method: "GET",
        url: "/api/settings",
        headers: { cookie: h.admin },
      });
      expect(merged.json().settings).toMatchObject({
        cacheEnabled: false,
        cacheExpiryDays: 14,
        model: "sonar",
      });
    } finally {
      await other.close();
    }
    const reset = await put({
      cacheEnabled: true,
      cacheExpiryDays: 7,
      autoRefresh: "never",
      modelRateLimitPerMinute: 5,
      model: "sonar-pro",
    });
    expect(reset.json().settings).toEqual(defaults);
  });

  it("refuses bad values with a message naming the field, and stores nothing", async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ cacheExpiryDays: 2 }, "cacheExpiryDays", /cacheExpiryDays must be 1, 3, 7, 14 or 30 days/],
      [{ cacheExpiryDays: "7" }, "cacheExpiryDays", /cacheExpiryDays/],
      [{ cacheEnabled: "yes" }, "cacheEnabled", /cacheEnabled must be true or false/],
      [{ autoRefresh: "hourly" }, "autoRefresh", /autoRefresh must be one of never, viewing, daily, weekly/],
      [{ modelRateLimitPerMinute: 7 }, "modelRateLimitPerMinute", /modelRateLimitPerMinute must be 5 or 10/],
      [{ model: "gpt-4o; DROP TABLE users" }, "model", /model must be 1 to 100 letters/],
      [{ model: "a".repeat(101) }, "model", /model must be 1 to 100/],
      [{ model: "" }, "model", /model must be/],
      [{ model: "../../etc" }, "model", /model must be/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field, JSON.stringify(payload)).toBe(field);
      expect(res.json().message).toMatch(message);
    }
    const unknown = await put({ cacheTtl: 3 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('"cacheTtl"');
    const empty = await put({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Nothing to save/);
    const stored = await h.app.inject({ method: "GET", url: "/api/settings", headers: { cookie: h.admin } });
    expect(stored.json().settings).toMatchObject({
      cacheExpiryDays: 7,
      cacheEnabled: true,
      model: "sonar-pro",
    });
    const badFormat = await h.app.inject({
      method: "GET",
      url: "/api/settings/export?format=xml",
      headers: { cookie: h.admin },
    });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json()).toMatchObject({
      field: "format",
      message: expect.stringMatching(/format must be csv or json/),
    });
  });

  it("cache on reuses a stored report; cache off makes every analysis fetch again", async () => {
    const path = tiktokPage(h.upstream, "cacheoff");
    const first = await analyze("cacheoff");
    advance(60_000);
    const second = await analyze("cacheoff");
    expect(h.upstream.count(path)).toBe(1);
    expect(second.lastUpdated).toBe(first.lastUpdated);

    expect((await put({ cacheEnabled: false })).statusCode).toBe(200);
    advance(60_000);
    const third = await analyze("cacheoff");
    expect(h.upstream.count(path)).toBe(2);
    expect(third.lastUpdated).toBe(h.clock.toISOString());
    advance(60_000);
    await analyze("cacheoff");
    expect(h.upstream.count(path)).toBe(3);

    expect((await put({ cacheEnabled: true })).statusCode).toBe(200);
    advance(60_000);
    const cached = await analyze("cacheoff");
    expect(h.upstream.count(path)).toBe(3);
    expect(cached.lastUpdated).not.toBe(h.clock.toISOString());
  });

  it("the expiry decides how long a stored report is reused; 'never' keeps it", async () => {
    const path = tiktokPage(h.upstream, "expiry");
    expect((await put({ cacheExpiryDays: 1 })).statusCode).toBe(200);
    await analyze("expiry");
    advance(23 * HOUR);
    await analyze("expiry");
    expect(h.upstream.count(path)).toBe(1);
    advance(2 * HOUR);
    await analyze("expiry");
    expect(h.upstream.count(path)).toBe(2);

    expect((await put({ cacheExpiryDays: 30 })).statusCode).toBe(200);
    advance(29 * DAY);
    await analyze("expiry");
    expect(h.upstream.count(path)).toBe(2);
    advance(2 * DAY);
    await h.signInAgain();
    await analyze("expiry");
    expect(h.upstream.count(path)).toBe(3);

    expect((await put({ cacheExpiryDays: null })).statusCode).toBe(200);
    advance(400 * DAY);
    await h.signInAgain();
    await analyze("expiry");
    expect(h.upstream.count(path)).toBe(3);
    expect((await put({ cacheExpiryDays: 7 })).statusCode).toBe(200);
  });

  it("'Clear cache' expires every stored report without deleting any", async () => {
    const path = tiktokPage(h.upstream, "clearme");
    const sample = h.samples[0]!;
    await analyze("clearme");
    await analyze(sample, "instagram");
    const reportsBefore = await count(h.database, sql`select count(*)::int as n from reports`);
    advance(1000);
    const res = await h.app.inject({
      method: "POST",
      url: "/api/settings/cache/clear",
      headers: { cookie: h.admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ clearedAt: h.clock.toISOString() });
    const seen = await h.app.inject({ method: "GET", url: "/api/settings", headers: { cookie: h.admin } });
    expect(seen.json().cacheClearedAt).toBe(h.clock.toISOString());
    // Nothing deleted: the stored reports are still there and still served as they are.
    expect(await count(h.database, sql`select count(*)::int as n from reports`)).toBe(reportsBefore);
    const stored = await h.app.inject({ method: "GET", url: "/api/accounts/clearme?platform=tiktok" });
    expect(stored.statusCode).toBe(200);

    advance(1000);
    const fresh = await analyze("clearme");
    expect(h.upstream.count(path)).toBe(2);
    expect(fresh.lastUpdated).toBe(h.clock.toISOString());
    const sampleAgain = await analyze(sample, "instagram");
    expect(sampleAgain.lastUpdated).toBe(h.clock.toISOString());
    expect(await count(h.database, sql`select count(*)::int as n from reports`)).toBe(reportsBefore + 2);
    // Reports made after the clear are reused again.
    advance(1000);
    await analyze("clearme");
    expect(h.upstream.count(path)).toBe(2);
  });

  it("exports every stored account as CSV and JSON, with formula cells neutralised", async () => {
    tiktokPage(h.upstream, "exportme");
    await analyze("exportme");
    await h.database.db.insert(accounts).values({
      platform: "instagram",
      username: "formula_row",
      name: '=HYPERLINK("http://evil.test","Click, here")',
      industry: "+SUM(1,2)",
      bio: "",
      countries: ["@home", "-minus", "Canada"],
      followers: 1234,
      source: "import",
      grade: "B+",
      engagementRate: 2.5,
    });
    const total = await count(h.database, sql`select count(*)::int as n from accounts`);

    const csv = await h.app.inject({
      method: "GET",
      url: "/api/settings/export?format=csv",
      headers: { cookie: h.admin },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      `attachment; filename="accounts-${h.clock.toISOString().slice(0, 10)}.csv"`,
    );
    expect(csv.headers["cache-control"]).toBe("no-store");
    const rows = parseCsv(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(total);
    expect(Object.keys(rows[0]!)).toEqual([
      "id",
      "platform",
      "username",
      "name",
      "industry",
      "followers",
      "following",
      "postsCount",
      "engagementRate",
      "engagementLevel",
      "grade",
      "countries",
      "verified",
      "isPrivate",
      "estimatedPostValue",
      "postFrequency",
      "source",
      "isSample",
      "lastFetchedAt",
      "lastAnalyzedAt",
      "reportCreatedAt",
    ]);
    const formula = rows.find((r) => r.username === "formula_row")!;
    expect(formula.name).toBe(`'=HYPERLINK("http://evil.test","Click, here")`);
    expect(formula.industry).toBe("'+SUM(1,2)");
    expect(formula.countries).toBe("'@home; -minus; Canada");
    expect(formula).toMatchObject({
      followers: "1234",
      grade: "B+",
      engagementRate: "2.5",
      source: "import",
    });
    expect(formula.reportCreatedAt).toBe("");
    // No cell of the file starts a formula.
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+@\t\r]/);
    const exported = rows.find((r) => r.username === "exportme")!;
    expect(exported).toMatchObject({ platform: "tiktok", isSample: "false", followers: "91200" });
    expect(exported.grade).toMatch(/^[A-F][+-]?$/);
    expect(exported.engagementLevel).toMatch(/^(High|Medium|Low)$/);
    expect(exported.reportCreatedAt).toBe(h.clock.toISOString());
    expect(rows.filter((r) => r.isSample === "true")).toHaveLength(5);

    const json = await h.app.inject({
      method: "GET",
      url: "/api/settings/export?format=json",
      headers: { cookie: h.admin },
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(json.headers["content-disposition"]).toBe(
      `attachment; filename="accounts-${h.clock.toISOString().slice(0, 10)}.json"`,
    );
    const doc = json.json() as { exportedAt: string; accounts: Record<string, unknown>[] };
    expect(doc.exportedAt).toBe(h.clock.toISOString());
    expect(doc.accounts).toHaveLength(total);
    const jsonFormula = doc.accounts.find((a) => a.username === "formula_row")!;
    expect(jsonFormula).toMatchObject({ name: '=HYPERLINK("http://evil.test","Click, here")', report: null });
    const jsonExported = doc.accounts.find((a) => a.username === "exportme")!;
    expect(jsonExported.report).toMatchObject({ platform: "tiktok", followers: 91200 });
    expect(jsonExported.grade).toBe((jsonExported.report as { grade: string }).grade);
  });

  it("'Delete all' deletes stored account data in one go and keeps the sample creators, users and settings", async () => {
    tiktokPage(h.upstream, "deleteme");
    await analyze("deleteme", "tiktok", h.user);
    await analyze(h.samples[1]!, "instagram", h.user);
    await put({ autoRefresh: "weekly" });
    const before = {
      live: await count(h.database, sql`select count(*)::int as n from accounts where not is_sample`),
      reports: await count(h.database, sql`select count(*)::int as n from reports`),
      posts: await count(h.database, sql`select count(*)::int as n from posts`),
      snapshots: await count(h.database, sql`select count(*)::int as n from account_snapshots`),
      history: await count(h.database, sql`select count(*)::int as n from history`),
      users: await count(h.database, sql`select count(*)::int as n from users`),
    };
    expect(before.reports).toBeGreaterThan(0);
    expect(before.history).toBeGreaterThan(0);
    // Warm this instance's stored-report cache: it must not outlive the deletion.
    expect(
      (await h.app.inject({ method: "GET", url: "/api/accounts/deleteme?platform=tiktok" })).statusCode,
    ).toBe(200);

    const res = await h.app.inject({
      method: "DELETE",
      url: "/api/settings/data",
      headers: { cookie: h.admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      deleted: {
        accounts: before.live,
        reports: before.reports,
        posts: before.posts,
        snapshots: before.snapshots,
        history: before.history,
      },
      sampleCreatorsKept: 5,
    });
    for (const table of ["reports", "posts", "account_snapshots", "history", "growth_points"]) {
      expect(await count(h.database, sql.raw(`select count(*)::int as n from ${table}`)), table).toBe(0);
    }
    expect(await count(h.database, sql`select count(*)::int as n from accounts where not is_sample`)).toBe(0);
    expect(
      await count(
        h.database,
        sql`select count(*)::int as n from accounts where is_sample and last_analyzed_at is null`,
      ),
    ).toBe(5);
    expect(await count(h.database, sql`select count(*)::int as n from sample_accounts`)).toBe(5);
    expect(await count(h.database, sql`select count(*)::int as n from users`)).toBe(before.users);

    expect(
      (await h.app.inject({ method: "GET", url: "/api/accounts/deleteme?platform=tiktok" })).statusCode,
    ).toBe(404);
    const recent = await h.app.inject({ method: "GET", url: "/api/accounts" });
    expect(recent.json()).toEqual([]);
    const history = await h.app.inject({
      method: "GET",
      url: "/api/accounts?scope=history",
      headers: { cookie: h.user },
    });
    expect(history.json()).toEqual([]);
    const settings = await h.app.inject({
      method: "GET",
      url: "/api/settings",
      headers: { cookie: h.admin },
    });
    expect(settings.json().settings.autoRefresh).toBe("weekly");
    // The sample creators can be analysed again; the admin and the user are still signed in.
    advance(1000);
    const again = await analyze(h.samples[1]!, "instagram", h.user);
    expect(again.lastUpdated).toBe(h.clock.toISOString());
  });
});

describe.each(testedDatabaseKinds())("model settings on %s", (kind) => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
    llm.setDefault(jsonReply(VALID_TEXTS));
  });
  afterAll(async () => {
    await llm?.close();
  });
  const redisPrefix = `t${crypto.randomBytes(4).toString("hex")}:`;
  const h = harness(kind, {
    get LLM_BASE_URL() {
      return llm.url;
    },
    LLM_API_KEY: "test-key",
    LLM_MODEL: "configured-model",
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: redisPrefix,
  } as Record<string, string | undefined>);
  let n = 0;
  const analyzeNew = async () => {
    const handle = `modeltest${++n}`;
    tiktokPage(h.upstream, handle);
    const res = await h.app.inject({
      method: "POST",
      url: "/api/analyze",
      headers: { cookie: h.admin },
      payload: { username: handle, platform: "tiktok" },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      contentQuality: string;
      ai: { status: string; model: string; reason?: string };
      provenance: Record<string, { kind: string; model?: string }>;
    };
  };
  const put = (payload: object) =>
    h.app.inject({ method: "PUT", url: "/api/settings", headers: { cookie: h.admin }, payload });

  it("offers sonar-pro and the configured model, and calls the configured one by default", async () => {
    const res = await h.app.inject({ method: "GET", url: "/api/settings", headers: { cookie: h.admin } });
    expect(res.json()).toMatchObject({
      modelOptions: ["sonar-pro", "configured-model"],
      aiEnabled: true,
      settings: { model: "configured-model", modelRateLimitPerMinute: 5 },
    });
    const a = await analyzeNew();
    expect(a.ai).toMatchObject({ status: "used", model: "configured-model" });
    expect(llm.requests.at(-1)!.body.model).toBe("configured-model");
  });

  it("caps model calls per minute across the installation; later reports keep the engine's texts and say why", async () => {
    // One call taken above; four remain of the default 5 in this minute. Seven reports at once.
    const before = llm.requests.length;
    const reports = await Promise.all(Array.from({ length: 7 }, () => analyzeNew()));
    expect(llm.requests.length - before).toBe(4);
    const used = reports.filter((r) => r.ai.status === "used");
    const skipped = reports.filter((r) => r.ai.status === "skipped");
    expect(used).toHaveLength(4);
    expect(skipped).toHaveLength(3);
    for (const r of skipped) {
      expect(r.ai.reason).toBe(
        "Skipped: this installation's model rate limit (5 calls per minute) was reached, so the analysis engine's texts stand",
      );
      expect(r.provenance.contentQuality!.kind).not.toBe("ai");
      expect(r.contentQuality).not.toBe(VALID_TEXTS.contentQuality);
    }
    for (const r of used) expect(r.provenance.contentQuality!.kind).toBe("ai");
    if (process.env.REDIS_URL) {
      // With Redis the count lives there, for every instance.
      const redis = new Redis(process.env.REDIS_URL);
      try {
        expect(await redis.zcard(`${redisPrefix}llm:calls`)).toBe(5);
      } finally {
        await redis.quit();
      }
    }

    // 10 per minute: five more calls fit in the same minute, the next is skipped.
    expect((await put({ modelRateLimitPerMinute: 10 })).statusCode).toBe(200);
    const more = [];
    for (let i = 0; i < 6; i++) more.push(await analyzeNew());
    expect(more.map((r) => r.ai.status)).toEqual(["used", "used", "used", "used", "used", "skipped"]);
    expect(more[5]!.ai.reason).toMatch(/rate limit \(10 calls per minute\)/);
    expect(llm.requests.length - before).toBe(9);

    // Unlimited: every report calls the model.
    expect((await put({ modelRateLimitPerMinute: null })).statusCode).toBe(200);
    const free = [await analyzeNew(), await analyzeNew()];
    expect(free.map((r) => r.ai.status)).toEqual(["used", "used"]);
    expect(llm.requests.length - before).toBe(11);
  });

  it("sends the chosen model to the model server, and the report names it", async () => {
    expect((await put({ model: "llama3.1:8b" })).statusCode).toBe(200);
    const a = await analyzeNew();
    expect(llm.requests.at(-1)!.body.model).toBe("llama3.1:8b");
    expect(a.ai).toMatchObject({ status: "used", model: "llama3.1:8b" });
    expect(a.provenance.contentQuality).toMatchObject({ kind: "ai", model: "llama3.1:8b" });
    expect((await put({ model: "sonar-pro" })).statusCode).toBe(200);
    await analyzeNew();
    expect(llm.requests.at(-1)!.body.model).toBe("sonar-pro");
  });

  it("web-search mode follows the chosen model: only a Sonar model is asked to estimate a blocked account", async () => {
    h.upstream.route("GET", "/@blockedone", {
      body: fixture("tiktok-challenge.html"),
      headers: { "content-type": "text/html" },
    });
    const blocked = () =>
      h.app.inject({
        method: "POST",
        url: "/api/analyze",
        headers: { cookie: h.admin },
        payload: { username: "blockedone", platform: "tiktok" },
      });
    expect((await put({ model: "configured-model" })).statusCode).toBe(200);
    const before = llm.requests.length;
    const refused = await blocked();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe("UPSTREAM_BLOCKED");
    expect(llm.requests.length).toBe(before);

    expect((await put({ model: "sonar" })).statusCode).toBe(200);
    const searched = await blocked();
    // The scripted replies are not a web report, so nothing is estimated; but Sonar was asked. The
    // first block quieted TikTok, so the platform's answer now says until when it rests.
    expect(searched.statusCode).toBe(429);
    expect(searched.json().message).toMatch(/^TikTok is limiting this server until \d\d:\d\d UTC/);
    expect(llm.requests.length).toBeGreaterThan(before);
    expect(llm.requests.at(-1)!.body.model).toBe("sonar");
  });
});
