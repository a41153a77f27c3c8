/**
 * TikTok's longer-lived paths (issue 19 §6) against a fake TikTok on 127.0.0.1: navigation headers,
 * the cookie jar, the WAF challenge solved and retried once, recent videos from the creator item
 * list, and the embed page as fallback and as its own strategy.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { profileSnapshotSchema } from "#core/schemas/snapshot";
import { AccountNotFoundError, LoginWallOrBlockedError, UpstreamUnreachableError } from "../errors";
import type { HttpClient } from "./http";
import { type FakeUpstream, type RecordedRequest, startFakeUpstream } from "./testing/fake-upstream";
import { fixture, fixtureJson, recordingLogger, tiktokPage, transportHttpClient } from "./testing/helpers";
import { createTikTokCollector, createTikTokEmbedCollector, postedAtFromVideoId } from "./tiktok";
import { challengePageFor, parseChallenge, solveChallenge } from "./tiktok-challenge";

const NOW = Date.parse("2025-09-10T12:00:00Z");
const HTML = { "content-type": "text/html; charset=utf-8" };
const SEC_UID = "MS4wLjABAAAAexamplecreatorSecUid0000000000000000000000000000000000";

let fake: FakeUpstream;
let http: HttpClient;
let closeTransport: () => Promise<void>;
beforeAll(async () => {
  fake = await startFakeUpstream();
  ({ http, close: closeTransport } = transportHttpClient(fake.url));
});
afterAll(async () => {
  await closeTransport();
  await fake.close();
});
afterEach(() => fake.reset());

/** The logged-out profile page as TikTok usually serves it: stats and secUid, no videos. */
function profileWithoutVideos(secUid: string | null = SEC_UID): string {
  return tiktokPage("__UNIVERSAL_DATA_FOR_REHYDRATION__", {
    __DEFAULT_SCOPE__: {
      "webapp.app-context": { language: "en" },
      "webapp.user-detail": {
        statusCode: 0,
        statusMsg: "",
        userInfo: {
          user: {
            id: "6800000000000000001",
            uniqueId: "examplecreator",
            nickname: "Example Creator",
            signature: "Cooking every week",
            verified: false,
            privateAccount: false,
            secret: false,
            avatarLarger: "https://p16-sign.tiktokcdn.com/avatar-large.jpeg",
            ...(secUid ? { secUid } : {}),
          },
          stats: { followerCount: 91200, followingCount: 150, heartCount: 2100000, videoCount: 388 },
        },
      },
    },
  });
}

function tiktok(logger = recordingLogger()) {
  return createTikTokCollector({ http, baseUrl: fake.url, logger, now: () => NOW });
}

function cookiesOf(req: RecordedRequest | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of String(req?.headers.cookie ?? "").split(/;\s*/)) {
    const i = part.indexOf("=");
    if (i > 0) out[part.slice(0, i)] = part.slice(i + 1);
  }
  return out;
}

describe("tiktok-web: requests that look like a browser", () => {
  it("sends navigation headers for the page and same-origin API headers for the item list", async () => {
    fake.route("GET", "/@examplecreator", { body: profileWithoutVideos(), headers: HTML });
    fake.route("GET", "/api/creator/item_list/", [
      { body: fixtureJson("tiktok-item-list-page1.json") },
      { body: fixtureJson("tiktok-item-list-page2.json") },
    ]);
    await tiktok().fetchSnapshot("tiktok", "examplecreator", {});
    const page = fake.requests.find((r) => r.path === "/@examplecreator")!;
    expect(page.headers).toMatchObject({
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
      "sec-fetch-site": "none",
      "sec-fetch-user": "?1",
      "upgrade-insecure-requests": "1",
      "accept-language": "en-US,en;q=0.9",
      "sec-ch-ua-platform": '"Windows"',
    });
    expect(page.headers.accept).toMatch(/^text\/html/);
    expect(page.headers["accept-encoding"]).toMatch(/gzip, deflate, br/);
    expect(page.headers["user-agent"]).toMatch(/Chrome\/\d+/);
    const list = fake.requests.find((r) => r.path === "/api/creator/item_list/")!;
    expect(list.headers).toMatchObject({ "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" });
    expect(list.headers.referer).toBe(`${fake.url}/@examplecreator`);
  });

  it("keeps the cookies the first page set and sends them with the next requests", async () => {
    fake.route("GET", "/@examplecreator", {
      body: profileWithoutVideos(),
      headers: {
        ...HTML,
        "set-cookie": "ttwid=1%7Cabc; Path=/; Max-Age=31536000; HttpOnly",
      } as Record<string, string>,
    });
    fake.route("GET", "/api/creator/item_list/", {
      body: fixtureJson("tiktok-item-list-page2.json"),
      headers: { "set-cookie": "msToken=xyz; Path=/; Max-Age=864000" },
    });
    const collector = tiktok();
    await collector.fetchSnapshot("tiktok", "examplecreator", {});
    const list = fake.requests.find((r) => r.path === "/api/creator/item_list/");
    expect(cookiesOf(list)).toEqual({ ttwid: "1%7Cabc" });
    // The same collector instance, a second report: both cookies go back to the page.
    await collector.fetchSnapshot("tiktok", "examplecreator", {});
    const pages = fake.requests.filter((r) => r.path === "/@examplecreator");
    expect(cookiesOf(pages[1])).toEqual({ ttwid: "1%7Cabc", msToken: "xyz" });
    // A new instance starts with an empty jar.
    fake.requests.length = 0;
    await tiktok().fetchSnapshot("tiktok", "examplecreator", {});
    expect(fake.requests[0]?.headers.cookie).toBeUndefined();
  });
});

describe("tiktok-web: the WAF challenge", () => {
  it("solves the proof of work, sets the cookie it names, fetches the page once more, then forgets it", async () => {
    const answer = 48_213;
    let solvedWith: Record<string, string> | undefined;
    fake.route("GET", "/@examplecreator", (req) => {
      const cookies = cookiesOf(req);
      const wci = cookies._wafchallengeid;
      if (wci) {
        const data = JSON.parse(Buffer.from(wci, "base64").toString("utf8"));
        if (Buffer.from(data.d, "base64").toString() === String(answer)) {
          solvedWith = cookies;
          return { body: fixture("tiktok-profile.html"), headers: HTML };
        }
      }
      return { body: challengePageFor(answer), headers: HTML };
    });
    const collector = tiktok();
    const snap = await collector.fetchSnapshot("tiktok", "examplecreator", {});
    expect(snap).toMatchObject({ username: "examplecreator", followers: 91200, source: "tiktok-web" });
    expect(fake.count("/@examplecreator")).toBe(2);
    // The optional second cookie named by #rci carries #rs's value.
    expect(solvedWith?.waforiginalreid).toBe(`rs-${answer}`);
    // The challenge cookies were for that one retry.
    fake.route("GET", "/@examplecreator", { body: fixture("tiktok-profile.html"), headers: HTML });
    await collector.fetchSnapshot("tiktok", "examplecreator", {});
    expect(cookiesOf(fake.requests.at(-1))._wafchallengeid).toBeUndefined();
  });

  it("gives up with a block (never not-found) when the challenge comes back or cannot be solved", async () => {
    fake.route("GET", "/@examplecreator", { body: challengePageFor(7), headers: HTML });
    const again = await tiktok()
      .fetchSnapshot("tiktok", "examplecreator", {})
      .catch((e) => e);
    expect(again).toBeInstanceOf(LoginWallOrBlockedError);
    expect(again.message).toContain("verification page came back");
    expect(fake.count("/@examplecreator")).toBe(2);

    // A digest no number ≤ 1,000,000 produces: one request, no retry.
    const unsolvable = challengePageFor(7).replace(/id="cs" class="[^"]+"/, () => {
      const cs = Buffer.from(
        JSON.stringify({
          v: { a: Buffer.from("p").toString("base64"), c: Buffer.alloc(32, 1).toString("base64") },
        }),
      ).toString("base64");
      return `id="cs" class="${cs}"`;
    });
    fake.reset();
    fake.route("GET", "/@examplecreator", { body: unsolvable, headers: HTML });
    const err = await tiktok()
      .fetchSnapshot("tiktok", "examplecreator", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(LoginWallOrBlockedError);
    expect(err.message).toContain("could not solve");
    expect(fake.count("/@examplecreator")).toBe(1);
  }, 20_000);

  it("finds yt-dlp's answer for a page built from a known number", async () => {
    const challenge = parseChallenge(challengePageFor(999_999))!;
    const cookies = await solveChallenge(challenge);
    const value = JSON.parse(Buffer.from(cookies![0]!.value, "base64").toString());
    expect(cookies![0]!.name).toBe("_wafchallengeid");
    expect(Buffer.from(value.d, "base64").toString()).toBe("999999");
    expect(value.v).toEqual(challenge.data.v);
  }, 20_000);
});

describe("tiktok-web: recent videos", () => {
  it("pages the creator item list with the page's secUid (newest first, cursor = oldest seen)", async () => {
    fake.route("GET", "/@examplecreator", { body: profileWithoutVideos(), headers: HTML });
    fake.route("GET", "/api/creator/item_list/", [
      { body: fixtureJson("tiktok-item-list-page1.json") },
      { body: fixtureJson("tiktok-item-list-page2.json") },
    ]);
    const snap = await tiktok().fetchSnapshot("tiktok", "examplecreator", {});
    expect(profileSnapshotSchema.safeParse(snap).success).toBe(true);
    expect(snap).toMatchObject({ followers: 91200, postsVia: "item-list", official: false });
    expect(snap?.posts).toHaveLength(20);
    const first = snap!.posts[0]!;
    expect(first).toMatchObject({ views: 30000, likes: 1000, comments: 20, shares: 40, durationSec: 30 });
    expect(first.postedAt).toBe(new Date(1757400000 * 1000).toISOString());
    expect(snap!.posts[3]).toMatchObject({ isAd: true });
    expect(snap!.posts[5]?.type).toBe("carousel"); // a photo post (imagePost)
    const [p1, p2] = fake.requests.filter((r) => r.path === "/api/creator/item_list/");
    expect(Object.fromEntries(p1!.query)).toMatchObject({
      secUid: SEC_UID,
      count: "15",
      cursor: String(NOW),
      type: "1",
      aid: "1988",
      app_name: "tiktok_web",
      device_platform: "web_pc",
    });
    expect(p1!.query.get("device_id")).toMatch(/^\d{19}$/);
    expect(p1!.query.get("verifyFp")).toMatch(/^verify_[0-9a-f]{7}$/);
    // Page 2 starts before the oldest video of page 1.
    const oldestOfPage1 = (
      fixtureJson("tiktok-item-list-page1.json") as { itemList: { createTime: number }[] }
    ).itemList.at(-1)!.createTime;
    expect(p2!.query.get("cursor")).toBe(String(oldestOfPage1 * 1000));
    expect(p2!.query.get("device_id")).toBe(p1!.query.get("device_id"));
  });

  it("falls back to the embed page when the item list answers empty (TikTok's refusal)", async () => {
    const logger = recordingLogger();
    fake.route("GET", "/@examplecreator", { body: profileWithoutVideos(), headers: HTML });
    fake.route("GET", "/api/creator/item_list/", { body: "" });
    fake.route("GET", "/embed/@examplecreator", {
      body: fixture("tiktok-embed-profile.html"),
      headers: HTML,
    });
    const snap = await tiktok(logger).fetchSnapshot("tiktok", "examplecreator", {});
    expect(snap).toMatchObject({ followers: 91200, postsVia: "embed" });
    expect(snap?.posts).toHaveLength(8);
    expect(snap?.posts[0]).toMatchObject({
      views: 20000,
      likes: null,
      comments: null,
      caption: "Embed video 1 #cooking",
    });
    // No date on the embed: it comes from the id, whose top 32 bits are the creation time.
    expect(snap?.posts[0]?.postedAt).toBe(new Date(1757400000 * 1000).toISOString());
    expect(logger.entries.some((e) => e.obj.step === "item-list")).toBe(true);
  });

  it("goes straight to the embed page without a secUid, and still reports the profile when both fail", async () => {
    const logger = recordingLogger();
    fake.route("GET", "/@examplecreator", { body: profileWithoutVideos(null), headers: HTML });
    fake.route("GET", "/embed/@examplecreator", { status: 403, body: "" });
    const snap = await tiktok(logger).fetchSnapshot("tiktok", "examplecreator", {});
    expect(snap).toMatchObject({ followers: 91200, posts: [], postsVia: "none" });
    expect(fake.count("/api/creator/item_list/")).toBe(0);
    expect(logger.entries.find((e) => e.obj.step === "embed")?.obj.error).toMatch(/embed page HTTP 403/);
  });

  it("uses the videos on the page when it has them, without further requests", async () => {
    fake.route("GET", "/@examplecreator", { body: fixture("tiktok-profile.html"), headers: HTML });
    const snap = await tiktok().fetchSnapshot("tiktok", "examplecreator", {});
    expect(snap).toMatchObject({ postsVia: "profile-page" });
    expect(fake.requests).toHaveLength(1);
  });

  it("derives a date from a video id only inside TikTok's lifetime", () => {
    expect(postedAtFromVideoId("7547975525990412345", NOW)).toBe(new Date(1757400000 * 1000).toISOString());
    expect(postedAtFromVideoId("12345678", NOW)).toBeUndefined();
    expect(postedAtFromVideoId("not-an-id", NOW)).toBeUndefined();
  });
});

describe("tiktok-embed: the creator embed page alone", () => {
  it("reads the profile and recent videos from __FRONTITY_CONNECT_STATE__", async () => {
    fake.route("GET", "/embed/@examplecreator", {
      body: fixture("tiktok-embed-profile.html"),
      headers: HTML,
    });
    const snap = await createTikTokEmbedCollector({ http, baseUrl: fake.url, now: () => NOW }).fetchSnapshot(
      "tiktok",
      "examplecreator",
      {},
    );
    expect(profileSnapshotSchema.safeParse(snap).success).toBe(true);
    expect(snap).toMatchObject({
      username: "examplecreator",
      followers: 91200,
      following: 150,
      postsCount: 388,
      totalLikes: 2100000,
      source: "tiktok-embed",
      official: false,
      postsVia: "embed",
    });
    expect(snap?.posts).toHaveLength(8);
    expect(fake.requests[0]?.headers["sec-fetch-mode"]).toBe("navigate");
  });

  it("reports a page without the profile as a block, and a bare 404 as transient: never as not-found", async () => {
    fake.route("GET", "/embed/@ghost", {
      body: "<html><body>Something went wrong</body></html>",
      headers: HTML,
    });
    const embed = createTikTokEmbedCollector({ http, baseUrl: fake.url });
    const err = await embed.fetchSnapshot("tiktok", "ghost", {}).catch((e) => e);
    expect(err).toBeInstanceOf(LoginWallOrBlockedError);
    fake.route("GET", "/embed/@ghost", { status: 404, body: "" });
    const missing = await embed.fetchSnapshot("tiktok", "ghost", {}).catch((e) => e);
    expect(missing).toBeInstanceOf(UpstreamUnreachableError);
    expect(missing).not.toBeInstanceOf(AccountNotFoundError);
    expect(missing.message).toBe(
      "TikTok has no embed page for @ghost (it may not exist, be private, or have embedding turned off)",
    );
  });
});
