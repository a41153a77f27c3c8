import crypto from "node:crypto";
import { Validator } from "@seriousme/openapi-schema-validator";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSchema } from "#core/schemas/account";
import { growthResponseSchema } from "#core/schemas/growth";
import { profileSnapshotSchema } from "#core/schemas/snapshot";
import { type FakeUpstream, startFakeUpstream } from "../collectors/testing/fake-upstream";
import { fixture } from "../collectors/testing/helpers";
import { rowsOf } from "../db/rows";
import { cookieHeader as cookieOf } from "../testing/sign-in";
import { startTestApp, type TestAppHandle, useTestApp } from "../testing/test-app";
import { type DbKind, testedDatabaseKinds } from "../testing/test-db";
import { API_EXAMPLES } from "./examples";

/**
 * The public API of issue #23 through real HTTP handling (app.inject) on a real database: key
 * lifecycle and hashing, scopes, revocation, quotas and per-key rate limits, every /api/v1 route,
 * captured snapshots, cookie routes refusing keys, CORS, and the OpenAPI document.
 */

const HTML = { "content-type": "text/html; charset=utf-8" };
const DAY = 86_400_000;

/** A captured Instagram snapshot (what the browser extension sends). */
function snapshot(username: string, followers: number, fetchedAt: Date) {
  return {
    platform: "instagram",
    username,
    name: `Chef ${username}`,
    bio: "Weeknight recipes",
    verified: false,
    isPrivate: false,
    followers,
    following: 200,
    postsCount: 120,
    fetchedAt: fetchedAt.toISOString(),
    source: "capture",
    posts: Array.from({ length: 8 }, (_, i) => ({
      id: `${username}-${i}`,
      type: "photo",
      caption: "Pasta #recipe",
      postedAt: new Date(fetchedAt.getTime() - (i + 1) * 2 * DAY).toISOString(),
      likes: 900 + i * 10,
      comments: 30,
    })),
  };
}

describe.each(testedDatabaseKinds())("public API with keys (%s)", (kind: DbKind) => {
  let t: TestAppHandle;
  let fake: FakeUpstream;
  let ann: string;
  let bob: string;
  let admin: string;
  let curator: string;
  let quotaUser: string;
  const clock = new Date("2026-11-20T10:00:00Z");

  beforeAll(async () => {
    fake = await startFakeUpstream();
    const page = (handle: string) => fixture("tiktok-profile.html").replaceAll("examplecreator", handle);
    for (const handle of ["examplecreator", "quota1", "quota2", "quota3"])
      fake.route("GET", `/@${handle}`, { body: page(handle), headers: HTML });
    t = await startTestApp(kind, {
      env: {
        DEV_LOGIN: "1",
        ADMIN_EMAILS: "admin@example.com,curator@example.com",
        COLLECTORS: "tiktok",
        TIKTOK_BASE_URL: fake.url,
        UPSTREAM_RETRIES: "0",
        USER_DAILY_REPORT_LIMIT: "2",
        API_KEY_RATE_LIMIT_PER_MINUTE: "1000",
      },
      now: () => clock,
    });
    const login = async (email: string, name?: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/dev-login",
        payload: { email, name },
      });
      expect(res.statusCode, res.body).toBe(200);
      return cookieOf(res);
    };
    ann = await login("ann@example.com", "Ann Example");
    bob = await login("bob@example.com");
    admin = await login("admin@example.com");
    curator = await login("curator@example.com");
    quotaUser = await login("quota@example.com");
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const createKey = async (cookie: string, scopes: string[], name = "Script") => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/keys",
      headers: { cookie },
      payload: { name, scopes },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; name: string; key: string; scopes: string[]; createdAt: string };
  };
  const v1 = (
    method: "GET" | "POST",
    url: string,
    key: string | undefined,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it("creates a key shown once, stores only its SHA-256 and prefix, lists it without the secret, records its use", async () => {
    const created = await createKey(ann, ["read", "read", "capture"], "  My sheet  ");
    expect(created.key).toMatch(/^ca_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: "My sheet", scopes: ["read", "capture"] });
    expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);

    const rows = rowsOf<{ key_hash: string; prefix: string; scopes: string[] }>(
      await t.database.db.execute(
        sql`select key_hash, prefix, scopes from api_keys where id = ${created.id}`,
      ),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_hash).not.toBe(created.key);
    expect(rows[0]!.key_hash).not.toContain(created.key.slice(3));
    expect(rows[0]!.key_hash).toBe(crypto.createHash("sha256").update(created.key).digest("hex"));
    expect(rows[0]!.prefix).toBe(created.key.slice(0, 11));
    // Nothing in the whole row holds the key.
    const whole = JSON.stringify(
      rowsOf(await t.database.db.execute(sql`select * from api_keys where id = ${created.id}`)),
    );
    expect(whole).not.toContain(created.key.slice(3));

    const list = await t.app.inject({ url: "/api/keys", headers: { cookie: ann } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key.slice(3));
    const mine = list.json().find((k: { id: string }) => k.id === created.id);
    expect(mine).toEqual({
      id: created.id,
      name: "My sheet",
      prefix: created.key.slice(0, 11),
      scopes: ["read", "capture"],
      createdAt: created.createdAt,
      lastUsedAt: null,
    });

    expect((await v1("GET", "/api/v1/accounts/instagram/nobody", created.key)).statusCode).toBe(404);
    const after = (await t.app.inject({ url: "/api/keys", headers: { cookie: ann } })).json();
    expect(after.find((k: { id: string }) => k.id === created.id).lastUsedAt).toBe(clock.toISOString());
  });

  it("validates key requests and needs a same-origin session", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/keys",
      headers: { cookie: ann },
      payload: { name: "x", scopes: ["write"] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "VALIDATION_ERROR", field: "scopes.0" });
    expect(bad.json().message).toContain("read, analyze, capture");
    const none = await t.app.inject({
      method: "POST",
      url: "/api/keys",
      headers: { cookie: ann },
      payload: { name: "x", scopes: [] },
    });
    expect(none.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "scopes: Choose at least one scope",
    });
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/keys",
      payload: { name: "x", scopes: ["read"] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/keys" })).statusCode).toBe(401);
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/keys",
      headers: { cookie: ann, origin: "https://evil.example" },
      payload: { name: "x", scopes: ["read"] },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it("revokes: the owner and admins may; other users get 404; a revoked key gets 401", async () => {
    const k = await createKey(bob, ["read"]);
    expect((await v1("GET", "/api/v1/accounts/instagram/nobody", k.key)).statusCode).toBe(404);

    const byAnn = await t.app.inject({
      method: "DELETE",
      url: `/api/keys/${k.id}`,
      headers: { cookie: ann },
    });
    expect(byAnn.statusCode).toBe(404);
    expect((await v1("GET", "/api/v1/accounts/instagram/nobody", k.key)).statusCode).toBe(404);

    // Admins see every user's keys, with their owners.
    const adminList = (await t.app.inject({ url: "/api/keys", headers: { cookie: admin } })).json();
    expect(adminList.find((x: { id: string }) => x.id === k.id)).toMatchObject({
      owner: { email: "bob@example.com", name: "bob" },
    });
    const bobList = (await t.app.inject({ url: "/api/keys", headers: { cookie: bob } })).json();
    expect(bobList.every((x: { owner?: unknown }) => x.owner === undefined)).toBe(true);
    expect(
      (await t.app.inject({ url: "/api/keys", headers: { cookie: ann } }))
        .json()
        .some((x: { id: string }) => x.id === k.id),
    ).toBe(false);

    const byAdmin = await t.app.inject({
      method: "DELETE",
      url: `/api/keys/${k.id}`,
      headers: { cookie: admin },
    });
    expect(byAdmin.statusCode).toBe(200);
    const revoked = await v1("GET", "/api/v1/accounts/instagram/nobody", k.key);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ code: "API_KEY_INVALID" });
    expect(revoked.json().message).toContain("revoked");

    const own = await createKey(bob, ["read"]);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/keys/${own.id}`, headers: { cookie: bob } }))
        .statusCode,
    ).toBe(200);
    expect((await v1("GET", "/api/v1/accounts/instagram/nobody", own.key)).statusCode).toBe(401);
    const badId = await t.app.inject({
      method: "DELETE",
      url: "/api/keys/not-a-uuid",
      headers: { cookie: bob },
    });
    expect(badId.statusCode).toBe(400);
  });

  it("answers 401 for a missing, malformed or unknown key and 403 for a missing scope", async () => {
    const missing = await v1("GET", "/api/v1/accounts/instagram/nobody", undefined);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: "API_KEY_REQUIRED" });
    expect(missing.headers["www-authenticate"]).toContain("Bearer");
    const basic = await v1("GET", "/api/v1/accounts/instagram/nobody", undefined, undefined, {
      authorization: "Basic YTpi",
    });
    expect(basic.statusCode).toBe(401);
    expect(basic.json()).toMatchObject({ code: "API_KEY_INVALID" });
    const wrong = await v1("GET", "/api/v1/accounts/instagram/nobody", `ca_${"A".repeat(43)}`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("API_KEY_INVALID");
    const notOurs = await v1("GET", "/api/v1/accounts/instagram/nobody", "sk-something");
    expect(notOurs.statusCode).toBe(401);

    const readOnly = await createKey(ann, ["read"]);
    const analyze = await v1("POST", "/api/v1/analyze", readOnly.key, {
      platform: "tiktok",
      username: "examplecreator",
    });
    expect(analyze.statusCode).toBe(403);
    expect(analyze.json()).toMatchObject({ code: "API_KEY_SCOPE" });
    expect(analyze.json().message).toContain('"analyze" scope');
    const capture = await v1("POST", "/api/v1/snapshots", readOnly.key, snapshot("x", 1, clock));
    expect(capture.statusCode).toBe(403);
    const analyzeOnly = await createKey(ann, ["analyze"]);
    expect((await v1("GET", "/api/v1/accounts/tiktok/examplecreator", analyzeOnly.key)).statusCode).toBe(403);
    expect(
      (await v1("POST", "/api/v1/discovery/search", analyzeOnly.key, API_EXAMPLES.discoverySearch))
        .statusCode,
    ).toBe(403);
    // A session cookie never opens /api/v1.
    const withCookie = await t.app.inject({
      url: "/api/v1/accounts/instagram/nobody",
      headers: { cookie: ann },
    });
    expect(withCookie.statusCode).toBe(401);
  });

  it("never lets a key open a cookie route (settings, admin, keys, history)", async () => {
    const all = await createKey(admin, ["read", "analyze", "capture"]);
    const bearer = { authorization: `Bearer ${all.key}` };
    for (const url of [
      "/api/settings",
      "/api/admin/jobs",
      "/api/keys",
      "/api/auth/me",
      "/api/accounts?scope=history",
    ]) {
      const res = await t.app.inject({ url, headers: bearer });
      expect(res.statusCode, url).toBe(401);
    }
    const create = await t.app.inject({
      method: "POST",
      url: "/api/keys",
      headers: bearer,
      payload: { name: "x", scopes: ["read"] },
    });
    expect(create.statusCode).toBe(401);
    const del = await t.app.inject({ method: "DELETE", url: `/api/keys/${all.id}`, headers: bearer });
    expect(del.statusCode).toBe(401);
  });

  it("POST /api/v1/analyze makes a report charged to the key owner's daily quota", async () => {
    const k = await createKey(quotaUser, ["analyze", "read"]);
    const first = await v1("POST", "/api/v1/analyze", k.key, { platform: "tiktok", username: "quota1" });
    expect(first.statusCode, first.body).toBe(200);
    expect(accountSchema.parse(first.json())).toMatchObject({ platform: "tiktok", username: "quota1" });
    expect(first.headers["ratelimit-limit"]).toBe("1000");
    expect(
      (await v1("POST", "/api/v1/analyze", k.key, { platform: "tiktok", username: "quota2" })).statusCode,
    ).toBe(200);
    // The limit is 2 a day: the owner's third report is refused whichever way it is asked for.
    const third = await v1("POST", "/api/v1/analyze", k.key, { platform: "tiktok", username: "quota3" });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: "REPORT_LIMIT_EXCEEDED" });
    const viaCookie = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      headers: { cookie: quotaUser },
      payload: { platform: "tiktok", username: "quota3" },
    });
    expect(viaCookie.statusCode).toBe(429);
    // Reading stored reports spends nothing.
    expect((await v1("GET", "/api/v1/accounts/tiktok/quota1", k.key)).statusCode).toBe(200);
    const bad = await v1("POST", "/api/v1/analyze", k.key, { platform: "myspace", username: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "VALIDATION_ERROR", field: "platform" });
  });

  it("GET /api/v1/accounts/:platform/:username answers the stored report, as the cookie route does", async () => {
    const k = await createKey(ann, ["read", "analyze"]);
    expect(
      (await v1("POST", "/api/v1/analyze", k.key, { platform: "tiktok", username: "examplecreator" }))
        .statusCode,
    ).toBe(200);
    const res = await v1("GET", "/api/v1/accounts/tiktok/examplecreator", k.key);
    expect(res.statusCode).toBe(200);
    const cookie = await t.app.inject({
      url: "/api/accounts/examplecreator?platform=tiktok",
      headers: { cookie: ann },
    });
    expect(res.json()).toEqual(cookie.json());
    expect(res.headers.etag).toBe(cookie.headers.etag);
    // A browser cache never answers one key's request with another key's (or no key's) answer.
    expect(String(res.headers.vary)).toMatch(/Authorization/);
    const notModified = await v1("GET", "/api/v1/accounts/tiktok/examplecreator", k.key, undefined, {
      "if-none-match": String(res.headers.etag),
    });
    expect(notModified.statusCode).toBe(304);
    const missing = await v1("GET", "/api/v1/accounts/youtube/examplecreator", k.key);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(
      "No report for @examplecreator on YouTube yet. Analyse the account to create one.",
    );
    const badPlatform = await v1("GET", "/api/v1/accounts/myspace/examplecreator", k.key);
    expect(badPlatform.statusCode).toBe(400);
    expect(badPlatform.json().field).toBe("platform");
  });

  it("POST /api/v1/snapshots makes a 'capture' report, private to a non-admin capturer, public from an admin; bad snapshots name the field", async () => {
    const k = await createKey(ann, ["capture", "read"]);
    const body = snapshot("pasta.home", 52_000, new Date(clock.getTime() - 5 * DAY));
    const res = await v1(
      "POST",
      "/api/v1/snapshots",
      k.key,
      { ...body, source: "instagram-web" },
      { origin: "chrome-extension://abcdefgh" },
    );
    expect(res.statusCode, res.body).toBe(200);
    const report = accountSchema.parse(res.json());
    expect(report).toMatchObject({
      platform: "instagram",
      username: "pasta.home",
      source: "capture",
      followers: 52_000,
      privateTo: "you",
      // The time it arrived, not the one the capture claims (issue #33).
      lastUpdated: clock.toISOString(),
    });
    expect(report.dataNotes).toEqual([
      expect.objectContaining({
        kind: "captured",
        source: "capture",
        fetchedAt: clock.toISOString(),
        message: expect.stringContaining(
          "Your capture (Ann Example), made in your browser on 20 Nov 2026 at 10:00 UTC",
        ),
      }),
    ]);
    // Only Ann sees it: the web app's public route has no report, her key's read has hers.
    expect((await t.app.inject({ url: "/api/accounts/pasta.home?platform=instagram" })).statusCode).toBe(404);
    expect((await v1("GET", "/api/v1/accounts/instagram/pasta.home", k.key)).json()).toMatchObject({
      followers: 52_000,
      privateTo: "you",
    });
    // An admin's capture confirms the account: public, and the note names nobody.
    const adminKey = await createKey(admin, ["capture"]);
    const confirmed = await v1("POST", "/api/v1/snapshots", adminKey.key, body);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const stored = await t.app.inject({ url: "/api/accounts/pasta.home?platform=instagram" });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ source: "capture", followers: 52_000 });
    expect(stored.json().privateTo).toBeUndefined();
    expect(stored.json().dataNotes[0].message).toBe(
      "Captured in a user's browser on 20 Nov 2026 at 10:00 UTC; figures are what the platform showed then.",
    );

    const negative = structuredClone(body);
    negative.posts[3]!.likes = -5;
    const bad = await v1("POST", "/api/v1/snapshots", k.key, negative);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "VALIDATION_ERROR", field: "posts.3.likes" });
    expect(bad.json().message).toBe("posts.3.likes: must not be negative");
    const { followers: _f, ...noFollowers } = body;
    const missing = await v1("POST", "/api/v1/snapshots", k.key, noFollowers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe("followers");
    const badDate = await v1("POST", "/api/v1/snapshots", k.key, { ...body, fetchedAt: "yesterday" });
    expect(badDate.json()).toMatchObject({ field: "fetchedAt" });
    expect(badDate.json().message).toContain("ISO 8601");
    const badType = structuredClone(body) as Record<string, unknown> & { posts: Record<string, unknown>[] };
    badType.posts[0]!.type = "story";
    const typeRes = await v1("POST", "/api/v1/snapshots", k.key, badType);
    expect(typeRes.json().field).toBe("posts.0.type");
  });

  it("GET /api/v1/accounts/:platform/:username/growth: 404 until measured twice, then the growth", async () => {
    // An admin's captures are public points, each dated when it arrived (issue #33).
    const k = await createKey(curator, ["capture", "read"]);
    const unknown = await v1("GET", "/api/v1/accounts/instagram/never.seen/growth", k.key);
    expect(unknown.statusCode).toBe(404);
    const at = clock.getTime();
    try {
      clock.setTime(at - 10 * DAY);
      expect(
        (await v1("POST", "/api/v1/snapshots", k.key, snapshot("grower", 10_000, clock))).statusCode,
      ).toBe(200);
      const once = await v1("GET", "/api/v1/accounts/instagram/grower/growth", k.key);
      expect(once.statusCode).toBe(404);
      expect(once.json()).toMatchObject({ code: "NO_GROWTH" });
      expect(once.json().message).toContain("measured once");
      clock.setTime(at - 1 * DAY);
      expect(
        (await v1("POST", "/api/v1/snapshots", k.key, snapshot("grower", 11_000, clock))).statusCode,
      ).toBe(200);
    } finally {
      clock.setTime(at);
    }
    const res = await v1("GET", "/api/v1/accounts/instagram/grower/growth", k.key);
    expect(res.statusCode, res.body).toBe(200);
    const growth = growthResponseSchema.parse(res.json());
    expect(growth.points.map((p) => p.followers)).toEqual([10_000, 11_000]);
    expect(growth.points.map((p) => p.at)).toEqual([
      new Date(at - 10 * DAY).toISOString(),
      new Date(at - DAY).toISOString(),
    ]);
    expect(growth.points.every((p) => p.source === "capture")).toBe(true);
  });

  it("POST /api/v1/discovery/search and /api/v1/accounts/find answer like the cookie routes", async () => {
    const k = await createKey(ann, ["read"]);
    const search = await v1("POST", "/api/v1/discovery/search", k.key, {
      platform: "instagram",
      followerRange: "10k_to_100k",
    });
    expect(search.statusCode, search.body).toBe(200);
    const cookieSearch = await t.app.inject({
      method: "POST",
      url: "/api/discovery/search",
      payload: { platform: "instagram", followerRange: "10k_to_100k" },
    });
    expect(search.json()).toEqual(cookieSearch.json());
    expect(JSON.stringify(search.json())).toContain("pasta.home");
    const badSearch = await v1("POST", "/api/v1/discovery/search", k.key, {
      platform: "instagram",
      followerRange: "lots",
    });
    expect(badSearch.statusCode).toBe(400);
    expect(badSearch.json().field).toBe("followerRange");

    const find = await v1("POST", "/api/v1/accounts/find", k.key, API_EXAMPLES.find);
    expect(find.statusCode, find.body).toBe(200);
    const cookieFind = await t.app.inject({
      method: "POST",
      url: "/api/accounts/find",
      payload: API_EXAMPLES.find,
    });
    expect(find.json()).toEqual(cookieFind.json());
    const short = await v1("POST", "/api/v1/accounts/find", k.key, { platform: "tiktok", description: "x" });
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe("description");
  });

  it("answers CORS preflights and lets any origin read v1 answers (no Origin check)", async () => {
    const pre = await t.app.inject({
      method: "OPTIONS",
      url: "/api/v1/snapshots",
      headers: {
        origin: "https://sheets.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers["access-control-allow-origin"]).toBe("*");
    expect(String(pre.headers["access-control-allow-headers"])).toMatch(/Authorization/);
    expect(String(pre.headers["access-control-allow-methods"])).toMatch(/POST/);
    const k = await createKey(ann, ["read"]);
    const res = await v1("POST", "/api/v1/discovery/search", k.key, API_EXAMPLES.discoverySearch, {
      origin: "https://sheets.example",
      "sec-fetch-site": "cross-site",
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(String(res.headers["access-control-expose-headers"])).toContain("RateLimit-Remaining");
    // Errors carry the header too, so a page elsewhere can read why.
    const denied = await v1("GET", "/api/v1/accounts/instagram/x", undefined, undefined, {
      origin: "https://sheets.example",
    });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers["access-control-allow-origin"]).toBe("*");
    // Cookie routes keep their Origin check and send no CORS header.
    const cookieRoute = await t.app.inject({
      method: "POST",
      url: "/api/discovery/search",
      headers: { origin: "https://sheets.example" },
      payload: API_EXAMPLES.discoverySearch,
    });
    expect(cookieRoute.statusCode).toBe(403);
    expect(cookieRoute.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("serves an OpenAPI 3.1 document that a validator accepts, listing every v1 route with its schemas", async () => {
    const res = await t.app.inject({ url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    const routes: [string, string, boolean][] = [
      ["post", "/api/v1/analyze", true],
      ["get", "/api/v1/accounts/{platform}/{username}", false],
      ["get", "/api/v1/accounts/{platform}/{username}/growth", false],
      ["post", "/api/v1/discovery/search", true],
      ["post", "/api/v1/accounts/find", true],
      ["post", "/api/v1/snapshots", true],
    ];
    const v1Paths = Object.keys(doc.paths).filter((p) => p.startsWith("/api/v1/"));
    expect(v1Paths.sort()).toEqual([...new Set(routes.map((r) => r[1]))].sort());
    for (const [method, path, hasBody] of routes) {
      const op = doc.paths[path][method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.security).toEqual([{ apiKey: [] }]);
      if (hasBody) expect(op.requestBody.content["application/json"].schema.type).toBe("object");
      else
        expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["platform", "username"]);
      expect(op.responses["200"].content["application/json"].schema).toBeDefined();
      expect(op.responses["401"].content["application/json"].schema.required).toEqual(["message", "code"]);
    }
    const snap = doc.paths["/api/v1/snapshots"].post.requestBody.content["application/json"];
    expect(snap.schema.required).toEqual(
      expect.arrayContaining(["platform", "username", "followers", "fetchedAt"]),
    );
    expect(snap.schema.example ?? snap.example).toBeDefined();
    // The examples are real: they pass the schemas the routes use.
    expect(profileSnapshotSchema.safeParse(API_EXAMPLES.snapshot).success).toBe(true);
    expect(accountSchema.safeParse(API_EXAMPLES.account).success).toBe(true);
    expect(accountSchema.safeParse(API_EXAMPLES.capturedAccount).success).toBe(true);
    expect(growthResponseSchema.safeParse(API_EXAMPLES.growth).success).toBe(true);
    for (const path of ["/api/keys", "/api/keys/{id}"]) expect(doc.paths[path]).toBeDefined();
    // Cookie routes are not part of the public document.
    expect(doc.paths["/api/settings"]).toBeUndefined();
  });

  it("serves /api/docs from the app itself under the CSP, with a try-it form per v1 route", async () => {
    const res = await t.app.inject({ url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline' 'self'");
    // No inline script and nothing from another host.
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc="\/)[^>]*>/);
    expect(res.body).not.toMatch(/(src|href)="https?:/);
    for (const path of [
      "/api/v1/analyze",
      "/api/v1/accounts/{platform}/{username}",
      "/api/v1/accounts/{platform}/{username}/growth",
      "/api/v1/discovery/search",
      "/api/v1/accounts/find",
      "/api/v1/snapshots",
    ])
      expect(res.body).toContain(`data-path="${path}"`);
    expect(res.body).toContain('id="api-key"');
    const js = await t.app.inject({ url: "/api/docs/try-it.js" });
    expect(js.statusCode).toBe(200);
    expect(js.headers["content-type"]).toContain("javascript");
    expect(js.body).toContain("Bearer ");
  });
});

describe("per-key rate limit", () => {
  const t = useTestApp("pglite", { env: { DEV_LOGIN: "1", API_KEY_RATE_LIMIT_PER_MINUTE: "3" } });
  let cookie: string;

  beforeAll(async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "rl@example.com" },
    });
    cookie = cookieOf(res);
  });

  const newKey = async () =>
    (
      await t.app.inject({
        method: "POST",
        url: "/api/keys",
        headers: { cookie },
        payload: { name: "k", scopes: ["read"] },
      })
    ).json().key as string;

  it("gives each user one budget over all their keys with RateLimit-* headers, then 429", async () => {
    const a = await newKey();
    const b = await newKey();
    const call = (key: string) =>
      t.app.inject({ url: "/api/v1/accounts/instagram/nobody", headers: { authorization: `Bearer ${key}` } });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(a);
      expect(res.statusCode).toBe(404);
      expect(res.headers["ratelimit-limit"]).toBe("3");
      expect(Number(res.headers["ratelimit-reset"])).toBeGreaterThan(0);
      remaining.push(String(res.headers["ratelimit-remaining"]));
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const over = await call(a);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(over.json().message).toContain("more than 3 requests in a minute");
    expect(over.headers["ratelimit-remaining"]).toBe("0");
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    // Another key of the same user shares the budget (issue #33: 50 keys do not multiply it).
    const other = await call(b);
    expect(other.statusCode).toBe(429);
    expect(other.headers["ratelimit-remaining"]).toBe("0");
  });
});

describe("time budget of POST /api/v1/analyze", () => {
  let t: TestAppHandle;
  let fake: FakeUpstream;
  let cookie: string;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    const page = (handle: string) => fixture("tiktok-profile.html").replaceAll("examplecreator", handle);
    fake.route("GET", "/@slowpoke", { body: page("slowpoke"), headers: HTML, delayMs: 5000 });
    fake.route("GET", "/@quick", { body: page("quick"), headers: HTML });
    t = await startTestApp("pglite", {
      env: {
        DEV_LOGIN: "1",
        COLLECTORS: "tiktok",
        TIKTOK_BASE_URL: fake.url,
        UPSTREAM_RETRIES: "0",
        USER_DAILY_REPORT_LIMIT: "1",
        API_TIME_BUDGET_SECONDS: "1",
      },
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "tb@example.com" },
    });
    cookie = cookieOf(res);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("stops an analysis past the budget with 504 TIME_BUDGET_EXCEEDED and keeps no quota unit", async () => {
    const key = (
      await t.app.inject({
        method: "POST",
        url: "/api/keys",
        headers: { cookie },
        payload: { name: "k", scopes: ["analyze"] },
      })
    ).json().key as string;
    const analyze = (username: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/analyze",
        headers: { authorization: `Bearer ${key}` },
        payload: { platform: "tiktok", username },
      });
    const t0 = Date.now();
    const slow = await analyze("slowpoke");
    expect(slow.statusCode, slow.body).toBe(504);
    expect(Date.now() - t0).toBeLessThan(4000);
    expect(slow.json()).toMatchObject({ code: "TIME_BUDGET_EXCEEDED" });
    expect(slow.json().message).toContain("longer than 1 seconds");
    // The daily limit is 1: the stopped analysis gave its unit back, so the next one goes through.
    await expect
      .poll(async () => (await analyze("quick")).statusCode, { timeout: 5000, interval: 300 })
      .toBe(200);
  });
});
