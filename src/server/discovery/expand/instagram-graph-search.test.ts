/**
 * "Find more on Instagram" through the Instagram Graph API (issue #35 item 1), against a stand-in on
 * 127.0.0.1 answering in Graph's shapes: ig_hashtag_search → {data: [{id}]}, {hashtag-id}/top_media →
 * {data: [{id, caption, …}]}, and business_discovery on the business account → the mentioned
 * account's profile (or error 110 for a personal account it cannot see). The 30-hashtags-per-7-days
 * budget is taken before anything is queued, shared by every instance through the database.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiscoverySearchResponse } from "#core/schemas/discovery";
import type { ExpandSources } from "#core/schemas/expand";
import { GRAPH_API_VERSION } from "../../collectors/instagram-graph";
import {
  type FakeUpstream,
  type RecordedRequest,
  startFakeUpstream,
} from "../../collectors/testing/fake-upstream";
import { signIn } from "../../testing/sign-in";
import { startTestApp, type TestAppHandle } from "../../testing/test-app";
import { testedDatabaseKinds } from "../../testing/test-db";
import { INSTAGRAM_SEARCH_ACTOR } from "./apify-search";
import { createHashtagBudget, HASHTAGS_PER_WINDOW } from "./hashtag-budget";
import { graphHashtag, mentionedHandles } from "./instagram-graph-search";
import { expand as expandAs, waitForJob } from "./testing/expand-jobs";
import { instagramProfileItem, routeActor, veganCreators } from "./testing/fake-apify-search";

const BUSINESS_ID = "17841400000000001";
const HASHTAG_ID = "17843857450040591";
const v = (path: string) => `/${GRAPH_API_VERSION}/${path}`;

/** Captions of #veganrecipes's top posts: five business accounts mentioned, one personal, one twice. */
const CAPTIONS = [
  "Lentil curry tonight 🌱 recipe by @vegan.kochen1 with @vegan.kochen2 #veganrecipes",
  "Meal prep Sunday with @vegan.kochen1! #veganrecipes #plantbased",
  "Oat pancakes — thanks @vegan.kochen3 and @private.person #veganrecipes",
  "Berlin street food tour with @vegan.kochen4 @vegan.kochen5 #veganrecipes",
  "No mentions here, just tofu #veganrecipes",
];

function routeGraph(upstream: FakeUpstream, opts: { tokenExpired?: boolean } = {}) {
  const creators = new Map(veganCreators(5).map((c) => [c.username, c]));
  upstream.route("GET", v("ig_hashtag_search"), (req) =>
    opts.tokenExpired
      ? {
          status: 400,
          body: { error: { message: "Error validating access token", type: "OAuthException", code: 190 } },
        }
      : { body: { data: req.query.get("q") === "nosuchtag" ? [] : [{ id: HASHTAG_ID }] } },
  );
  upstream.route("GET", v(`${HASHTAG_ID}/top_media`), {
    body: {
      data: CAPTIONS.map((caption, i) => ({
        id: `1790000000000000${i}`,
        caption,
        media_type: "IMAGE",
        permalink: `https://www.instagram.com/p/C${i}/`,
        timestamp: "2026-11-20T10:00:00+0000",
      })),
      paging: { cursors: { after: "QVFIUk" } },
    },
  });
  upstream.route("GET", v(BUSINESS_ID), (req: RecordedRequest) => {
    const handle = /business_discovery\.username\(([^)]+)\)/.exec(req.query.get("fields") ?? "")?.[1] ?? "";
    const c = creators.get(handle);
    if (!c)
      return {
        status: 400,
        body: {
          error: {
            message: "Invalid user id",
            type: "OAuthException",
            code: 110,
            error_subcode: 2207013,
          },
        },
      };
    return {
      body: {
        business_discovery: {
          id: `1784140${c.followers}`,
          username: c.username,
          name: c.fullName,
          biography: c.biography,
          website: `https://${c.username}.example`,
          profile_picture_url: `https://scontent.cdninstagram.com/${c.username}.jpg`,
          followers_count: c.followers,
          follows_count: 300,
          media_count: 410,
        },
        id: BUSINESS_ID,
      },
    };
  });
}

describe("the hashtag Graph is asked for, and the accounts a caption mentions", () => {
  it("keeps a #hashtag and joins words into one", () => {
    expect(graphHashtag("#VeganRecipes")).toBe("veganrecipes");
    expect(graphHashtag("vegan recipes")).toBe("veganrecipes");
    expect(graphHashtag("Küche & vegan!")).toBe("küchevegan");
    expect(graphHashtag("!!! ???")).toBeNull();
  });

  it("orders mentions by how many captions name them", () => {
    expect(mentionedHandles(CAPTIONS)).toEqual([
      "vegan.kochen1",
      "vegan.kochen2",
      "vegan.kochen3",
      "private.person",
      "vegan.kochen4",
      "vegan.kochen5",
    ]);
  });
});

describe.each(testedDatabaseKinds())("Find more on Instagram through the Graph API on %s", (kind) => {
  let upstream: FakeUpstream;
  let h: TestAppHandle;
  let user = "";

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    h = await startTestApp(kind, {
      env: {
        DEV_LOGIN: "1",
        COLLECTORS: "sample,instagram",
        INSTAGRAM_ACCESS_TOKEN: "EAAG-test-token",
        INSTAGRAM_BUSINESS_ACCOUNT_ID: BUSINESS_ID,
        INSTAGRAM_GRAPH_BASE_URL: upstream.url,
        APIFY_TOKEN: "apify_api_test",
        APIFY_BASE_URL: upstream.url,
        UPSTREAM_RETRIES: "0",
        USER_DAILY_REPORT_LIMIT: "1000",
      },
    });
    user = await signIn(h.app, "user@example.com");
  });
  afterAll(async () => {
    await h?.close();
    await upstream?.close();
  });

  const expand = (payload: object) => expandAs(h, user, payload);

  it("offers the Graph API first, unbilled, with its hashtag budget, and Apify second", async () => {
    const res = await h.app.inject({
      method: "GET",
      url: "/api/discovery/expand/sources?platform=instagram",
      headers: { cookie: user },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ExpandSources;
    expect(body.sources.map((s) => s.name)).toEqual(["instagram-graph", "instagram-apify"]);
    expect(body.sources[0]).toMatchObject({
      billed: false,
      budget: { name: "instagram-hashtags", limit: HASHTAGS_PER_WINDOW, used: 0 },
    });
    expect(body.sources[0]!.costNote).toContain("30 distinct hashtags Instagram allows per 7 days");
  });

  it("adds the business accounts mentioned in the top posts of #veganrecipes, ranked with origin and age", async () => {
    upstream.reset();
    routeGraph(upstream);
    const res = await expand({ platform: "instagram", query: "vegan recipes", targetMarkets: ["Germany"] });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(h, user, (res.json() as { jobId: string }).jobId);
    expect(job, job.message).toMatchObject({
      state: "done",
      found: 5,
      added: 5,
      alreadyKnown: 0,
      spent: { "instagram.hashtags": 1, "instagram.media_pages": 1, "instagram.lookups": 6 },
    });
    const search = upstream.requests.find((r) => r.path === v("ig_hashtag_search"))!;
    expect(search.query.get("q")).toBe("veganrecipes");
    expect(search.query.get("user_id")).toBe(BUSINESS_ID);
    expect(search.query.get("access_token")).toBe("EAAG-test-token");
    // The personal account was looked up and skipped; nobody was looked up twice.
    expect(upstream.count(v(BUSINESS_ID))).toBe(6);

    const rows = (await h.database.db.execute(
      sql`select username, origin, source, followers, engagement_rate from accounts where username like 'vegan.kochen%' order by username`,
    )) as unknown as {
      rows: {
        username: string;
        origin: string;
        source: string;
        followers: number;
        engagement_rate: number | null;
      }[];
    };
    expect(rows.rows.map((r) => r.username)).toEqual([
      "vegan.kochen1",
      "vegan.kochen2",
      "vegan.kochen3",
      "vegan.kochen4",
      "vegan.kochen5",
    ]);
    expect(rows.rows.every((r) => r.origin === "search" && r.source === "instagram-graph")).toBe(true);
    expect(rows.rows.every((r) => r.engagement_rate === null)).toBe(true);

    const found = await h.app.inject({
      method: "POST",
      url: "/api/discovery/search",
      payload: { platform: "instagram", followerRange: "10k_to_100k", industry: "Food" },
    });
    expect(found.statusCode, found.body).toBe(200);
    const row = (found.json() as DiscoverySearchResponse).results.find((r) => r.username === "vegan.kochen1");
    expect(row).toMatchObject({ origin: "search", followers: 20_000, figures: { kind: "profile" } });
  });

  it("a request may name Apify instead; a source that cannot search is refused with the ones that can", async () => {
    upstream.reset();
    routeActor(upstream, INSTAGRAM_SEARCH_ACTOR, (input) => ({
      body: veganCreators(Number(input.searchLimit), "apify.vegan").map(instagramProfileItem),
    }));
    const res = await expand({
      platform: "instagram",
      query: "vegan recipes",
      limit: 3,
      source: "instagram-apify",
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(h, user, (res.json() as { jobId: string }).jobId);
    expect(job).toMatchObject({ state: "done", added: 3 });
    expect(upstream.count(v("ig_hashtag_search"))).toBe(0);

    const wrong = await expand({ platform: "instagram", query: "vegan", source: "youtube-api" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      "source: youtube-api cannot search Instagram on this server; instagram-graph, instagram-apify can",
    );
  });

  it("fails the job with Graph's message when the token has expired, and adds nothing", async () => {
    upstream.reset();
    routeGraph(upstream, { tokenExpired: true });
    const res = await expand({ platform: "instagram", query: "#zerowaste" });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(h, user, (res.json() as { jobId: string }).jobId);
    expect(job.state).toBe("failed");
    expect(job.message).toContain("The administrator must renew INSTAGRAM_ACCESS_TOKEN");
    expect(job.added).toBe(0);
  });

  it("refuses the 31st distinct hashtag of 7 days with when one frees up, making no call; a counted one is free", async () => {
    upstream.reset();
    routeGraph(upstream);
    const db = h.database.db;
    await db.execute(sql`delete from instagram_hashtag_searches`);
    // 29 hashtags searched over the last seven days, the oldest six days and 23 hours ago.
    const now = Date.now();
    for (let i = 0; i < HASHTAGS_PER_WINDOW - 1; i++) {
      const at = new Date(now - (6 * 86_400_000 + 23 * 3_600_000) + i * 60_000).toISOString();
      await db.execute(
        sql`insert into instagram_hashtag_searches values (${BUSINESS_ID}, ${`tag${i}`}, ${at}::timestamptz)`,
      );
    }
    // A hashtag of last month no longer counts.
    await db.execute(
      sql`insert into instagram_hashtag_searches values (${BUSINESS_ID}, 'oldtag', ${new Date(now - 30 * 86_400_000).toISOString()}::timestamptz)`,
    );
    const thirtieth = await expand({ platform: "instagram", query: "#nosuchtag" });
    expect(thirtieth.statusCode, thirtieth.body).toBe(202);
    const done = await waitForJob(h, user, (thirtieth.json() as { jobId: string }).jobId);
    expect(done).toMatchObject({ state: "done", found: 0, message: expect.stringContaining("0 new") });

    const calls = upstream.count();
    const refused = await expand({ platform: "instagram", query: "#veganbaking" });
    expect(refused.statusCode).toBe(429);
    const oldestFrees = new Date(now - (6 * 86_400_000 + 23 * 3_600_000) + 7 * 86_400_000);
    expect(refused.json().message).toContain(
      `Instagram allows 30 distinct hashtags per 7 days for this business account, and all are used; #veganbaking can be searched from ${oldestFrees.toISOString()}`,
    );
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600 + 5);
    expect(upstream.count()).toBe(calls);

    // A hashtag already counted in the window costs nothing more.
    const again = await expand({ platform: "instagram", query: "tag 3" });
    expect(again.statusCode, again.body).toBe(202);
    await waitForJob(h, user, (again.json() as { jobId: string }).jobId);
    const sources = await h.app.inject({
      method: "GET",
      url: "/api/discovery/expand/sources?platform=instagram",
      headers: { cookie: user },
    });
    expect((sources.json() as ExpandSources).sources[0]!.budget).toMatchObject({ used: 30, limit: 30 });
  });

  it("two instances taking the last two hashtags at once get exactly two", async () => {
    const db = h.database.db;
    await db.execute(sql`delete from instagram_hashtag_searches`);
    const now = () => new Date();
    const a = createHashtagBudget({ db, businessAccountId: BUSINESS_ID, now });
    const b = createHashtagBudget({ db, businessAccountId: BUSINESS_ID, now });
    for (let i = 0; i < HASHTAGS_PER_WINDOW - 2; i++) expect((await a.take(`seed${i}`)).ok).toBe(true);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).take(`race${i}`)));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(await a.used()).toBe(HASHTAGS_PER_WINDOW);
    // A unit given back (its call never made) frees the hashtag again.
    const winner = results.findIndex((r) => r.ok);
    await a.giveBack(`race${winner}`);
    expect(await b.used()).toBe(HASHTAGS_PER_WINDOW - 1);
  });
});
