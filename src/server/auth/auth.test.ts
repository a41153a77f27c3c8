import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGoogleTestKeys, TEST_CLIENT_ID } from "../testing/google-tokens";
import { startTestApp, type TestAppHandle, useTestApp } from "../testing/test-app";
import { testedDatabaseKinds } from "../testing/test-db";

type Keys = Awaited<ReturnType<typeof createGoogleTestKeys>>;

function cookieOf(res: { cookies: { name: string; value: string }[] }, name: string): string | undefined {
  const c = res.cookies.find((x) => x.name === name);
  return c?.value ? `${name}=${c.value}` : undefined;
}

describe.each(testedDatabaseKinds())("sign-in, sessions and roles on %s", (kind) => {
  let keys: Keys;
  let t: TestAppHandle;
  const logLines: string[] = [];

  beforeAll(async () => {
    keys = await createGoogleTestKeys();
    const stream = new Writable({
      write(chunk, _enc, cb) {
        logLines.push(chunk.toString());
        cb();
      },
    });
    t = await startTestApp(kind, {
      env: {
        GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
        GOOGLE_CERTS_FILE: keys.certsFile,
        ADMIN_EMAILS: "boss@example.com",
        DEV_LOGIN: "1",
        LOG_LEVEL: "trace",
      },
      logger: { level: "trace", stream },
    });
  });
  afterAll(async () => {
    await t?.close();
    keys?.cleanup();
  });

  const login = (credential: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { credential }, headers });

  it("signs in with a valid Google token and keeps the session", async () => {
    const credential = await keys.token();
    const res = await login(credential);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: "ana@example.com", name: "Ana", isAdmin: false });
    const setCookie = res.cookies.find((c) => c.name === "sid")!;
    expect(setCookie.httpOnly).toBe(true);
    expect(setCookie.sameSite).toBe("Lax");
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { cookie: cookieOf(res, "sid")! },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe("ana@example.com");
    expect(logLines.join("")).not.toContain(credential);
    expect(logLines.join("")).not.toContain(setCookie.value);
  });

  it.each([
    ["a token signed by another key", { wrongKey: true }, {}],
    ["a token for another audience", { audience: "someone-else.apps.googleusercontent.com" }, {}],
    ["a token from another issuer", { issuer: "https://evil.example.com" }, {}],
    ["an expired token", { expired: true }, {}],
  ])("refuses %s with 401 and a clear message", async (_label, opts, claims) => {
    const credential = await keys.token(claims, opts);
    const res = await login(credential);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      message: "Google sign-in failed: the credential is invalid or has expired. Please sign in again.",
      requiresAuth: true,
    });
    expect(res.body).not.toContain(credential.slice(-20));
  });

  it("refuses an unverified e-mail, even one listed as admin", async () => {
    const res = await login(
      await keys.token({ email: "boss@example.com", email_verified: false }, { sub: "77" }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(
      "Google sign-in failed: your Google account's e-mail address is not verified.",
    );
  });

  it.each([
    ["malformed", "not.a.jwt"],
    ["garbage", "%%%"],
    ["empty", ""],
  ])("refuses a %s credential with 401", async (_label, credential) => {
    const res = await login(credential);
    expect(res.statusCode).toBe(401);
    expect(typeof res.json().message).toBe("string");
  });

  it("rejects unknown fields and wrong types at the edge", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { credential: "x", isAdmin: true },
    });
    expect(res.statusCode).toBe(400);
    const typed = await login(42);
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toContain("credential");
  });

  it("makes a verified admin e-mail an admin", async () => {
    const res = await login(await keys.token({ email: "Boss@Example.com" }, { sub: "2002" }));
    expect(res.json()).toMatchObject({ email: "boss@example.com", isAdmin: true });
  });

  it("rotates the session at sign-in (fixation) and ends it server-side at logout", async () => {
    const first = await login(await keys.token({ email: "s3003@example.com" }, { sub: "3003" }));
    const firstCookie = cookieOf(first, "sid")!;
    const second = await login(await keys.token({ email: "s3003@example.com" }, { sub: "3003" }), {
      cookie: firstCookie,
    });
    const secondCookie = cookieOf(second, "sid")!;
    expect(secondCookie).not.toBe(firstCookie);
    const replayFirst = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { cookie: firstCookie },
    });
    expect(replayFirst.statusCode).toBe(401);

    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: secondCookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.body).toBe("OK");
    const replay = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { cookie: secondCookie },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ requiresAuth: true });
  });

  it("ignores a forged session cookie", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { cookie: "sid=forged.value" },
    });
    expect(res.statusCode).toBe(401);
  });

  it("refuses cross-site state changes, JSON-less bodies, and accepts same-origin ones", async () => {
    const credential = await keys.token({ email: "s4004@example.com" }, { sub: "4004" });
    const cross = await login(credential, { origin: "https://evil.example.com" });
    expect(cross.statusCode).toBe(403);
    expect(cross.json().message).toBe("Cross-site requests are not allowed.");
    const crossSite = await login(credential, { "sec-fetch-site": "cross-site" });
    expect(crossSite.statusCode).toBe(403);
    const same = await login(credential, {
      origin: "http://localhost:5000",
      "sec-fetch-site": "same-origin",
    });
    expect(same.statusCode).toBe(200);
    const plain = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "text/plain" },
      payload: JSON.stringify({ credential }),
    });
    expect(plain.statusCode).toBe(415);
    const logoutCross = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { origin: "https://evil.example.com" },
    });
    expect(logoutCross.statusCode).toBe(403);
  });

  it("dev login signs in by e-mail when DEV_LOGIN=1", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "boss@example.com" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: "boss@example.com", isAdmin: true });
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "nope" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("email must be an e-mail address");
  });

  it("says whether a sign-in created the account (firstSignIn), for Google and dev login", async () => {
    const first = await login(await keys.token({ email: "new@example.com" }, { sub: "6006" }));
    expect(first.json()).toMatchObject({ email: "new@example.com", firstSignIn: true });
    const again = await login(await keys.token({ email: "new@example.com" }, { sub: "6006" }));
    expect(again.json()).toMatchObject({ email: "new@example.com", firstSignIn: false });
    // The same e-mail arriving with a new Google subject never takes over the account.
    const takeover = await login(await keys.token({ email: "new@example.com" }, { sub: "6007" }));
    expect(takeover.statusCode).toBe(409);
    expect(takeover.json().message).toMatch(/different Google account/);
    // GET /api/auth/me is the plain user.
    const me = await t.app.inject({
      method: "GET",
      url: "/api/auth/me",
      headers: { cookie: cookieOf(again, "sid")! },
    });
    expect(me.json()).not.toHaveProperty("firstSignIn");

    const dev = (email: string) =>
      t.app.inject({ method: "POST", url: "/api/auth/dev-login", payload: { email } });
    expect((await dev("fresh@example.com")).json()).toMatchObject({ firstSignIn: true });
    expect((await dev("fresh@example.com")).json()).toMatchObject({ firstSignIn: false });
  });

  it("reports today's count, limit and remaining for visitors and users", async () => {
    const anon = await t.app.inject({ method: "GET", url: "/api/reports/count" });
    expect(anon.json()).toMatchObject({ count: 0, limit: 1, remaining: 1, signedIn: false });
    expect(anon.cookies.some((c) => c.name === "vid")).toBe(true);
    const signed = await login(await keys.token({ email: "s5005@example.com" }, { sub: "5005" }));
    const res = await t.app.inject({
      method: "GET",
      url: "/api/reports/count",
      headers: { cookie: cookieOf(signed, "sid")! },
    });
    expect(res.json()).toMatchObject({ count: 0, limit: 50, remaining: 50, signedIn: true });
  });
});

describe("dev login switched off, login rate limited", () => {
  const t = useTestApp("pglite", { env: { LOGIN_RATE_LIMIT_PER_MINUTE: "3" } });
  it("answers 404 with how to enable it", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "a@b.co" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain("DEV_LOGIN=1");
  });
  it("says sign-in is not configured without GOOGLE_CLIENT_ID, and limits login attempts per address", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { credential: "x.y.z" },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain("GOOGLE_CLIENT_ID");
    await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { credential: "x.y.z" } });
    await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { credential: "x.y.z" } });
    const limited = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { credential: "x.y.z" },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(limited.json().message).toMatch(/^Too many requests; try again in \d+ seconds\.$/);
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});
