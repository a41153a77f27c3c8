/**
 * The sources as an operator sees them (issue 19 §6): Instagram's 2026 refusal of creator and
 * business accounts, provenance marking unofficial sources, and the descriptor list the admin's
 * sources panel reads.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { NotConfiguredError } from "../errors";
import { COLLECTOR_DESCRIPTORS, collectorsConfigFromApp, createCollectors, SOURCE_NAMES } from "./index";
import { type FakeUpstream, startFakeUpstream } from "./testing/fake-upstream";
import { fixture, fixtureJson, recordingLogger, testCollectorsConfig } from "./testing/helpers";
import { AnonymousProfileUnavailableError } from "./upstream-errors";

const WEB_PATH = "/api/v1/users/web_profile_info/";
const NOW = Date.parse("2026-09-10T12:00:00Z");

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

describe("Instagram's 2026 HTTP 400 for creator and business accounts", () => {
  it("says Instagram no longer serves the profile anonymously and what to configure, and never caches it as not found", async () => {
    fake.route("GET", WEB_PATH, { status: 400, body: fixtureJson("instagram-web-400-business.json") });
    const logger = recordingLogger();
    const collectors = createCollectors(testCollectorsConfig(fake.url, { order: ["instagram-web"] }), {
      logger,
      now: () => NOW,
    });
    try {
      const err = await collectors.fetchSnapshot("instagram", "brandaccount").catch((e) => e);
      expect(err).toBeInstanceOf(AnonymousProfileUnavailableError);
      expect(err).toBeInstanceOf(NotConfiguredError);
      expect(err.message).toBe(
        "Instagram no longer serves @brandaccount's profile anonymously — configure the Graph API or a data provider (INSTAGRAM_ACCESS_TOKEN and INSTAGRAM_BUSINESS_ACCOUNT_ID or APIFY_TOKEN with instagram-apify in COLLECTORS)",
      );
      expect(err.status).toBe(503);
      // Asked again a moment later: Instagram is asked again (no not-found cache entry).
      fake.route("GET", WEB_PATH, { body: fixtureJson("instagram-web-profile.json") });
      const snap = await collectors.fetchSnapshot("instagram", "brandaccount");
      expect(snap.followers).toBe(58210);
      expect(fake.count(WEB_PATH)).toBe(2);
      expect(logger.entries.some((e) => /refused the profile to anonymous access/.test(e.msg))).toBe(true);
      // The request is the profile page's own XHR: same-origin fetch metadata, the web app id.
      expect(fake.requests[0]?.headers).toMatchObject({
        "x-ig-app-id": "936619743392459",
        "x-requested-with": "XMLHttpRequest",
        "sec-fetch-mode": "cors",
        "sec-fetch-site": "same-origin",
      });
    } finally {
      await collectors.close();
    }
  });

  it("leaves out the advice already followed", async () => {
    fake.route("GET", WEB_PATH, { status: 400, body: fixtureJson("instagram-web-400-business.json") });
    const collectors = createCollectors(
      testCollectorsConfig(fake.url, { order: ["instagram-web"], apifyToken: "t" }),
      { now: () => NOW },
    );
    const err = await collectors.fetchSnapshot("instagram", "brandaccount").catch((e) => e);
    await collectors.close();
    expect(err.message).toBe(
      "Instagram no longer serves @brandaccount's profile anonymously — configure the Graph API or a data provider (INSTAGRAM_ACCESS_TOKEN and INSTAGRAM_BUSINESS_ACCOUNT_ID)",
    );
  });

  it("keeps a 400 that asks for a challenge a block, as before", async () => {
    fake.route("GET", WEB_PATH, { status: 400, body: { message: "checkpoint_required", status: "fail" } });
    const collectors = createCollectors(testCollectorsConfig(fake.url, { order: ["instagram-web"] }));
    const err = await collectors.fetchSnapshot("instagram", "someone").catch((e) => e);
    await collectors.close();
    expect(err).not.toBeInstanceOf(AnonymousProfileUnavailableError);
    expect(err.code).toBe("UPSTREAM_BLOCKED");
  });
});

describe("provenance", () => {
  it("marks snapshots from unofficial sources official: false and from the platforms' APIs official: true", async () => {
    fake.route("GET", "/@examplecreator", {
      body: fixture("tiktok-profile.html"),
      headers: { "content-type": "text/html" },
    });
    fake.route("GET", "/youtube/v3/channels", { body: fixtureJson("youtube-channels.json") });
    fake.route("GET", "/youtube/v3/playlistItems", { body: fixtureJson("youtube-playlist-items.json") });
    fake.route("GET", "/youtube/v3/videos", { body: fixtureJson("youtube-videos.json") });
    const collectors = createCollectors(
      testCollectorsConfig(fake.url, { order: ["youtube-api", "tiktok-web"], youtubeApiKey: "k" }),
      { now: () => NOW },
    );
    try {
      const yt = await collectors.fetchSnapshot("youtube", "examplecreator");
      const tt = await collectors.fetchSnapshot("tiktok", "examplecreator");
      expect([yt.source, yt.official]).toEqual(["youtube-api", true]);
      expect([tt.source, tt.official]).toEqual(["tiktok-web", false]);
      expect(collectors.collectors.map((c) => [c.id, c.official])).toEqual([
        ["youtube-api", true],
        ["tiktok-web", false],
      ]);
    } finally {
      await collectors.close();
    }
  });
});

describe("COLLECTOR_DESCRIPTORS (the admin's sources panel)", () => {
  it("describes every source once, with its platform and whether it is official", () => {
    expect(COLLECTOR_DESCRIPTORS.map((d) => d.name).sort()).toEqual([...SOURCE_NAMES].sort());
    expect(COLLECTOR_DESCRIPTORS.filter((d) => d.official).map((d) => d.name)).toEqual([
      "youtube-api",
      "instagram-graph",
    ]);
    expect(COLLECTOR_DESCRIPTORS.find((d) => d.name === "tiktok-embed")?.platform).toBe("tiktok");
  });

  it("says which sources the configuration enables", () => {
    const configured = (env: Record<string, string>) => {
      const app = loadConfig(env, () => "s".repeat(64));
      const byApp = COLLECTOR_DESCRIPTORS.filter((d) => d.configured(app)).map((d) => d.name);
      const byCollectors = COLLECTOR_DESCRIPTORS.filter((d) => d.configured(collectorsConfigFromApp(app)));
      expect(byCollectors.map((d) => d.name)).toEqual(byApp);
      return byApp;
    };
    expect(configured({})).toEqual(["youtube-innertube", "instagram-web", "tiktok-web", "tiktok-embed"]);
    expect(
      configured({
        YOUTUBE_API_KEY: "k",
        INSTAGRAM_ACCESS_TOKEN: "t",
        INSTAGRAM_BUSINESS_ACCOUNT_ID: "1",
        APIFY_TOKEN: "a",
      }),
    ).toEqual([...SOURCE_NAMES]);
    expect(COLLECTOR_DESCRIPTORS.find((d) => d.name === "instagram-apify")?.needs).toBe("APIFY_TOKEN");
  });
});
