import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { profileSnapshotSchema } from "#core/schemas/snapshot";
import {
  AccountNotFoundError,
  NotConfiguredError,
  RateLimitedError,
  UpstreamChangedError,
  UpstreamUnreachableError,
} from "../errors";
import { createHttpClient } from "./http";
import { createCollectors } from "./index";
import {
  type FakeUpstream,
  type RecordedRequest,
  startFakeUpstream,
  unusedBaseUrl,
} from "./testing/fake-upstream";
import { fixture, fixtureJson, recordingLogger, testCollectorsConfig } from "./testing/helpers";
import { createYouTubeApiCollector } from "./youtube-api";
import { createYouTubeInnertubeCollector } from "./youtube-innertube";
import {
  parseCountText,
  parseIsoDuration,
  parseRelativeDate,
  secondsUntilPacificMidnight,
} from "./youtube-shared";

const NOW = Date.parse("2026-09-10T12:00:00Z");
const KEY = "test-key-123";

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

function http(overrides: { retries?: number } = {}) {
  const cfg = testCollectorsConfig(fake.url);
  return createHttpClient({ ...cfg, ...overrides });
}

function apiCollector(opts: { apiKey?: string; logger?: ReturnType<typeof recordingLogger> } = {}) {
  return createYouTubeApiCollector({
    http: http(),
    apiKey: "apiKey" in opts ? opts.apiKey : KEY,
    baseUrl: fake.url,
    logger: opts.logger,
    now: () => NOW,
  });
}

/** The happy-path Data API: channel, uploads, videos (routing videos.list by `part`). */
function routeHappyChannel() {
  fake.route("GET", "/youtube/v3/channels", { body: fixtureJson("youtube-channels.json") });
  fake.route("GET", "/youtube/v3/playlistItems", (req: RecordedRequest) =>
    req.query.get("playlistId")?.startsWith("UUSH")
      ? { body: { items: [{ contentDetails: { videoId: "ghiJKL67890" } }] } } // the channel's Shorts
      : { body: fixtureJson("youtube-playlist-items.json") },
  );
  fake.route("GET", "/youtube/v3/videos", (req: RecordedRequest) =>
    req.query.get("part") === "snippet"
      ? { body: fixtureJson("youtube-video-snippet.json") }
      : { body: fixtureJson("youtube-videos.json") },
  );
}

describe("YouTube Data API collector", () => {
  it("builds a snapshot from channels → uploads → videos → Shorts playlist in 4 requests (4 quota units)", async () => {
    routeHappyChannel();
    const snap = await apiCollector().fetchSnapshot("youtube", "@ExampleCreator", {});
    expect(snap).not.toBeNull();
    expect(profileSnapshotSchema.safeParse(snap).success).toBe(true);
    expect(snap).toMatchObject({
      platform: "youtube",
      username: "examplecreator",
      name: "Example Creator",
      bio: "Cooking every week.",
      followers: 412_000,
      postsCount: 512,
      source: "youtube-api",
      avatarUrl: "https://yt3.ggpht.com/a-high",
      channelId: "UCxxxxxxxxxxxxxxxxxxxxxx",
      country: "US",
      followersRounded: true,
      fetchedAt: new Date(NOW).toISOString(),
    });
    // Long-form, Short (no likeCount → null, not 0), past live stream; the deleted upload is skipped.
    expect(snap?.posts.map((p) => [p.id, p.type, p.durationSec, p.views, p.likes, p.comments])).toEqual([
      ["abcDEF12345", "video", 604, 85211, 4102, 233],
      ["ghiJKL67890", "short", 41, 301554, null, 97],
      ["liveSTREAM1", "live", 5530, 12001, 880, 41],
    ]);
    expect(snap?.posts[0]?.caption).toContain("Use code PASTA10");
    expect(fake.count()).toBe(4);
    // A 41-second video is a Short only because the channel's Shorts playlist lists it.
    expect(fake.requests[3]?.query.get("playlistId")).toBe("UUSHxxxxxxxxxxxxxxxxxxxxxx");
    const channelsReq = fake.requests[0];
    expect(channelsReq?.query.get("forHandle")).toBe("@ExampleCreator");
    expect(channelsReq?.query.get("key")).toBe(KEY);
    expect(fake.requests[1]?.query.get("playlistId")).toBe("UUxxxxxxxxxxxxxxxxxxxxxx");
    expect(fake.requests[1]?.query.get("maxResults")).toBe("30");
    expect(fake.requests[2]?.query.get("id")).toBe("abcDEF12345,ghiJKL67890,liveSTREAM1,deletedVID1");
  });

  it("tells a short video that is not a Short apart by the Shorts playlist; without the playlist, its format is unknown", async () => {
    routeHappyChannel();
    fake.route("GET", "/youtube/v3/playlistItems", (req: RecordedRequest) =>
      req.query.get("playlistId")?.startsWith("UUSH")
        ? { body: { items: [] } }
        : { body: fixtureJson("youtube-playlist-items.json") },
    );
    const snap = await apiCollector().fetchSnapshot("youtube", "@ExampleCreator", {});
    expect(snap?.posts.find((p) => p.id === "ghiJKL67890")?.type).toBe("video");
    fake.route("GET", "/youtube/v3/playlistItems", (req: RecordedRequest) =>
      req.query.get("playlistId")?.startsWith("UUSH")
        ? { status: 404, body: { error: { code: 404, message: "playlist not found" } } }
        : { body: fixtureJson("youtube-playlist-items.json") },
    );
    const noList = await apiCollector().fetchSnapshot("youtube", "@ExampleCreator", {});
    // Never guessed from the duration (issue #39 item 4): a video of unknown format.
    expect(noList?.posts.find((p) => p.id === "ghiJKL67890")).toMatchObject({
      type: "video",
      formatUnknown: true,
    });
  });

  it("treats 200 without items as an unknown channel", async () => {
    fake.route("GET", "/youtube/v3/channels", { body: fixtureJson("youtube-channels-not-found.json") });
    const err = await apiCollector()
      .fetchSnapshot("youtube", "nobody", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(AccountNotFoundError);
    expect(err.message).toBe("No YouTube channel @nobody was found");
  });

  it("resolves a Shorts link (video id) to its channel via videos.list snippet.channelId", async () => {
    routeHappyChannel();
    const snap = await apiCollector().fetchSnapshot("youtube", "ghiJKL67890", { linkKind: "short" });
    expect(snap?.username).toBe("examplecreator");
    expect(fake.requests[0]?.path).toBe("/youtube/v3/videos");
    expect(fake.requests[0]?.query.get("id")).toBe("ghiJKL67890");
    expect(fake.requests[1]?.query.get("id")).toBe("UCxxxxxxxxxxxxxxxxxxxxxx");
  });

  it("reports an unknown video link as not found", async () => {
    fake.route("GET", "/youtube/v3/videos", { body: { kind: "youtube#videoListResponse", items: [] } });
    const err = await apiCollector()
      .fetchSnapshot("youtube", "zzzzzzzzzzz", { linkKind: "video" })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AccountNotFoundError);
    expect(err.message).toBe("No YouTube video zzzzzzzzzzz was found");
  });

  it("looks channel ids up by id and legacy /user/ names by forUsername", async () => {
    routeHappyChannel();
    await apiCollector().fetchSnapshot("youtube", "UCxxxxxxxxxxxxxxxxxxxxxx", { linkKind: "channel" });
    expect(fake.requests[0]?.query.get("id")).toBe("UCxxxxxxxxxxxxxxxxxxxxxx");
    fake.reset();
    routeHappyChannel();
    await apiCollector().fetchSnapshot("youtube", "OldName", { linkKind: "user" });
    expect(fake.requests[0]?.query.get("forUsername")).toBe("OldName");
  });

  it("maps quotaExceeded to RateLimitedError until midnight PT and stops calling the API", async () => {
    fake.route("GET", "/youtube/v3/channels", {
      status: 403,
      body: fixtureJson("youtube-quota-exceeded.json"),
    });
    const collector = apiCollector();
    const err = await collector.fetchSnapshot("youtube", "examplecreator", {}).catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err.message).toMatch(
      /^YouTube's daily API quota is used up; YouTube reports can be fetched again in \d+ hours$/,
    );
    expect(err.retryAfterSec).toBe(secondsUntilPacificMidnight(NOW));
    expect(fake.count()).toBe(1); // no retry
    const again = await collector.fetchSnapshot("youtube", "someoneelse", {}).catch((e) => e);
    expect(again).toBeInstanceOf(RateLimitedError);
    expect(fake.count()).toBe(1); // answered without calling YouTube
  });

  it("reports a rejected API key as a configuration problem", async () => {
    fake.route("GET", "/youtube/v3/channels", { status: 400, body: fixtureJson("youtube-key-invalid.json") });
    const err = await apiCollector()
      .fetchSnapshot("youtube", "examplecreator", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(NotConfiguredError);
    expect(err.message).toContain("YOUTUBE_API_KEY");
  });

  it("returns null without a key so the next collector is asked", async () => {
    expect(await apiCollector({ apiKey: undefined }).fetchSnapshot("youtube", "x", {})).toBeNull();
    expect(await apiCollector().fetchSnapshot("tiktok", "x", {})).toBeNull();
    expect(fake.count()).toBe(0);
  });

  it("turns malformed JSON into UpstreamChangedError with a ≤ 500-char sample, logged", async () => {
    const junk = `{"items": [${"x".repeat(2000)}`;
    fake.route("GET", "/youtube/v3/channels", {
      body: junk,
      headers: { "content-type": "application/json" },
    });
    const logger = recordingLogger();
    const err = await apiCollector({ logger })
      .fetchSnapshot("youtube", "examplecreator", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamChangedError);
    expect(err.message).toBe(
      "YouTube sent data we couldn't read for @examplecreator; the platform may have changed its format",
    );
    expect(err.sample.length).toBeLessThanOrEqual(500);
    const entry = logger.entries.find((e) => e.msg === "upstream response has an unexpected shape");
    expect(String(entry?.obj.sample).length).toBeLessThanOrEqual(500);
  });

  it("turns a changed shape (counts no longer numeric strings) into UpstreamChangedError", async () => {
    const changed = fixtureJson("youtube-channels.json") as {
      items: { statistics: Record<string, unknown> }[];
    };
    const first = changed.items[0];
    if (first) first.statistics.subscriberCount = "about 412K";
    fake.route("GET", "/youtube/v3/channels", { body: changed });
    const err = await apiCollector()
      .fetchSnapshot("youtube", "examplecreator", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamChangedError);
  });

  it("retries a 500 on channels.list and succeeds", async () => {
    routeHappyChannel();
    fake.route("GET", "/youtube/v3/channels", [
      { status: 500, body: { error: { code: 500, errors: [{ reason: "backendError" }] } } },
      { body: fixtureJson("youtube-channels.json") },
    ]);
    const snap = await apiCollector().fetchSnapshot("youtube", "examplecreator", {});
    expect(snap?.followers).toBe(412_000);
    expect(fake.count("/youtube/v3/channels")).toBe(2);
  });

  it("marks hidden subscriber counts", async () => {
    const hidden = fixtureJson("youtube-channels.json") as {
      items: { statistics: Record<string, unknown> }[];
    };
    const first = hidden.items[0];
    if (first) first.statistics = { ...first.statistics, subscriberCount: "0", hiddenSubscriberCount: true };
    routeHappyChannel();
    fake.route("GET", "/youtube/v3/channels", { body: hidden });
    const snap = await apiCollector().fetchSnapshot("youtube", "examplecreator", {});
    expect(snap).toMatchObject({ followers: 0, followersHidden: true, followersRounded: false });
  });
});

describe("YouTube keyless (InnerTube) collector", () => {
  it("maps an unreachable upstream to UpstreamUnreachableError", async () => {
    const base = await unusedBaseUrl();
    const collector = createYouTubeInnertubeCollector({
      http: createHttpClient({ ...testCollectorsConfig(base), retries: 0 }),
      baseUrl: base,
    });
    const err = await collector.fetchSnapshot("youtube", "examplecreator", {}).catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamUnreachableError);
    expect(err.message).toBe("Couldn't reach YouTube for @examplecreator (connection refused)");
  });

  it("sends youtubei.js requests to the configured base URL and maps a timeout", async () => {
    fake.route("POST", "/youtubei/v1/navigation/resolve_url", { delayMs: 2000 });
    const collector = createYouTubeInnertubeCollector({ http: http({ retries: 0 }), baseUrl: fake.url });
    const err = await collector.fetchSnapshot("youtube", "examplecreator", {}).catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamUnreachableError);
    expect(err.message).toBe("Couldn't reach YouTube for @examplecreator (timeout after 0.3 s)");
    const req = fake.requests[0];
    expect(req?.method).toBe("POST");
    expect(JSON.parse(req?.body ?? "{}").url).toBe("https://www.youtube.com/@examplecreator");
  });

  it("maps a 404 from resolve_url to AccountNotFoundError", async () => {
    fake.route("POST", "/youtubei/v1/navigation/resolve_url", {
      status: 404,
      body: { error: { code: 404, message: "Requested entity was not found.", status: "NOT_FOUND" } },
    });
    const collector = createYouTubeInnertubeCollector({ http: http(), baseUrl: fake.url });
    const err = await collector.fetchSnapshot("youtube", "nobody", {}).catch((e) => e);
    expect(err).toBeInstanceOf(AccountNotFoundError);
    expect(err.message).toBe("No YouTube channel @nobody was found");
  });

  it("maps a 429 to RateLimitedError", async () => {
    fake.route("POST", "/youtubei/v1/navigation/resolve_url", {
      status: 429,
      headers: { "retry-after": "30" },
    });
    const collector = createYouTubeInnertubeCollector({ http: http(), baseUrl: fake.url });
    const err = await collector.fetchSnapshot("youtube", "examplecreator", {}).catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err.retryAfterSec).toBe(30);
  });

  it("reads a channel from InnerTube JSON served by the fake", async () => {
    fake.route("POST", "/youtubei/v1/navigation/resolve_url", {
      body: fixtureJson("youtube-innertube-resolve.json"),
    });
    fake.route("POST", "/youtubei/v1/browse", { body: fixtureJson("youtube-innertube-browse-videos.json") });
    const collector = createYouTubeInnertubeCollector({ http: http(), baseUrl: fake.url, now: () => NOW });
    const snap = await collector.fetchSnapshot("youtube", "examplecreator", {});
    expect(profileSnapshotSchema.safeParse(snap).success).toBe(true);
    expect(snap).toMatchObject({
      platform: "youtube",
      username: "examplecreator",
      name: "Example Creator",
      followers: 412_000,
      postsCount: 512,
      source: "youtube-innertube",
      channelId: "UCxxxxxxxxxxxxxxxxxxxxxx",
    });
    expect(snap?.posts.map((p) => [p.id, p.type, p.views, p.durationSec])).toEqual([
      ["abcDEF12345", "video", 85211, 604],
      ["ghiJKL67890", "short", 301554, 41],
    ]);
    expect(snap?.posts[0]?.postedAt).toBe(new Date(NOW - 2 * 604_800_000).toISOString());
    expect(snap?.posts[0]?.likes).toBeNull();
    expect(fake.requests[1]?.body).toContain("UCxxxxxxxxxxxxxxxxxxxxxx");
  });
});

describe("createCollectors for YouTube", () => {
  it('"youtube" means the Data API with a key and InnerTube without one', () => {
    const withKey = createCollectors(
      testCollectorsConfig(fake.url, { youtubeApiKey: KEY, order: ["youtube"] }),
    );
    expect(withKey.collectors.map((c) => c.id)).toEqual(["youtube-api"]);
    const keyless = createCollectors(testCollectorsConfig(fake.url, { order: ["youtube"] }));
    expect(keyless.collectors.map((c) => c.id)).toEqual(["youtube-innertube"]);
  });
});

describe("YouTube parsing helpers", () => {
  it("parses ISO durations, display counts and relative dates", () => {
    expect(parseIsoDuration("PT10M4S")).toBe(604);
    expect(parseIsoDuration("PT1H32M10S")).toBe(5530);
    expect(parseIsoDuration("P0D")).toBe(0);
    expect(parseIsoDuration("P1DT1S")).toBe(86_401);
    expect(parseIsoDuration("garbage")).toBeUndefined();
    expect(parseCountText("412K subscribers")).toBe(412_000);
    expect(parseCountText("1.23M subscribers")).toBe(1_230_000);
    expect(parseCountText("12,345 views")).toBe(12_345);
    expect(parseCountText("No views")).toBe(0);
    expect(parseRelativeDate("Streamed 3 days ago", NOW)).toBe(new Date(NOW - 3 * 86_400_000).toISOString());
    expect(parseRelativeDate("Premieres tomorrow", NOW)).toBeUndefined();
  });

  it("counts down to the next midnight in Los Angeles", () => {
    // 12:00 UTC on 2026-09-10 is 05:00 PDT → 19 hours to midnight.
    expect(secondsUntilPacificMidnight(NOW)).toBe(19 * 3600);
  });
});

// Guard that the fixtures stay what the README says they are.
it("fixtures parse as JSON", () => {
  for (const f of ["youtube-channels.json", "youtube-videos.json", "youtube-quota-exceeded.json"])
    expect(() => JSON.parse(fixture(f))).not.toThrow();
});
