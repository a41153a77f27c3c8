import { describe, expect, it } from "vitest";
import { isStaticFileRequest } from "./app";
import { startTestApp, useTestApp } from "./testing/test-app";
import { testedDatabaseKinds } from "./testing/test-db";

describe.each(testedDatabaseKinds())("app basics on %s", (kind) => {
  const t = useTestApp(kind);

  it("reports health with the database kind and version", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, db: kind, version: "0.1.0" });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/does-not-exist?x=1" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json()).toEqual({ message: "No API route GET /api/does-not-exist", code: "NOT_FOUND" });
  });

  // Unknown accounts and paths still get the app (it shows the 404 page) but with status 404
  // (issue #12: crawlers must not index them).
  it.each([
    ["/", 200],
    ["/report/instagram/natgeo", 404],
    ["/influencer-discovery", 200],
    ["/some/unknown/page", 404],
  ])(
    "serves the web app for the page path %s (client-side routing shows the 404 page)",
    async (url, status) => {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(status);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain("<div id=root>");
    },
  );

  it("serves built assets with a long cache and 404s missing files", async () => {
    const ok = await t.app.inject({ method: "GET", url: "/assets/main-abc123.js" });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["cache-control"]).toContain("immutable");
    const missing = await t.app.inject({ method: "GET", url: "/assets/missing.js" });
    expect(missing.statusCode).toBe(404);
  });

  it("tags every response with a request id; a client's own id is kept only from a trusted proxy", async () => {
    // Security review #14: any client could make its log lines collide with another request's.
    const direct = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "abc-123" },
    });
    expect(direct.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const proxied = await startTestApp(t.database, { env: { TRUSTED_PROXIES: "127.0.0.1" } });
    try {
      const kept = await proxied.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-request-id": "abc-123" },
      });
      expect(kept.headers["x-request-id"]).toBe("abc-123");
      const generated = await proxied.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-request-id": "<bad id>" },
      });
      expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await proxied.close();
    }
  });

  it("sends security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("client configuration", () => {
  const t = useTestApp("pglite", {
    env: {
      BRAND_NAME: "Acme Insights",
      DEV_LOGIN: "1",
      GOOGLE_CLIENT_ID: "cid.apps.googleusercontent.com",
      CONTACT_EMAIL: "hello@acme.example",
    },
  });
  it("tells the web app what it needs and nothing secret", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      brandName: "Acme Insights",
      googleClientId: "cid.apps.googleusercontent.com",
      devLogin: true,
      anonReportLimit: 1,
      userDailyReportLimit: 50,
      adsenseClientId: null,
      pixelId: null,
      contactEmail: "hello@acme.example",
    });
    expect(res.body).not.toContain("test-secret");
  });
});

describe("operability", () => {
  const t = useTestApp("pglite");
  it("answers readiness with the database state", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      db: { kind: "pglite", ok: true },
      redis: { configured: false, ok: false },
    });
  });
  it("exposes Prometheus metrics with request latency per route", async () => {
    await t.app.inject({ method: "GET", url: "/api/health" });
    const res = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}',
    );
    expect(res.body).toContain("quota_refusals_total");
  });
});

describe.runIf(Boolean(process.env.REDIS_URL))("readiness with Redis", () => {
  const t = useTestApp("pglite", { env: { REDIS_URL: process.env.REDIS_URL } });
  it("reports Redis reachable", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(res.json().redis).toEqual({ configured: true, ok: true });
  });
});

describe("ads.txt", () => {
  const off = useTestApp("pglite");
  const on = useTestApp("pglite", { env: { ADSENSE_CLIENT_ID: "ca-pub-1234567890123456" } });
  it("is absent without an AdSense client and declares the publisher with one", async () => {
    const none = await off.app.inject({ method: "GET", url: "/ads.txt" });
    expect(none.statusCode).toBe(404);
    const res = await on.app.inject({ method: "GET", url: "/ads.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0\n");
  });
});

describe("the per-address request limit", () => {
  const t = useTestApp("pglite", { env: { RATE_LIMIT_PER_MINUTE: "5" } });

  it("counts API calls and pages but not the web app's static files", async () => {
    // One page load fetches many chunks; they must not use up the visitor's budget.
    for (let i = 0; i < 20; i++) {
      const asset = await t.app.inject({ method: "GET", url: "/assets/main-abc123.js" });
      expect(asset.statusCode).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.app.inject({ method: "GET", url: "/api/accounts" })).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });

  it.each([
    ["GET", "/assets/index-NZ2W2SWN.js", true],
    ["HEAD", "/favicon.svg", true],
    ["GET", "/boot.js?v=2", true],
    ["POST", "/assets/x.js", false],
    ["GET", "/api/accounts", false],
    ["GET", "/api/x.js", false],
    ["GET", "/report/instagram/natgeo", false],
    ["GET", "/sitemap.xml", false],
  ])("%s %s is a static file: %s", (method, url, expected) => {
    expect(isStaticFileRequest(method, url)).toBe(expected);
  });
});
