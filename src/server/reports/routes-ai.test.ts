import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeLlm, jsonReply, startFakeLlm } from "../ai/testing/fake-llm";
import { VALID_TEXTS } from "../ai/testing/fixtures";
import { type FakeUpstream, startFakeUpstream } from "../collectors/testing/fake-upstream";
import { fixture } from "../collectors/testing/helpers";
import { importFile } from "../import/import-service";
import { startTestApp, type TestAppHandle } from "../testing/test-app";

/** The AI writer wired into the report flow: a real OpenAI-protocol server on 127.0.0.1. */
describe("reports with the AI writer", () => {
  let t: TestAppHandle;
  let upstream: FakeUpstream;
  let llm: FakeLlm;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    llm = await startFakeLlm();
    t = await startTestApp("pglite", {
      env: {
        COLLECTORS: "tiktok",
        TIKTOK_BASE_URL: upstream.url,
        LLM_BASE_URL: llm.url,
        LLM_API_KEY: "test-key",
        LLM_MODEL: "gpt-4o-mini",
        ANON_REPORT_LIMIT: "100",
        UPSTREAM_RETRIES: "0",
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await upstream?.close();
    await llm?.close();
  });

  it("lets the model write the qualitative texts, keeps every number, and says so in provenance", async () => {
    upstream.route("GET", "/@examplecreator", {
      body: fixture("tiktok-profile.html"),
      headers: { "content-type": "text/html" },
    });
    llm.enqueue(jsonReply({ ...VALID_TEXTS, recommendedCountries: ["Mexico", "Spain"] }));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: "examplecreator", platform: "tiktok" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.ai).toMatchObject({ status: "used", model: "gpt-4o-mini" });
    expect(a.contentQuality).toBe(VALID_TEXTS.contentQuality);
    expect(a.provenance.contentQuality.kind).toBe("ai");
    expect(a.provenance.engagementRate.kind).toBe("measured");
    expect(llm.requests).toHaveLength(1);
  });

  it("keeps the report's data notes when the model writes its texts (a report made from stored data says so)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "routes-ai-"));
    const file = path.join(dir, "creators.ndjson");
    fs.writeFileSync(
      file,
      `${JSON.stringify({
        platform: "tiktok",
        username: "imported_cook",
        name: "Imported Cook",
        followers: 52_000,
        posts: Array.from({ length: 10 }, (_, i) => ({
          id: `v${i}`,
          type: "video",
          caption: "Weeknight pasta #food",
          postedAt: new Date(Date.now() - (i * 3 + 1) * 86_400_000).toISOString(),
          views: 40_000 + i * 100,
          likes: 2_000 + i * 10,
          comments: 50 + i,
        })),
      })}\n`,
    );
    expect((await importFile(t.database.db, file)).posts).toBe(10);
    fs.rmSync(dir, { recursive: true, force: true });
    // The live source is down: the import answers, and the report must say it was made from it.
    upstream.route("GET", "/@imported_cook", { status: 503, body: "unavailable" });
    llm.enqueue(jsonReply(VALID_TEXTS));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: "imported_cook", platform: "tiktok" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.source).toBe("import");
    expect(a.ai).toMatchObject({ status: "used" });
    expect(a.dataNotes).toEqual([expect.objectContaining({ kind: "stored", source: "import" })]);
  });

  it("falls back to the engine's texts when the model fails, and the report says so", async () => {
    upstream.route("GET", "/@other", {
      body: fixture("tiktok-profile.html").replaceAll("examplecreator", "other"),
      headers: { "content-type": "text/html" },
    });
    llm.enqueue({ status: 500, body: { error: { message: "boom" } } });
    llm.enqueue({ status: 500, body: { error: { message: "boom" } } });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: "other", platform: "tiktok" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ai.status).toBe("failed");
    expect(res.json().provenance.contentQuality.kind).not.toBe("ai");
  });
});

/** Web-search mode: a search model stands in when no collector can read the account. */
describe("reports from web search when the platform blocks us", () => {
  let t: TestAppHandle;
  let upstream: FakeUpstream;
  let llm: FakeLlm;
  const { gradeDescription: _g, ...TEXTS } = VALID_TEXTS;
  const ANSWER = {
    found: true,
    name: "Blocked Creator",
    bio: "Cooking every day",
    verified: true,
    followers: 125_000,
    engagementRatePct: 3.4,
    postsPerWeek: 4,
    industry: "Food",
    contentTypes: ["Videos"],
    postValueUsd: { low: 800, high: 1500 },
    ...TEXTS,
  };
  const CITATIONS = ["https://www.tiktok.com/@blockedcreator", "https://news.test/blocked-creator"];
  // Each test's block quiets TikTok (up to 6 hours): the next test starts after that rest.
  let clock = Date.parse("2026-11-20T00:00:00Z");
  beforeEach(() => {
    clock += 7 * 3600_000;
  });
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    llm = await startFakeLlm();
    t = await startTestApp("pglite", {
      env: {
        COLLECTORS: "tiktok",
        TIKTOK_BASE_URL: upstream.url,
        LLM_BASE_URL: llm.url,
        LLM_API_KEY: "pplx-test",
        LLM_MODEL: "sonar-pro",
        ANON_REPORT_LIMIT: "100",
        UPSTREAM_RETRIES: "0",
      },
      now: () => new Date(clock),
    });
  });
  afterAll(async () => {
    await t?.close();
    await upstream?.close();
    await llm?.close();
  });

  const challenge = () => ({
    body: fixture("tiktok-challenge.html"),
    headers: { "content-type": "text/html" },
  });

  it("stores a whole report estimated by the search model: every figure ai with its sources, no grade, no measured data", async () => {
    upstream.route("GET", "/@blockedcreator", challenge());
    llm.enqueue(jsonReply(ANSWER, { extra: { citations: CITATIONS } }));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: "blockedcreator", platform: "tiktok" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a.source).toBe("web-search");
    expect(a.followers).toBe(125_000);
    expect(a.grade).toBeNull();
    expect(a.provenance.followers).toMatchObject({ kind: "ai", citations: CITATIONS });
    expect(a.provenance.grade.kind).toBe("unavailable");
    const kinds = Object.values(a.provenance as Record<string, { kind: string }>).map((p) => p.kind);
    expect(kinds).not.toContain("measured");
    // No follower-history point or posts were stored from web figures.
    const history = await t.database.db.execute(sql`select count(*)::int as n from account_snapshots`);
    expect((history as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // The stored estimate is served again from the cache: no second model call.
    const again = await t.app.inject({ method: "GET", url: "/api/accounts/blockedcreator?platform=tiktok" });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().source).toBe("web-search");
    expect(llm.requests).toHaveLength(1);
  });

  it("gives the platform's own error when the search model cannot find the account", async () => {
    upstream.route("GET", "/@nobodyhere", challenge());
    llm.enqueue(jsonReply({ ...ANSWER, found: false, followers: null }));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: "nobodyhere", platform: "tiktok" },
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().code).toBe("UPSTREAM_BLOCKED");
  });

  it("never asks the web for an account the platform says does not exist", async () => {
    upstream.route("GET", "/@ghost", {
      body: fixture("tiktok-profile-not-found.html"),
      headers: { "content-type": "text/html" },
    });
    const before = llm.requests.length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: "ghost", platform: "tiktok" },
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(llm.requests.length).toBe(before);
  });
});
