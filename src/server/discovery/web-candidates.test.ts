import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DiscoveryResult, DiscoverySearchResponse } from "#core/schemas/discovery";
import { discoverySearchRequestSchema } from "#core/schemas/discovery";
import {
  errorReply,
  type FakeHandler,
  type FakeLlm,
  type FakeLlmRequest,
  jsonReply,
  startFakeLlm,
} from "../ai/testing/fake-llm";
import { VALID_TEXTS } from "../ai/testing/fixtures";
import {
  type FakeUpstream,
  type ScriptedResponse,
  startFakeUpstream,
} from "../collectors/testing/fake-upstream";
import { fixture } from "../collectors/testing/helpers";
import type { Database } from "../db/database";
import { accounts, reports, reportUsage } from "../db/schema";
import { createServices } from "../services";
import { startTestApp, type TestAppHandle, testConfig } from "../testing/test-app";
import { createTestDatabase, testedDatabaseKinds } from "../testing/test-db";
import { candidateHandle } from "./web-candidates";

/**
 * Discovery's web candidates (issue #8): a fake search model (OpenAI protocol on 127.0.0.1) proposes
 * handles, the fake TikTok (127.0.0.1) knows some of them, and only the verified ones are shown.
 */

const ENV = {
  COLLECTORS: "tiktok",
  LLM_API_KEY: "pplx-test",
  LLM_MODEL: "sonar-pro",
  DEV_LOGIN: "1",
  ANON_REPORT_LIMIT: "100",
  UPSTREAM_RETRIES: "0",
};

/** A TikTok profile page for `handle` with `followers`. */
function profilePage(handle: string, followers: number): string {
  return fixture("tiktok-profile.html")
    .replaceAll("examplecreator", handle)
    .replace('"followerCount": 91200', `"followerCount": ${followers}`)
    .replace('"followerCount": "91200"', `"followerCount": "${followers}"`);
}

const INDEXED = {
  platform: "tiktok",
  username: "food_index",
  name: "Food Index",
  bio: "Recipes every day",
  followers: 50_000,
  industry: "Food",
  countries: ["United States"],
  engagementRate: 9,
  source: "import",
};

const SEARCH = { platform: "tiktok", followerRange: "10k_to_100k", industry: "any", targetMarkets: [] };

const schemaName = (r: FakeLlmRequest) => r.body.response_format?.json_schema?.name;

/** Answers the candidate search with `handles`, and the report writer (if asked) with valid texts. */
function searchModel(handles: string[]): FakeHandler {
  return (request) =>
    schemaName(request) === "web_candidates" ? jsonReply({ handles }) : jsonReply(VALID_TEXTS);
}

describe.each(testedDatabaseKinds())("discovery with web candidates on %s", (kind) => {
  let t: TestAppHandle;
  let upstream: FakeUpstream;
  let llm: FakeLlm;
  let cookie: string;
  let inFlight = 0;
  let maxInFlight = 0;

  /** A profile answered after `delayMs`, counting the fetches in flight. */
  const page =
    (handle: string, followers: number, delayMs = 120) =>
    async (): Promise<ScriptedResponse> => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, delayMs));
      inFlight--;
      return { body: profilePage(handle, followers), headers: { "content-type": "text/html" } };
    };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    llm = await startFakeLlm();
    t = await startTestApp(kind, {
      seed: (database) => database.db.insert(accounts).values(INDEXED),
      env: { ...ENV, TIKTOK_BASE_URL: upstream.url, LLM_BASE_URL: llm.url },
    });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "marketer@example.com" },
    });
    expect(login.statusCode, login.body).toBe(200);
    cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

    upstream.route("GET", "/@inrange_one", page("inrange_one", 45_000));
    upstream.route("GET", "/@inrange_two", page("inrange_two", 91_200));
    upstream.route("GET", "/@too_big", page("too_big", 250_000));
    upstream.route("GET", "/@ghost", {
      body: fixture("tiktok-profile-not-found.html"),
      headers: { "content-type": "text/html" },
    });
  });
  afterAll(async () => {
    await t?.close();
    await upstream?.close();
    await llm?.close();
  });
  beforeEach(() => {
    llm.requests.length = 0;
    llm.setDefault(errorReply(500, "fake-llm: no reply scripted"));
  });

  const search = async (payload: object, headers: Record<string, string> = { cookie }) => {
    const res = await t.app.inject({ method: "POST", url: "/api/discovery/search", payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DiscoverySearchResponse;
  };
  const usageOf = async (subject: string) =>
    (await t.database.db.select().from(reportUsage).where(eq(reportUsage.subject, subject)))[0]?.count ?? 0;
  const webUnits = async () => {
    const rows = await t.database.db
      .select({ count: reportUsage.count })
      .from(reportUsage)
      .where(like(reportUsage.subject, "web-candidates:user:%"));
    return rows[0]?.count ?? 0;
  };

  it("shows exactly the proposed accounts verified inside the range, stored and marked web-found", async () => {
    llm.setDefault(
      searchModel([
        "food_index", // already in the results
        "@inrange_one",
        "https://www.tiktok.com/@inrange_two",
        "too_big", // 250K: outside 10K–100K
        "ghost", // does not exist
        "Some Display Name", // cut: five at most
      ]),
    );
    const body = await search({ ...SEARCH, includeWebCandidates: true });

    expect(body.results.map((r) => [r.username, r.foundVia]).sort()).toEqual([
      ["food_index", "index"],
      ["inrange_one", "web"],
      ["inrange_two", "web"],
    ]);
    expect(body.total).toBe(3);
    expect(body.webCandidates).toEqual({
      status: "added",
      message: "Added 2 accounts found on the web, each checked on TikTok and analysed (2 of 4 proposed).",
      proposed: 4,
      added: 2,
    });
    const web = body.results.filter((r) => r.foundVia === "web") as DiscoveryResult[];
    for (const r of web) {
      expect(r.matchBreakdown.map((b) => b.criterion)).toEqual([
        "industry",
        "markets",
        "followers",
        "engagement",
      ]);
      expect(r.matchBreakdown.reduce((a, b) => a + b.points, 0)).toBe(r.matchPercentage);
      expect(r.matchBreakdown.reduce((a, b) => a + b.max, 0)).toBe(100);
      expect(r.isSample).toBe(false);
    }
    expect(web.find((r) => r.username === "inrange_one")).toMatchObject({
      followers: 45_000,
      description: "Cooking every week",
    });
    // Ranked with the index rows: by match % first.
    const matches = body.results.map((r) => r.matchPercentage);
    expect(matches).toEqual([...matches].sort((a, b) => b - a));

    // One request to the search model, naming the criteria and the handles already shown.
    const asked = llm.requests.filter((r) => schemaName(r) === "web_candidates");
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body.model).toBe("sonar-pro");
    expect(asked[0]!.body.messages[1]!.content).toContain(
      '{"platform":"TikTok","followers":"10K - 100K","industry":"any industry","targetMarkets":[],"exclude":["food_index"]}',
    );
    // Candidates are analysed by the engine alone: the report writer is not run for them.
    expect(llm.requests.filter((r) => schemaName(r) === "creator_report_texts")).toHaveLength(0);

    // Each handle fetched once, at most two at a time; "Some Display Name" never.
    for (const h of ["inrange_one", "inrange_two", "too_big", "ghost"])
      expect(upstream.count(`/@${h}`)).toBe(1);
    expect(maxInFlight).toBeLessThanOrEqual(2);
    expect(maxInFlight).toBe(2);

    // Stored as ordinary analysed accounts, with measured data and a report; the missing one is not.
    const stored = await t.database.db
      .select({ username: accounts.username, source: accounts.source, followers: accounts.followers })
      .from(accounts)
      .where(eq(accounts.platform, "tiktok"));
    expect(stored.map((s) => s.username).sort()).toEqual([
      "food_index",
      "inrange_one",
      "inrange_two",
      "too_big",
    ]);
    expect(stored.find((s) => s.username === "inrange_one")).toMatchObject({
      source: "tiktok-web",
      followers: 45_000,
    });
    const [stats] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reports)
      .innerJoin(accounts, eq(accounts.id, reports.accountId))
      .where(and(eq(accounts.platform, "tiktok"), eq(accounts.username, "inrange_two")));
    expect(stats!.n).toBe(1);

    // No report quota is used; one web-candidate search is counted.
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });
    expect(await usageOf(`user:${me.json().id}`)).toBe(0);
    expect(await webUnits()).toBe(1);
  });

  it("has the verified accounts in the index afterwards, and fetches nothing again", async () => {
    llm.setDefault(searchModel(["inrange_one", "inrange_two", "too_big", "ghost"]));
    const before = upstream.count();
    const body = await search({ ...SEARCH, includeWebCandidates: true });
    const byName = new Map(body.results.map((r) => [r.username, r.foundVia]));
    expect(byName.get("inrange_one")).toBe("index");
    expect(byName.get("inrange_two")).toBe("index");
    expect(byName.has("too_big")).toBe(false);
    // Only "ghost" is not an account of the index; the platform said it does not exist (remembered).
    expect(body.webCandidates).toMatchObject({ status: "none", proposed: 1, added: 0 });
    expect(body.webCandidates!.message).toBe(
      "The web search proposed 1 account, but none could be verified on TikTok within your criteria. Showing accounts from our index only.",
    );
    expect(upstream.count()).toBe(before);
  });

  it("returns the index results when the model fails, and gives the search back", async () => {
    llm.setDefault(errorReply(500, "overloaded"));
    const units = await webUnits();
    const plain = await search(SEARCH);
    const body = await search({ ...SEARCH, includeWebCandidates: true });
    expect(body.results).toEqual(plain.results.map((r) => ({ ...r, foundVia: "index" })));
    expect(body.total).toBe(plain.total);
    expect(body.webCandidates).toEqual({
      status: "failed",
      message: "The web search did not answer. Showing accounts from our index only.",
      proposed: 0,
      added: 0,
    });
    expect(llm.requests.length).toBe(2); // the request and the client's one retry
    expect(await webUnits()).toBe(units);
  });

  it("never asks the model for anonymous visitors: index results and a note", async () => {
    llm.setDefault(searchModel(["inrange_one"]));
    const plain = await search(SEARCH, {});
    const body = await search({ ...SEARCH, includeWebCandidates: true }, {});
    expect(body.results).toEqual(plain.results.map((r) => ({ ...r, foundVia: "index" })));
    expect(body.webCandidates).toEqual({
      status: "sign_in_required",
      message: "Sign in to add accounts found on the web. Showing accounts from our index only.",
      proposed: 0,
      added: 0,
    });
    expect(llm.requests).toHaveLength(0);
  });

  it("is off by default: no model request and no note", async () => {
    llm.setDefault(searchModel(["inrange_one"]));
    const body = await search(SEARCH);
    expect(body.webCandidates).toBeUndefined();
    expect(body.results.every((r) => r.foundVia === undefined)).toBe(true);
    expect(llm.requests).toHaveLength(0);
  });

  it("refuses a request whose includeWebCandidates is not a boolean, naming the field", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/discovery/search",
      payload: { ...SEARCH, includeWebCandidates: "yes" },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: "includeWebCandidates" });
    expect(res.json().message).toContain("includeWebCandidates must be true or false");
  });

  it("does not fetch a candidate twice when someone is analysing it at the same moment", async () => {
    upstream.route("GET", "/@shared_one", page("shared_one", 30_000, 400));
    llm.setDefault(searchModel(["shared_one"]));
    const analysis = t.app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: "shared_one", platform: "tiktok" },
    });
    await new Promise((r) => setTimeout(r, 100));
    const [analysed, body] = await Promise.all([analysis, search({ ...SEARCH, includeWebCandidates: true })]);
    expect(analysed.statusCode, analysed.body).toBe(200);
    expect(body.results.find((r) => r.username === "shared_one")?.foundVia).toBe("web");
    expect(upstream.count("/@shared_one")).toBe(1);
  });
});

describe("web candidates' bounds", () => {
  let database: Database;
  let upstream: FakeUpstream;
  let llm: FakeLlm;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    llm = await startFakeLlm();
    database = await createTestDatabase("pglite");
    await database.db.insert(accounts).values(INDEXED);
  });
  afterAll(async () => {
    await database?.close();
    await upstream?.close();
    await llm?.close();
  });

  /** The real services (collectors, single flight, engine, repository, model client) with small bounds. */
  const service = (
    limits: { budgetMs?: number; perUserPerDay?: number },
    env: Record<string, string> = {},
  ) => {
    const config = testConfig({
      ...ENV,
      TIKTOK_BASE_URL: upstream.url,
      LLM_BASE_URL: llm.url,
      UPSTREAM_TIMEOUT_MS: "10000",
      ...env,
    });
    return createServices(config, database, { now: () => new Date(), webCandidateLimits: limits })
      .webCandidates;
  };
  const request = discoverySearchRequestSchema.parse({ ...SEARCH, includeWebCandidates: true });

  it("returns within its time budget without the candidates still being checked", async () => {
    const slow = (handle: string) => ({
      body: profilePage(handle, 40_000),
      headers: { "content-type": "text/html" },
      delayMs: 5000,
    });
    upstream.route("GET", "/@slow_one", slow("slow_one"));
    upstream.route("GET", "/@slow_two", slow("slow_two"));
    llm.setDefault(searchModel(["slow_one", "slow_two"]));
    const started = Date.now();
    const body = await service({ budgetMs: 1000 }).search(request, { userId: "u-budget" });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(body.results.map((r) => r.username)).toEqual(["food_index"]);
    expect(body.webCandidates).toEqual({
      status: "none",
      message:
        "The web search proposed 2 accounts, but none could be verified on TikTok within your criteria. 2 accounts were still being checked when the 1 s limit ran out. Showing accounts from our index only.",
      proposed: 2,
      added: 0,
    });
    // The unfinished fetches were abandoned, not left running.
    await new Promise((r) => setTimeout(r, 100));
    expect(upstream.abortedCount).toBe(2);
    const [stored] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accounts)
      .where(like(accounts.username, "slow_%"));
    expect(stored!.n).toBe(0);
  });

  it("caps web-candidate searches per user per day", async () => {
    upstream.route("GET", "/@capped_one", {
      body: profilePage("capped_one", 20_000),
      headers: { "content-type": "text/html" },
    });
    llm.setDefault(searchModel(["capped_one"]));
    const capped = service({ perUserPerDay: 1 });
    const first = await capped.search(request, { userId: "u-cap" });
    expect(first.webCandidates?.status).toBe("added");
    const requests = llm.requests.length;
    const second = await capped.search(request, { userId: "u-cap" });
    expect(second.webCandidates).toEqual({
      status: "limit_reached",
      message:
        "You've reached your daily limit of 1 web search. It resets at midnight UTC. Showing accounts from our index only.",
      proposed: 0,
      added: 0,
    });
    expect(second.results.map((r) => r.username).sort()).toEqual(["capped_one", "food_index"]);
    expect(llm.requests.length).toBe(requests);
    // Another user has their own allowance.
    expect((await capped.search(request, { userId: "u-other" })).webCandidates?.status).not.toBe(
      "limit_reached",
    );
  });

  it("counts a user's web searches on the day of the app's clock", async () => {
    const clock = new Date("2031-02-03T22:30:00Z");
    const clocked = await startTestApp(database, {
      env: { ...ENV, TIKTOK_BASE_URL: upstream.url, LLM_BASE_URL: llm.url },
      now: () => clock,
    });
    const app = clocked.app;
    try {
      const login = await app.inject({
        method: "POST",
        url: "/api/auth/dev-login",
        payload: { email: "clock@example.com" },
      });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      llm.setDefault(searchModel(["food_index"]));
      const res = await app.inject({
        method: "POST",
        url: "/api/discovery/search",
        payload: { ...SEARCH, includeWebCandidates: true },
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().webCandidates).toMatchObject({ status: "none" });
      // The unit is kept (the search ran) under the clock's UTC day, not the machine's.
      const rows = await database.db
        .select({ day: reportUsage.day, count: reportUsage.count })
        .from(reportUsage)
        .where(like(reportUsage.subject, "web-candidates:user:%"));
      expect(rows).toContainEqual({ day: "2031-02-03", count: 1 });
    } finally {
      await clocked.close();
    }
  });

  it("says so, without a request, when the model does not search the web", async () => {
    llm.requests.length = 0;
    const body = await service({}, { LLM_MODEL: "gpt-4o-mini" }).search(request, { userId: "u-model" });
    expect(body.webCandidates).toMatchObject({ status: "unavailable", proposed: 0, added: 0 });
    expect(body.webCandidates!.message).toBe(
      "The model chosen in the settings does not search the web, so no accounts were looked up. Showing accounts from our index only.",
    );
    expect(llm.requests).toHaveLength(0);
  });
});

describe("candidateHandle", () => {
  it("keeps handles, @mentions and profile links of the platform, and nothing else", () => {
    expect(candidateHandle("Ana.Style", "instagram")).toBe("ana.style");
    expect(candidateHandle("@Ana.Style", "instagram")).toBe("ana.style");
    expect(candidateHandle("https://www.instagram.com/ana.style/", "instagram")).toBe("ana.style");
    expect(candidateHandle("https://www.tiktok.com/@ana", "instagram")).toBeNull();
    expect(candidateHandle("Ana Style", "instagram")).toBeNull(); // a display name is a guess
    expect(candidateHandle("Ana_Style", "tiktok")).toBe("ana_style");
    expect(candidateHandle("https://www.instagram.com/p/Cabc123/", "instagram")).toBeNull();
    expect(candidateHandle("x".repeat(100), "tiktok")).toBeNull();
    expect(candidateHandle("https://www.youtube.com/@chef", "youtube")).toBe("chef");
  });
});
