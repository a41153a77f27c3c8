import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { profileSnapshotSchema } from "#core/schemas/snapshot";
import {
  AccountNotFoundError,
  LoginWallOrBlockedError,
  RateLimitedError,
  SourceAuthError,
  UpstreamChangedError,
  UpstreamUnreachableError,
} from "../errors";
import { createHttpClient } from "./http";
import { createCollectors } from "./index";
import { createInstagramGraphCollector } from "./instagram-graph";
import { createInstagramWebCollector } from "./instagram-web";
import { type FakeUpstream, startFakeUpstream } from "./testing/fake-upstream";
import { fixture, fixtureJson, recordingLogger, testCollectorsConfig } from "./testing/helpers";

const NOW = Date.parse("2026-09-10T12:00:00Z");
const WEB_PATH = "/api/v1/users/web_profile_info/";
const GRAPH_PATH = "/v24.0/17841405309211844";

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

function web(logger = recordingLogger(), graphConfigured = false) {
  return createInstagramWebCollector({
    http: createHttpClient(testCollectorsConfig(fake.url)),
    baseUrl: fake.url,
    logger,
    now: () => NOW,
    graphConfigured,
  });
}

describe("Instagram public web profile collector", () => {
  it("reads the classic edge_* shape: profile, counts and typed recent posts", async () => {
    fake.route("GET", WEB_PATH, { body: fixtureJson("instagram-web-profile.json") });
    const snap = await web().fetchSnapshot("instagram", "examplecreator", {});
    expect(profileSnapshotSchema.safeParse(snap).success).toBe(true);
    expect(snap).toMatchObject({
      platform: "instagram",
      username: "examplecreator",
      name: "Example Creator",
      bio: "Cooking every week 🍝",
      verified: false,
      isPrivate: false,
      category: "Chef",
      avatarUrl: "https://scontent.cdninstagram.com/v/pic_hd.jpg",
      externalUrl: "https://example.com",
      followers: 58210,
      following: 311,
      postsCount: 742,
      source: "instagram-web",
      fetchedAt: new Date(NOW).toISOString(),
    });
    expect(snap?.posts.map((p) => [p.type, p.likes, p.comments, p.views])).toEqual([
      ["reel", 6021, 143, 120344],
      ["carousel", 2210, 48, null],
      ["photo", 1804, 37, null], // only edge_media_preview_like present
      ["video", 903, 12, 15022], // GraphVideo without product_type clips
      ["photo", null, 22, null], // like counts hidden → null, never 0
    ]);
    expect(snap?.posts[0]).toMatchObject({
      id: "3300000000000000001",
      caption: "10-minute pasta #recipe",
      postedAt: new Date(1756738800 * 1000).toISOString(),
      durationSec: 31.4,
      url: "https://www.instagram.com/reel/C1aBcDeF/",
    });
    expect(snap?.posts[1]?.caption).toBeNull();
    const req = fake.requests[0];
    expect(req?.query.get("username")).toBe("examplecreator");
    expect(req?.headers["x-ig-app-id"]).toBe("936619743392459");
    expect(req?.headers["user-agent"]).toMatch(/Mozilla\/5\.0/);
  });

  it("accepts the newer follower_count / pk shape", async () => {
    fake.route("GET", WEB_PATH, { body: fixtureJson("instagram-web-profile-new-shape.json") });
    const snap = await web().fetchSnapshot("instagram", "examplecreator", {});
    expect(snap).toMatchObject({
      followers: 58210,
      following: 311,
      postsCount: 742,
      verified: true,
      category: "Chef",
      externalUrl: null,
      isBusiness: true,
      platformUserId: "1234567890",
      posts: [],
    });
  });

  it("returns a private account as a snapshot with isPrivate and no posts (not an error)", async () => {
    fake.route("GET", WEB_PATH, { body: fixtureJson("instagram-web-profile-private.json") });
    const snap = await web().fetchSnapshot("instagram", "privatecook", {});
    expect(snap).toMatchObject({ username: "privatecook", isPrivate: true, followers: 812, posts: [] });
  });

  it("maps only user: null to AccountNotFoundError; a bare 404 is transient (not cached as not found)", async () => {
    fake.route("GET", WEB_PATH, { body: fixtureJson("instagram-web-profile-not-found.json") });
    const err = await web()
      .fetchSnapshot("instagram", "@ghost", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(AccountNotFoundError);
    expect(err.message).toBe("No Instagram account @ghost was found");
    fake.route("GET", WEB_PATH, { status: 404, body: "" });
    const bare = await web()
      .fetchSnapshot("instagram", "ghost", {})
      .catch((e) => e);
    expect(bare).toBeInstanceOf(UpstreamUnreachableError);
    expect(bare.message).toMatch(/usually temporary/);
  });

  it("maps an HTML login wall (200 text/html) to LoginWallOrBlockedError with configuration advice", async () => {
    fake.route("GET", WEB_PATH, {
      body: fixture("instagram-login-wall.html"),
      headers: { "content-type": "text/html; charset=utf-8" },
    });
    const err = await web()
      .fetchSnapshot("instagram", "examplecreator", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(LoginWallOrBlockedError);
    expect(err.message).toContain("@examplecreator");
    expect(err.message).toContain("INSTAGRAM_ACCESS_TOKEN and INSTAGRAM_BUSINESS_ACCOUNT_ID");
  });

  it("treats an HTML body without a content type, a login redirect and the 401 'Please wait' as blocks", async () => {
    fake.route("GET", WEB_PATH, { body: "<!DOCTYPE html><html></html>", headers: { "content-type": "" } });
    expect(
      await web()
        .fetchSnapshot("instagram", "a", {})
        .catch((e) => e),
    ).toBeInstanceOf(LoginWallOrBlockedError);
    fake.route("GET", WEB_PATH, {
      status: 302,
      headers: { location: "https://www.instagram.com/accounts/login/" },
    });
    expect(
      await web()
        .fetchSnapshot("instagram", "a", {})
        .catch((e) => e),
    ).toBeInstanceOf(LoginWallOrBlockedError);
    fake.route("GET", WEB_PATH, { status: 401, body: fixtureJson("instagram-web-blocked-401.json") });
    expect(
      await web()
        .fetchSnapshot("instagram", "a", {})
        .catch((e) => e),
    ).toBeInstanceOf(LoginWallOrBlockedError);
    fake.route("GET", WEB_PATH, { status: 400, body: { message: "checkpoint_required", status: "fail" } });
    expect(
      await web()
        .fetchSnapshot("instagram", "a", {})
        .catch((e) => e),
    ).toBeInstanceOf(LoginWallOrBlockedError);
  });

  it("maps 429 with Retry-After to RateLimitedError", async () => {
    fake.route("GET", WEB_PATH, { status: 429, headers: { "retry-after": "60" }, body: "" });
    const err = await web()
      .fetchSnapshot("instagram", "examplecreator", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err.message).toBe(
      "Instagram is rate limiting us while fetching @examplecreator; try again in 60 seconds",
    );
    expect(fake.count()).toBe(1);
  });

  it("maps malformed JSON and a missing follower count to UpstreamChangedError, logging a short sample", async () => {
    const logger = recordingLogger();
    fake.route("GET", WEB_PATH, {
      body: '{"data": {"user": {"username": "x", ',
      headers: { "content-type": "application/json" },
    });
    const err = await web(logger)
      .fetchSnapshot("instagram", "x", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamChangedError);
    expect(err.message).toBe(
      "Instagram sent data we couldn't read for @x; the platform may have changed its format",
    );
    fake.route("GET", WEB_PATH, {
      body: { data: { user: { username: "x", biography: "y".repeat(3000) } }, status: "ok" },
    });
    const err2 = await web(logger)
      .fetchSnapshot("instagram", "x", {})
      .catch((e) => e);
    expect(err2).toBeInstanceOf(UpstreamChangedError);
    expect(err2.sample.length).toBeLessThanOrEqual(500);
    expect(logger.entries).toHaveLength(2);
    expect(String(logger.entries[1]?.obj.detail)).toContain("no follower count");
  });

  it("survives a slow answer (timeout) and a reset as UpstreamUnreachableError", async () => {
    fake.route("GET", WEB_PATH, { delayMs: 2000 });
    const slow = await web()
      .fetchSnapshot("instagram", "examplecreator", {})
      .catch((e) => e);
    expect(slow).toBeInstanceOf(UpstreamUnreachableError);
    expect(slow.message).toBe("Couldn't reach Instagram for @examplecreator (timeout after 0.3 s)");
    fake.route("GET", WEB_PATH, { destroy: true });
    const reset = await web()
      .fetchSnapshot("instagram", "examplecreator", {})
      .catch((e) => e);
    expect(reset).toBeInstanceOf(UpstreamUnreachableError);
    expect(reset.message).toContain("connection reset");
  });

  it("skips one malformed post but keeps the profile", async () => {
    const data = fixtureJson("instagram-web-profile.json") as {
      data: { user: { edge_owner_to_timeline_media: { edges: { node: Record<string, unknown> }[] } } };
    };
    const edges = data.data.user.edge_owner_to_timeline_media.edges;
    if (edges[0]) edges[0].node = { __typename: "GraphVideo" };
    fake.route("GET", WEB_PATH, { body: data });
    const logger = recordingLogger();
    const snap = await web(logger).fetchSnapshot("instagram", "examplecreator", {});
    expect(snap?.posts).toHaveLength(4);
    expect(logger.entries[0]?.msg).toBe("skipped Instagram posts with an unexpected shape");
  });
});

describe("Instagram Graph business_discovery collector", () => {
  function graph(logger = recordingLogger()) {
    return createInstagramGraphCollector({
      http: createHttpClient(testCollectorsConfig(fake.url)),
      baseUrl: fake.url,
      accessToken: "EAAtoken",
      businessAccountId: "17841405309211844",
      logger,
      now: () => NOW,
    });
  }

  it("reads business_discovery with media types and hidden likes", async () => {
    fake.route("GET", GRAPH_PATH, { body: fixtureJson("instagram-graph-business-discovery.json") });
    const snap = await graph().fetchSnapshot("instagram", "examplecreator", {});
    expect(profileSnapshotSchema.safeParse(snap).success).toBe(true);
    expect(snap).toMatchObject({
      username: "examplecreator",
      name: "Example Creator",
      followers: 58210,
      following: 311,
      postsCount: 742,
      externalUrl: "https://example.com",
      source: "instagram-graph",
    });
    expect(snap?.posts.map((p) => [p.type, p.likes, p.comments, p.postedAt])).toEqual([
      ["reel", 6021, 143, "2026-09-01T15:00:00.000Z"],
      ["carousel", 2210, 48, "2026-08-25T15:00:00.000Z"],
      ["photo", null, 37, "2026-08-18T15:00:00.000Z"],
      ["video", 903, 12, "2026-08-11T15:00:00.000Z"],
    ]);
    const req = fake.requests[0];
    expect(req?.query.get("access_token")).toBe("EAAtoken");
    expect(req?.query.get("fields")).toContain("business_discovery.username(examplecreator){followers_count");
    expect(req?.query.get("fields")).toContain("media.limit(30){caption,like_count");
  });

  it("returns null when not configured", async () => {
    const c = createInstagramGraphCollector({
      http: createHttpClient(testCollectorsConfig(fake.url)),
      baseUrl: fake.url,
    });
    expect(await c.fetchSnapshot("instagram", "x", {})).toBeNull();
  });

  it("maps Graph throttling (code 4) to RateLimitedError", async () => {
    fake.route("GET", GRAPH_PATH, { status: 403, body: fixtureJson("instagram-graph-rate-limited.json") });
    expect(
      await graph()
        .fetchSnapshot("instagram", "examplecreator", {})
        .catch((e) => e),
    ).toBeInstanceOf(RateLimitedError);
  });

  it("falls back to the public profile for a personal account; an expired token is an error for the operator, not a silent fallback", async () => {
    fake.route("GET", GRAPH_PATH, { status: 400, body: fixtureJson("instagram-graph-not-business.json") });
    fake.route("GET", WEB_PATH, { body: fixtureJson("instagram-web-profile.json") });
    const logger = recordingLogger();
    const collectors = createCollectors(
      testCollectorsConfig(fake.url, {
        order: ["instagram"],
        instagramAccessToken: "EAAtoken",
        instagramBusinessAccountId: "17841405309211844",
      }),
      { logger },
    );
    expect(collectors.collectors.map((c) => c.id)).toEqual(["instagram-graph", "instagram-web"]);
    const snap = await collectors.fetchSnapshot("instagram", "examplecreator");
    expect(snap.source).toBe("instagram-web");
    expect(fake.count(GRAPH_PATH)).toBe(1);

    fake.route("GET", GRAPH_PATH, { status: 400, body: fixtureJson("instagram-graph-token-expired.json") });
    const webCalls = fake.count(WEB_PATH);
    const expired = await collectors.fetchSnapshot("instagram", "othercreator").catch((e) => e);
    expect(expired).toBeInstanceOf(SourceAuthError);
    expect(expired.message).toMatch(/token has expired or is invalid.*renew INSTAGRAM_ACCESS_TOKEN/);
    expect(fake.count(WEB_PATH)).toBe(webCalls);
    expect(logger.entries.some((e) => String(e.msg).includes("Renew INSTAGRAM_ACCESS_TOKEN"))).toBe(true);
  });

  it("calls the Graph API version INSTAGRAM_GRAPH_VERSION names", async () => {
    fake.route("GET", "/v25.0/17841405309211844", {
      body: fixtureJson("instagram-graph-business-discovery.json"),
    });
    const collectors = createCollectors(
      testCollectorsConfig(fake.url, {
        order: ["instagram-graph"],
        instagramAccessToken: "EAAtoken",
        instagramBusinessAccountId: "17841405309211844",
        instagramGraphVersion: "v25.0",
      }),
    );
    const snap = await collectors.fetchSnapshot("instagram", "examplecreator");
    expect(snap.source).toBe("instagram-graph");
    expect(snap.verified).toBeNull();
  });
});
