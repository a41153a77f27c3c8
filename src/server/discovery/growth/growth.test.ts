/**
 * The index grows around analysed reports (issue #35 items 2, 4, 7) against a YouTube Data API
 * stand-in on 127.0.0.1: a report's mentions and featured channels join the candidate queue, the
 * growth job reads them within the daily budget (the rest wait), stated identities are kept and
 * shown (never a name guess), the Index panel counts it all, and INDEX_GROWTH_PER_DAY=0 turns it off.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiscoverySearchResponse } from "#core/schemas/discovery";
import type { IdentitiesResponse, IndexPanel } from "#core/schemas/index-growth";
import { type FakeUpstream, startFakeUpstream } from "../../collectors/testing/fake-upstream";
import { rowsOf } from "../../db/rows";
import { accounts } from "../../db/schema";
import { startTestApp, type TestAppHandle } from "../../testing/test-app";
import { testedDatabaseKinds } from "../../testing/test-db";
import { nextCandidate, queueCandidates } from "./index-rows";
import { channelIdFor, routeYouTubeWeb, type WebChannel } from "./testing/fake-youtube-web";

const WEB: WebChannel[] = [
  {
    handle: "hub",
    mentions: ["alpha", "beta", "gamma"],
    featured: ["zeta"],
    description:
      "Also here: https://www.instagram.com/hub.cooks/ and tiktok.com/@hubcooks — mail me@hub.example",
  },
  { handle: "alpha", mentions: ["delta"] },
  { handle: "beta" },
  { handle: "gamma" },
  { handle: "delta", mentions: ["epsilon"] },
  { handle: "epsilon" },
  { handle: "zeta" },
];

const envFor = (upstream: FakeUpstream, perDay: string) => ({
  DEV_LOGIN: "1",
  ADMIN_EMAILS: "admin@example.com",
  YOUTUBE_API_KEY: "test-key",
  YOUTUBE_API_BASE_URL: upstream.url,
  COLLECTORS: "youtube-api",
  UPSTREAM_RETRIES: "0",
  INDEX_GROWTH_PER_DAY: perDay,
});

async function signIn(h: TestAppHandle, email: string): Promise<string> {
  const res = await h.app.inject({ method: "POST", url: "/api/auth/dev-login", payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  return res.cookies
    .filter((c) => c.value)
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

type Candidate = { username: string; state: string; times_named: number };

async function candidates(h: TestAppHandle): Promise<Candidate[]> {
  return rowsOf<Candidate>(
    await h.database.db.execute(
      sql`select username, state, times_named from growth_candidates order by username`,
    ),
  );
}

async function growthRows(h: TestAppHandle): Promise<string[]> {
  const rows = await h.database.db
    .select({ username: accounts.username, origin: accounts.origin, engagement: accounts.engagementRate })
    .from(accounts)
    .where(sql`${accounts.origin} = 'growth'`);
  for (const r of rows) expect(r.engagement).toBeNull(); // profile figures only, nothing invented
  return rows.map((r) => r.username).sort();
}

describe.each(testedDatabaseKinds())("the index's growth on %s", (kind) => {
  let upstream: FakeUpstream;
  let h: TestAppHandle;
  let admin = "";

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    routeYouTubeWeb(upstream, WEB);
    h = await startTestApp(kind, { env: envFor(upstream, "2") });
    admin = await signIn(h, "admin@example.com");
  });
  afterAll(async () => {
    await h?.close();
    await upstream?.close();
  });

  it("queues the accounts a report mentions and features; the job reads 2 (the budget), the rest wait", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: "hub", platform: "youtube" },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Three mentioned in the uploads, one featured channel (by its id), and the Instagram and TikTok
    // profiles linked in the description: all six queued, once each.
    const queued = await until("the featured channel", async () => {
      const all = await candidates(h);
      return all.length === 6 ? all : undefined;
    });
    expect(queued.map((c) => c.username)).toEqual(
      ["alpha", "beta", channelIdFor("zeta"), "gamma", "hub.cooks", "hubcooks"].sort(),
    );
    expect(queued.every((c) => c.times_named === 1)).toBe(true);
    expect(upstream.count("/youtube/v3/channelSections")).toBe(1);

    // The growth job ran as the queue filled: two read (the daily budget), the others wait.
    await until("two reads", async () => ((await growthRows(h)).length === 2 ? true : undefined));
    await new Promise((r) => setTimeout(r, 200));
    expect(await growthRows(h)).toHaveLength(2);
    const states = (await candidates(h)).map((c) => c.state);
    expect(states.filter((s) => s === "read")).toHaveLength(2);
    // Two YouTube candidates wait for tomorrow's budget; Instagram and TikTok wait for a source.
    expect(states.filter((s) => s === "queued")).toHaveLength(4);

    // A run the same day reads nothing more: the budget is spent.
    const before = upstream.count("/youtube/v3/channels");
    await h.app.jobs.enqueueGrowth();
    await new Promise((r) => setTimeout(r, 300));
    expect(upstream.count("/youtube/v3/channels")).toBe(before);
    const again = await h.app.inject({ method: "GET", url: "/api/admin/index", headers: { cookie: admin } });
    expect(again.statusCode, again.body).toBe(200);
    const panel = again.json() as IndexPanel;
    expect(panel.budgets).toContainEqual(
      expect.objectContaining({ name: "index-growth", used: 2, limit: 2 }),
    );
    // The search sources' budgets sit beside it (the YouTube Data API's search.list budget).
    expect(panel.budgets).toContainEqual(
      expect.objectContaining({ name: "YOUTUBE_SEARCH_DAILY_BUDGET", used: 0, limit: 90 }),
    );
    expect(panel.queue).toEqual({ waiting: 4, read: 2, known: 0, failed: 0 });
    expect(panel.accounts).toContainEqual({
      platform: "youtube",
      origin: "growth",
      count: 2,
      fullReports: 0,
    });
    expect(panel.accounts).toContainEqual({
      platform: "youtube",
      origin: "report",
      count: 1,
      fullReports: 1,
    });
    expect(panel.growthPerDay).toHaveLength(30);
    expect(panel.growthPerDay.at(-1)?.added).toBe(3);
  });

  it("keeps the identities the creator states, never a namesake", async () => {
    // A TikTok "hub" exists, but hub never linked it: it is not shown as the same person.
    await h.database.db
      .insert(accounts)
      .values({ platform: "tiktok", username: "hub", name: "Hub", followers: 10, source: "tiktok-web" });
    const res = await h.app.inject({ method: "GET", url: "/api/accounts/hub/identities?platform=youtube" });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as IdentitiesResponse).identities).toEqual([
      {
        platform: "instagram",
        username: "hub.cooks",
        statedIn: "description",
        label: "linked in their YouTube channel description",
        inIndex: false,
      },
      {
        platform: "tiktok",
        username: "hubcooks",
        statedIn: "description",
        label: "linked in their YouTube channel description",
        inIndex: false,
      },
    ]);
    // The discovery row says it too; the namesake's row says nothing.
    const found = await h.app.inject({
      method: "POST",
      url: "/api/discovery/search",
      payload: { platform: "youtube", industry: "any", targetMarkets: [], followerRange: "10k_to_100k" },
    });
    expect(found.statusCode, found.body).toBe(200);
    const hub = (found.json() as DiscoverySearchResponse).results.find((r) => r.username === "hub");
    expect(hub?.identities?.map((i) => `${i.platform} @${i.username} (${i.label})`)).toEqual([
      "instagram @hub.cooks (linked in their YouTube channel description)",
      "tiktok @hubcooks (linked in their YouTube channel description)",
    ]);
    const missing = await h.app.inject({ method: "GET", url: "/api/accounts/nobody/identities" });
    expect(missing.statusCode).toBe(404);
    const bad = await h.app.inject({ method: "GET", url: "/api/accounts/hub/identities?platform=myspace" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("platform");
  });

  it("puts candidates named by more reports first", async () => {
    const db = h.database.db;
    const [a] = await db.select({ id: accounts.id }).from(accounts).limit(1);
    const at = new Date();
    await queueCandidates(db, a!.id, [{ platform: "instagram", username: "first.seen" }], at);
    await queueCandidates(db, a!.id, [{ platform: "instagram", username: "named.twice" }], at);
    const [other] = await db
      .insert(accounts)
      .values({ platform: "instagram", username: "another.report", followers: 1, source: "instagram-web" })
      .returning({ id: accounts.id });
    await queueCandidates(db, other!.id, [{ platform: "instagram", username: "named.twice" }], at);
    // The same report naming it again does not count twice.
    await queueCandidates(db, other!.id, [{ platform: "instagram", username: "named.twice" }], at);
    const next = await nextCandidate(db, ["instagram"]);
    expect(next).toMatchObject({ username: "named.twice", timesNamed: 2 });
  });
});

describe.each(testedDatabaseKinds())("INDEX_GROWTH_PER_DAY=0 on %s", (kind) => {
  let upstream: FakeUpstream;
  let h: TestAppHandle;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    routeYouTubeWeb(upstream, WEB);
    h = await startTestApp(kind, { env: envFor(upstream, "0") });
  });
  afterAll(async () => {
    await h?.close();
    await upstream?.close();
  });

  it("turns growth off: nothing is queued or read, no featured channels are asked for; identities stay", async () => {
    const res = await h.app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: "hub", platform: "youtube" },
    });
    expect(res.statusCode, res.body).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await candidates(h)).toEqual([]);
    expect(await growthRows(h)).toEqual([]);
    expect(upstream.count("/youtube/v3/channelSections")).toBe(0);
    const ids = await h.app.inject({ method: "GET", url: "/api/accounts/hub/identities" });
    expect((ids.json() as IdentitiesResponse).identities.map((i) => i.username)).toEqual([
      "hub.cooks",
      "hubcooks",
    ]);
  });
});
