/**
 * Apify as a source (issue 19 §8) against a fake Apify API on 127.0.0.1 answering
 * run-sync-get-dataset-items in the actors' documented output shapes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { profileSnapshotSchema } from "#core/schemas/snapshot";
import {
  NotConfiguredError,
  RateLimitedError,
  UpstreamChangedError,
  UpstreamUnreachableError,
} from "../errors";
import { createApifyCollector } from "./apify";
import { createHttpClient } from "./http";
import { createCollectors } from "./index";
import { type FakeUpstream, startFakeUpstream } from "./testing/fake-upstream";
import { fixtureJson, recordingLogger, testCollectorsConfig } from "./testing/helpers";

const NOW = Date.parse("2026-09-10T12:00:00Z");
const TOKEN = "apify_api_S3CRETtoken0000000000000000000";
const IG_PATH = "/v2/acts/apify~instagram-profile-scraper/run-sync-get-dataset-items";
const TT_PATH = "/v2/acts/clockworks~tiktok-profile-scraper/run-sync-get-dataset-items";

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

function apify(
  platform: "instagram" | "tiktok",
  opts: { token?: string; logger?: ReturnType<typeof recordingLogger>; timeoutMs?: number } = {},
) {
  return createApifyCollector(platform, {
    http: createHttpClient(testCollectorsConfig(fake.url, { retries: 0, timeoutMs: opts.timeoutMs ?? 2000 })),
    baseUrl: fake.url,
    token: "token" in opts ? opts.token : TOKEN,
    timeoutSec: 60,
    logger: opts.logger,
    now: () => NOW,
  });
}

describe("instagram-apify (apify/instagram-profile-scraper)", () => {
  it("runs the actor synchronously with the handle and maps the documented fields", async () => {
    fake.route("POST", IG_PATH, { status: 201, body: fixtureJson("apify-instagram-profile.json") });
    const logger = recordingLogger();
    const snap = await apify("instagram", { logger }).fetchSnapshot("instagram", "@ExampleCreator", {});
    expect(profileSnapshotSchema.safeParse(snap).success).toBe(true);
    expect(snap).toMatchObject({
      platform: "instagram",
      username: "examplecreator",
      name: "Example Creator",
      bio: "Cooking every week 🍳",
      followers: 48210,
      following: 312,
      postsCount: 411,
      verified: true,
      isPrivate: false,
      isBusiness: true,
      category: "Digital creator",
      source: "instagram-apify",
      official: false,
      provider: { name: "apify", actor: "apify/instagram-profile-scraper", costUsd: null, items: 1 },
    });
    expect(snap?.posts.map((p) => [p.id, p.type, p.likes, p.comments, p.views, p.postedAt])).toEqual([
      ["3500000000000000001", "reel", 2310, 87, 51000, "2026-09-08T17:30:00.000Z"],
      ["3500000000000000002", "carousel", 1200, 41, null, "2026-09-05T09:00:00.000Z"],
      // likesCount -1 (hidden) is unknown, not zero
      ["3500000000000000003", "photo", null, 12, null, "2026-09-01T08:15:00.000Z"],
    ]);
    // One post without a timestamp is skipped, and said so.
    expect(logger.entries.some((e) => e.obj.skipped === 1)).toBe(true);

    const req = fake.requests[0]!;
    expect(JSON.parse(req.body)).toEqual({ usernames: ["ExampleCreator"] });
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.headers["content-type"]).toBe("application/json");
    // The token is never in the URL (so never in an access log); the run has a budget.
    expect([...req.query.keys()]).not.toContain("token");
    expect(Object.fromEntries(req.query)).toMatchObject({ timeout: "60", maxItems: "1", format: "json" });
    expect(JSON.stringify(logger.entries)).not.toContain(TOKEN);
  });

  it("reports an empty dataset as the provider's failure, never as not found", async () => {
    fake.route("POST", IG_PATH, { status: 201, body: [] });
    const err = await apify("instagram")
      .fetchSnapshot("instagram", "ghost", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamUnreachableError);
    expect(err.message).toBe(
      "Apify's apify/instagram-profile-scraper returned no Instagram profile for @ghost; the account may not exist or be private, or the actor could not reach it",
    );
    fake.route("POST", IG_PATH, {
      status: 201,
      body: [
        { url: "https://www.instagram.com/ghost", error: "not_found", errorDescription: "Page not found" },
      ],
    });
    const withReason = await apify("instagram")
      .fetchSnapshot("instagram", "ghost", {})
      .catch((e) => e);
    expect(withReason.message).toContain("(Page not found)");
  });
});

describe("tiktok-apify (clockworks/tiktok-profile-scraper)", () => {
  it("maps the video items and their authorMeta", async () => {
    fake.route("POST", TT_PATH, { status: 201, body: fixtureJson("apify-tiktok-profile.json") });
    const snap = await apify("tiktok").fetchSnapshot("tiktok", "examplecreator", {});
    expect(profileSnapshotSchema.safeParse(snap).success).toBe(true);
    expect(snap).toMatchObject({
      platform: "tiktok",
      username: "examplecreator",
      name: "Example Creator",
      bio: "Cooking every week",
      verified: false,
      followers: 91200,
      following: 150,
      postsCount: 388,
      totalLikes: 2100000,
      source: "tiktok-apify",
      official: false,
      provider: { name: "apify", actor: "clockworks/tiktok-profile-scraper", costUsd: null, items: 3 },
    });
    expect(snap?.posts.map((p) => [p.id, p.views, p.likes, p.comments, p.shares, p.postedAt])).toEqual([
      ["7545000000000000001", 30000, 1000, 20, 40, "2025-09-09T06:40:00.000Z"],
      ["7545000000000000002", 30100, 1010, 21, 41, "2025-09-07T06:40:00.000Z"],
      ["7545000000000000003", 30200, 1020, 22, 42, "2025-09-05T06:40:00.000Z"],
    ]);
    expect(snap?.posts[1]).toMatchObject({ isAd: true, durationSec: 32 });
    const input = JSON.parse(fake.requests[0]!.body);
    expect(input).toMatchObject({
      profiles: ["examplecreator"],
      resultsPerPage: 30,
      shouldDownloadVideos: false,
    });
    expect(fake.requests[0]!.query.get("maxItems")).toBe("30");
  });

  it("treats items that don't match the documented shape as a changed format (zod), with a short sample", async () => {
    const logger = recordingLogger();
    fake.route("POST", TT_PATH, { status: 201, body: [{ id: "1", text: "x", authorMeta: { name: "a" } }] });
    const err = await apify("tiktok", { logger })
      .fetchSnapshot("tiktok", "a", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamChangedError);
    expect(err.message).toBe(
      "Apify sent data we couldn't read for @a; the platform may have changed its format",
    );
    fake.route("POST", TT_PATH, { status: 201, body: "<html>not json</html>" });
    expect(
      await apify("tiktok")
        .fetchSnapshot("tiktok", "a", {})
        .catch((e) => e),
    ).toBeInstanceOf(UpstreamChangedError);
    fake.route("POST", TT_PATH, { status: 201, body: { items: [] } });
    expect(
      await apify("tiktok")
        .fetchSnapshot("tiktok", "a", {})
        .catch((e) => e),
    ).toBeInstanceOf(UpstreamChangedError);
  });
});

describe("Apify failures", () => {
  it("names the token on 401, without repeating it", async () => {
    const logger = recordingLogger();
    fake.route("POST", IG_PATH, { status: 401, body: fixtureJson("apify-error-401.json") });
    const err = await apify("instagram", { logger })
      .fetchSnapshot("instagram", "x", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(NotConfiguredError);
    expect(err.message).toBe(
      "Apify refused APIFY_TOKEN (HTTP 401, user-or-token-not-found), so Instagram data for @x could not be fetched; check the token in the Apify console",
    );
    expect(err.message).not.toContain(TOKEN);
    expect(JSON.stringify(logger.entries)).not.toContain(TOKEN);
  });

  it("says so when the actor run fails, times out, runs out of credit or the actor is missing", async () => {
    fake.route("POST", TT_PATH, { status: 400, body: fixtureJson("apify-error-run-failed.json") });
    const failed = await apify("tiktok")
      .fetchSnapshot("tiktok", "x", {})
      .catch((e) => e);
    expect(failed).toBeInstanceOf(UpstreamUnreachableError);
    expect(failed.message).toBe(
      "Apify's clockworks/tiktok-profile-scraper run for @x failed: Actor run did not succeed (run ID: Xy12AbCdEfGhIjKlM, status: FAILED)",
    );
    fake.route("POST", TT_PATH, {
      status: 408,
      body: {
        error: { type: "run-timeout-exceeded", message: "Actor run exceeded the timeout of 60 seconds" },
      },
    });
    const slow = await apify("tiktok")
      .fetchSnapshot("tiktok", "x", {})
      .catch((e) => e);
    expect(slow.message).toBe(
      "Apify's clockworks/tiktok-profile-scraper run for @x did not finish within 60 seconds (APIFY_TIMEOUT_SECONDS)",
    );
    fake.route("POST", TT_PATH, {
      status: 402,
      body: {
        error: { type: "not-enough-usage-to-run-paid-actor", message: "Monthly usage limit exceeded" },
      },
    });
    const broke = await apify("tiktok")
      .fetchSnapshot("tiktok", "x", {})
      .catch((e) => e);
    expect(broke).toBeInstanceOf(NotConfiguredError);
    expect(broke.message).toContain("no credit left");
    fake.route("POST", TT_PATH, {
      status: 404,
      body: { error: { type: "record-not-found", message: "Actor was not found" } },
    });
    const missing = await apify("tiktok")
      .fetchSnapshot("tiktok", "x", {})
      .catch((e) => e);
    expect(missing.message).toBe(
      "Apify could not find the actor clockworks/tiktok-profile-scraper: Actor was not found",
    );
  });

  it("maps 429 to a rate limit naming Apify, and gives up at its own time budget", async () => {
    fake.route("POST", TT_PATH, {
      status: 429,
      headers: { "retry-after": "30" },
      body: { error: { type: "rate-limit-exceeded" } },
    });
    const limited = await apify("tiktok")
      .fetchSnapshot("tiktok", "x", {})
      .catch((e) => e);
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect(limited.message).toBe(
      "Apify is rate limiting this server while fetching @x; try again in 30 seconds",
    );

    fake.route("POST", TT_PATH, { delayMs: 1500, status: 201, body: [] });
    const hung = await apify("tiktok", { timeoutMs: 200 })
      .fetchSnapshot("tiktok", "x", {})
      .catch((e) => e);
    expect(hung).toBeInstanceOf(UpstreamUnreachableError);
    expect(fake.count(TT_PATH)).toBe(2); // never retried: a retry would be a second paid run
  });

  it("needs APIFY_TOKEN before it calls anyone", async () => {
    const err = await apify("tiktok", { token: undefined })
      .fetchSnapshot("tiktok", "x", {})
      .catch((e) => e);
    expect(err).toBeInstanceOf(NotConfiguredError);
    expect(err.message).toBe(
      "The tiktok-apify source needs APIFY_TOKEN (an Apify API token) to analyse @x; set it or remove tiktok-apify from COLLECTORS",
    );
    expect(fake.count()).toBe(0);
  });
});

describe("Apify in the chain", () => {
  it('is a named COLLECTORS entry, and "instagram"/"tiktok" put it before the scrapers when APIFY_TOKEN is set', () => {
    const ids = (order: string[], apifyToken?: string) =>
      createCollectors(testCollectorsConfig(fake.url, { order: order as never, apifyToken })).collectors.map(
        (c) => c.id,
      );
    expect(ids(["instagram-apify", "tiktok-apify"], TOKEN)).toEqual(["instagram-apify", "tiktok-apify"]);
    expect(ids(["instagram", "tiktok"], TOKEN)).toEqual([
      "instagram-apify",
      "instagram-web",
      "tiktok-apify",
      "tiktok-web",
    ]);
    expect(ids(["instagram", "tiktok"])).toEqual(["instagram-web", "tiktok-web"]);
  });

  it("does not retry a paid run on a 5xx", async () => {
    fake.route("POST", IG_PATH, { status: 502, body: "bad gateway" });
    const collectors = createCollectors(
      testCollectorsConfig(fake.url, { order: ["instagram-apify"], apifyToken: TOKEN, retries: 2 }),
    );
    const err = await collectors.fetchSnapshot("instagram", "x").catch((e) => e);
    await collectors.close();
    expect(err).toBeInstanceOf(UpstreamUnreachableError);
    expect(fake.count(IG_PATH)).toBe(1);
  });
});
