import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PRICING } from "#core/engine/pricing";
import { SETTINGS_TEXTS } from "#core/schemas/settings";
import { computeInstallationBenchmarks } from "../benchmarks/benchmark-service";
import { type FakeUpstream, startFakeUpstream } from "../collectors/testing/fake-upstream";
import { fixture } from "../collectors/testing/helpers";
import { cookieHeader } from "../testing/sign-in";
import { startTestApp, type TestAppHandle } from "../testing/test-app";
import { testedDatabaseKinds } from "../testing/test-db";

/**
 * Issue #24 item 1 over HTTP: admins edit the pricing assumptions (published defaults shown with
 * their sources, reset to defaults), values are checked with messages naming the field, and every
 * report made afterwards is priced with them and says so. Item 7: the report service passes the
 * installation's benchmarks to the engine.
 */

// biome-ignore lint/suspicious/noExplicitAny: the test reads API bodies as plain JSON
type Json = Record<string, any>;

describe.each(testedDatabaseKinds())("pricing assumptions API on %s", (kind) => {
  let t: TestAppHandle;
  let upstream: FakeUpstream;
  let admin = "";
  let user = "";
  let clock = new Date("2026-11-26T12:00:00Z");

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    t = await startTestApp(kind, {
      env: {
        DEV_LOGIN: "1",
        ADMIN_EMAILS: "admin@example.com",
        ANON_REPORT_LIMIT: "1000",
        ANON_IP_DAILY_LIMIT: "100000",
        USER_DAILY_REPORT_LIMIT: "1000",
        COLLECTORS: "tiktok",
        TIKTOK_BASE_URL: upstream.url,
        UPSTREAM_RETRIES: "0",
      },
      now: () => clock,
    });
    const signIn = async (email: string) => {
      const res = await t.app.inject({ method: "POST", url: "/api/auth/dev-login", payload: { email } });
      expect(res.statusCode, res.body).toBe(200);
      return cookieHeader(res);
    };
    admin = await signIn("admin@example.com");
    user = await signIn("user@example.com");
  });
  afterAll(async () => {
    await t?.close();
    await upstream?.close();
  });

  const call = (method: "GET" | "PUT" | "DELETE", cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: "/api/settings/pricing",
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const analyze = async (handle: string): Promise<Json> => {
    upstream.route("GET", `/@${handle}`, {
      body: fixture("tiktok-profile.html").replaceAll("examplecreator", handle),
      headers: { "content-type": "text/html; charset=utf-8" },
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      headers: { cookie: admin },
      payload: { username: handle, platform: "tiktok" },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("refuses visitors (401) and other users (403) on every pricing call", async () => {
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const body = method === "PUT" ? DEFAULT_PRICING : undefined;
      const anon = await call(method, undefined, body);
      expect(anon.statusCode, method).toBe(401);
      expect(anon.json().message).toBe(SETTINGS_TEXTS.anonymous);
      const other = await call(method, user, body);
      expect(other.statusCode, method).toBe(403);
      expect(other.json().message).toBe(SETTINGS_TEXTS.forbidden);
    }
  });

  it("shows the published defaults with their sources and bands until an admin saves", async () => {
    const res = await call("GET", admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.source).toBe("default");
    expect(body.updatedAt).toBeNull();
    expect(body.assumptions).toEqual(body.defaults);
    expect(body.defaults.per1kFollowers.instagram.micro).toBe(10);
    expect(body.defaults.per1kFollowers.tiktok.micro).toBe(2.5);
    expect(body.defaults.cpm.youtube.video).toBe(20);
    expect(body.sources.per1kFollowers).toMatch(/\$10 per 1K followers/);
    expect(body.sources.cpm).toMatch(/sponsorrate/);
    expect(body.bands.instagram.micro).toEqual({ low: 100, high: 500 });
    expect(body.tiers.map((t: Json) => t.tier)).toEqual(["nano", "micro", "mid", "macro", "mega"]);
  });

  it("refuses bad values with 400 and a message naming the field, and stores nothing", async () => {
    const withRate = (platform: string, tier: string, v: unknown) => ({
      ...DEFAULT_PRICING,
      per1kFollowers: {
        ...DEFAULT_PRICING.per1kFollowers,
        [platform]: { ...DEFAULT_PRICING.per1kFollowers[platform as "instagram"], [tier]: v },
      },
    });
    const cases: [unknown, string, RegExp][] = [
      [withRate("instagram", "micro", -1), "per1kFollowers.instagram.micro", /greater than 0/],
      [withRate("tiktok", "mega", "lots"), "per1kFollowers.tiktok.mega", /must be a number/],
      [
        {
          ...DEFAULT_PRICING,
          cpm: { ...DEFAULT_PRICING.cpm, youtube: { ...DEFAULT_PRICING.cpm.youtube, short: 0 } },
        },
        "cpm.youtube.short",
        /cpm\.youtube\.short must be a number greater than 0/,
      ],
      [{ ...DEFAULT_PRICING, niche: { Fashion: 20 } }, "niche.Fashion", /multiplier from 0.1 to 10/],
      [{ ...DEFAULT_PRICING, currency: "eur" }, "currency", /ISO 4217/],
      [{ ...DEFAULT_PRICING, usdRate: 0 }, "usdRate", /usdRate must be a number greater than 0/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call("PUT", admin, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field, field).toBe(field);
      expect(res.json().message, field).toMatch(message);
      expect(res.json().code).toBe("VALIDATION_ERROR");
    }
    const unknownNiche = await call("PUT", admin, { ...DEFAULT_PRICING, niche: { Knitting: 2 } });
    expect(unknownNiche.statusCode).toBe(400);
    expect(unknownNiche.json().message).toMatch(/Knitting/);
    expect((await call("GET", admin)).json().source).toBe("default");
  });

  it("a report reflects the edited assumptions and says whose they are; reset brings the defaults back", async () => {
    const before = await analyze("pricebefore");
    expect(before.metrics.value.assumptions).toMatchObject({ source: "default", currency: "USD" });
    const tier = before.metrics.value.band.tier as "micro";

    const edited = {
      ...DEFAULT_PRICING,
      per1kFollowers: {
        ...DEFAULT_PRICING.per1kFollowers,
        tiktok: { ...DEFAULT_PRICING.per1kFollowers.tiktok, [tier]: 25 },
      },
      currency: "EUR",
      usdRate: 0.9,
    };
    const saved = await call("PUT", admin, edited);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ source: "installation", updatedAt: clock.toISOString() });
    expect(saved.json().assumptions.per1kFollowers.tiktok[tier]).toBe(25);

    // Saving the other settings keeps the pricing (the patch is merged into what is stored).
    const other = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: admin },
      payload: { autoRefresh: "weekly" },
    });
    expect(other.statusCode, other.body).toBe(200);
    expect((await call("GET", admin)).json()).toMatchObject({ source: "installation" });

    clock = new Date(clock.getTime() + 10_000); // past the settings cache
    const after = await analyze("priceafter");
    const v = after.metrics.value;
    expect(v.followerRate.per1k).toBe(25);
    expect(v.assumptions).toMatchObject({
      source: "installation",
      currency: "EUR",
      usdRate: 0.9,
      per1kFollowers: 25,
    });
    expect(v.assumptions.text).toMatch(/^Pricing assumptions: this installation's \(saved 2026-11-26\)/);
    expect(v.local.currency).toBe("EUR");
    expect(after.estimatedPostValue).toMatch(/^EUR [\d,]+ – EUR [\d,]+ per post \(estimate\)$/);
    expect(v.mid).toBeGreaterThan(before.metrics.value.mid);

    const reset = await call("DELETE", admin);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().source).toBe("default");
    expect(reset.json().assumptions).toEqual(reset.json().defaults);
    clock = new Date(clock.getTime() + 10_000);
    const again = await analyze("priceagain");
    expect(again.metrics.value.assumptions).toMatchObject({ source: "default", currency: "USD" });
    expect(again.estimatedPostValue).toMatch(/^\$/);
  });

  it("a stored copy that no longer validates is ignored: the published defaults apply", async () => {
    await t.database.db.execute(sql`
      update app_settings set overrides = overrides || '{"pricing":{"assumptions":{"currency":"??"},"savedAt":"2026-11-26T00:00:00.000Z"}}'::jsonb
      where id = 1`);
    const res = await call("GET", admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: "default", updatedAt: null });
    expect(res.json().assumptions).toEqual(res.json().defaults);
    expect((await call("DELETE", admin)).statusCode).toBe(200);
  });

  it("the report service passes this installation's benchmarks: 50 real accounts in the tier show its median", async () => {
    const first = await analyze("benchfirst");
    expect(first.metrics.engagement.benchmark.installation).toBeNull();
    const followers = first.followers as number;
    for (let i = 0; i < 50; i++) {
      const res = await t.database.db.execute(sql`
        insert into accounts (platform, username, followers, source)
        values ('tiktok', ${`peer${i}`}, ${followers}, 'tiktok-web') returning id`);
      const id = Number((res as unknown as { rows: { id: number | string }[] }).rows[0]!.id);
      const report = { metrics: { engagement: { benchmark: { comparedPct: 5 + i * 0.1 } } } };
      await t.database.db.execute(sql`
        insert into reports (account_id, created_at, engine_version, report)
        values (${id}, ${clock.toISOString()}::timestamptz, '1', ${JSON.stringify(report)}::jsonb)`);
    }
    // The 50 peers and the accounts this file analysed before (every real TikTok account, newest report).
    const real = await t.database.db.execute(
      sql`select count(*)::int as n from accounts where platform = 'tiktok' and is_sample = false`,
    );
    const n = Number((real as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect(n).toBeGreaterThanOrEqual(51);
    await computeInstallationBenchmarks(t.database.db, clock);
    clock = new Date(clock.getTime() + 120_000); // past the benchmark cache
    const next = await analyze("benchnext");
    const shown = next.metrics.engagement.benchmark.installation;
    expect(shown).toMatchObject({ accounts: n });
    expect(shown.text).toMatch(/^this installation's median: /);
  });
});
