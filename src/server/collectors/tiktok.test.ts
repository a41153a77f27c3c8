import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { profileSnapshotSchema } from "#core/schemas/snapshot";
import {
  AccountNotFoundError,
  LoginWallOrBlockedError,
  RateLimitedError,
  UpstreamChangedError,
  UpstreamUnreachableError,
} from "../errors";
import { createHttpClient } from "./http";
import { type FakeUpstream, startFakeUpstream } from "./testing/fake-upstream";
import { fixture, recordingLogger, testCollectorsConfig, tiktokPage } from "./testing/helpers";
import { createTikTokCollector } from "./tiktok";

const NOW = Date.parse("2026-09-10T12:00:00Z");
const HTML = { "content-type": "text/html; charset=utf-8" };

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

function tiktok(logger = recordingLogger()) {
  return createTikTokCollector({
    http: createHttpClient(testCollectorsConfig(fake.url)),
    baseUrl: fake.url,
    logger,
    now: () => NOW,
  });
}

describe("TikTok profile page collector", () => {
  it("reads __UNIVERSAL_DATA_FOR_REHYDRATION__: profile, stats and the recent videos on the page", async () => {
    fake.route("GET", "/@examplecreator", { body: fixture("tiktok-profile.html"), headers: HTML });
    const snap = await tiktok().fetchSnapshot("tiktok", "@examplecreator", {});
    expect(profileSnapshotSchema.safeParse(snap).success).toBe(true);
    expect(snap).toMatchObject({
      platform: "tiktok",
      username: "examplecreator",
      name: "Example Creator",
      bio: "Cooking every week",
      verified: false,
      isPrivate: false,
      avatarUrl: "https://p16-sign.tiktokcdn.com/avatar-large.jpeg",
      externalUrl: "example.com",
      followers: 91200,
      following: 150,
      postsCount: 388,
      totalLikes: 2_100_000,
      source: "tiktok-web",
      fetchedAt: new Date(NOW).toISOString(),
    });
    expect(
      snap?.posts.map((p) => [p.id, p.type, p.views, p.likes, p.comments, p.shares, p.durationSec]),
    ).toEqual([
      ["7500000000000000001", "video", 83200, 8521, 45, 1115, 58],
      ["7500000000000000002", "video", 41000, 2200, 31, 90, 23],
      // only string statsV2 present → numbers
      ["7500000000000000003", "video", 250300, 19000, 402, 2100, 121],
    ]);
    expect(snap?.posts[0]?.postedAt).toBe(new Date(1756738800 * 1000).toISOString());
    expect(snap?.posts[1]).toMatchObject({ caption: "Knife skills 101 #ad @examplebrand", isAd: true });
    expect(fake.requests[0]?.headers["user-agent"]).toMatch(/Mozilla\/5\.0/);
  });

  it("reads a profile without videos (the usual logged-out page)", async () => {
    const html = fixture("tiktok-profile.html").replace(
      /,\s*"itemList":\s*\[.*\]\}\}\}<\/script>/s,
      "}}}</script>",
    );
    expect(html).not.toContain("itemList");
    fake.route("GET", "/@examplecreator", { body: html, headers: HTML });
    const snap = await tiktok().fetchSnapshot("tiktok", "examplecreator", {});
    expect(snap).toMatchObject({ followers: 91200, posts: [] });
  });

  it("reads the older SIGI_STATE shape", async () => {
    fake.route("GET", "/@examplecreator", { body: fixture("tiktok-profile-sigi.html"), headers: HTML });
    const snap = await tiktok().fetchSnapshot("tiktok", "examplecreator", {});
    expect(snap).toMatchObject({ username: "examplecreator", followers: 91200, postsCount: 388 });
    expect(snap?.posts.map((p) => p.id)).toEqual(["7500000000000000001", "7500000000000000002"]);
  });

  it("returns a private account as isPrivate with no posts", async () => {
    fake.route("GET", "/@privatecook", { body: fixture("tiktok-profile-private.html"), headers: HTML });
    const snap = await tiktok().fetchSnapshot("tiktok", "privatecook", {});
    expect(snap).toMatchObject({ username: "privatecook", isPrivate: true, followers: 812, posts: [] });
  });

  it("maps statusCode 10202 to AccountNotFoundError; a bare 404 is transient", async () => {
    fake.route("GET", "/@ghost", { body: fixture("tiktok-profile-not-found.html"), headers: HTML });
    const err = await tiktok()
      .fetchSnapshot("tiktok", "ghost", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(AccountNotFoundError);
    expect(err.message).toBe("No TikTok account @ghost was found (it may have been removed or banned)");
    fake.route("GET", "/@ghost", { status: 404, body: "" });
    const bare = await tiktok()
      .fetchSnapshot("tiktok", "ghost", {})
      .catch((e) => e);
    expect(bare).toBeInstanceOf(UpstreamUnreachableError);
  });

  it("maps a challenge page without data to LoginWallOrBlockedError, not UpstreamChanged", async () => {
    fake.route("GET", "/@examplecreator", { body: fixture("tiktok-challenge.html"), headers: HTML });
    const err = await tiktok()
      .fetchSnapshot("tiktok", "examplecreator", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(LoginWallOrBlockedError);
    expect(err.message).toMatch(/^TikTok is blocking automated access right now/);
    expect(err.message).toContain("@examplecreator");
  });

  it("treats a data script without a user-detail scope as a block too", async () => {
    fake.route("GET", "/@x", {
      body: tiktokPage("__UNIVERSAL_DATA_FOR_REHYDRATION__", {
        __DEFAULT_SCOPE__: { "webapp.app-context": {} },
      }),
      headers: HTML,
    });
    expect(
      await tiktok()
        .fetchSnapshot("tiktok", "x", {})
        .catch((e) => e),
    ).toBeInstanceOf(LoginWallOrBlockedError);
  });

  it("maps broken JSON in the script and a changed stats shape to UpstreamChangedError", async () => {
    const logger = recordingLogger();
    fake.route("GET", "/@x", {
      body: '<html><script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json">{"__DEFAULT_SCOPE__": {</script></html>',
      headers: HTML,
    });
    const err = await tiktok(logger)
      .fetchSnapshot("tiktok", "x", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamChangedError);
    expect(err.sample.length).toBeLessThanOrEqual(500);

    fake.route("GET", "/@x", {
      body: tiktokPage("__UNIVERSAL_DATA_FOR_REHYDRATION__", {
        __DEFAULT_SCOPE__: {
          "webapp.user-detail": {
            statusCode: 0,
            userInfo: { user: { uniqueId: "x" }, stats: { followerCount: "lots" } },
          },
        },
      }),
      headers: HTML,
    });
    expect(
      await tiktok(logger)
        .fetchSnapshot("tiktok", "x", {})
        .catch((e) => e),
    ).toBeInstanceOf(UpstreamChangedError);
    expect(logger.entries.every((e) => String(e.obj.sample).length <= 500)).toBe(true);
  });

  it("maps a slow page, a reset and a 429 to the right errors", async () => {
    fake.route("GET", "/@x", { delayMs: 2000 });
    const slow = await tiktok()
      .fetchSnapshot("tiktok", "x", {})
      .catch((e) => e);
    expect(slow).toBeInstanceOf(UpstreamUnreachableError);
    expect(slow.message).toBe("Couldn't reach TikTok for @x (timeout after 0.3 s)");

    fake.route("GET", "/@x", { destroy: true });
    const reset = await tiktok()
      .fetchSnapshot("tiktok", "x", {})
      .catch((e) => e);
    expect(reset).toBeInstanceOf(UpstreamUnreachableError);

    fake.route("GET", "/@x", { status: 429, headers: { "retry-after": "120" } });
    const limited = await tiktok()
      .fetchSnapshot("tiktok", "x", {})
      .catch((e) => e);
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect(limited.retryAfterSec).toBe(120);
  });

  it("retries a 502 then reads the page", async () => {
    fake.route("GET", "/@examplecreator", [
      { status: 502, body: "bad gateway" },
      { body: fixture("tiktok-profile.html"), headers: HTML },
    ]);
    const snap = await tiktok().fetchSnapshot("tiktok", "examplecreator", {});
    expect(snap?.followers).toBe(91200);
    expect(fake.count("/@examplecreator")).toBe(2);
  });
});
