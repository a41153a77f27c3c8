import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import {
  AccountNotFoundError,
  LoginWallOrBlockedError,
  NotConfiguredError,
  UpstreamChangedError,
} from "../errors";
import { createNotFoundCache } from "../shared/not-found-cache";
import { collectorKey, createCollectorChain } from "./chain";
import { createCollectors } from "./index";
import { createSampleCollector, sampleStoreFromSnapshots } from "./sample";
import { type FakeUpstream, startFakeUpstream } from "./testing/fake-upstream";
import { fixture, fixtureJson, testCollectorsConfig } from "./testing/helpers";
import type { Collector } from "./types";

const HTML = { "content-type": "text/html; charset=utf-8" };

function sampleSnapshot(platform: Platform, username: string): ProfileSnapshot {
  return {
    platform,
    username,
    name: "Sample",
    bio: "",
    verified: false,
    isPrivate: false,
    followers: 1234,
    fetchedAt: "2026-09-01T00:00:00.000Z",
    source: "sample",
    posts: [],
  };
}

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

describe("collector chain", () => {
  it("answers a sample reached as such from the store; a typed handle goes to the live source first", async () => {
    fake.route("GET", "/@examplecreator", { body: fixture("tiktok-profile.html"), headers: HTML });
    const sampleStore = sampleStoreFromSnapshots([
      sampleSnapshot("tiktok", "demo_creator"),
      sampleSnapshot("tiktok", "examplecreator"),
    ]);
    const collectors = createCollectors(testCollectorsConfig(fake.url), { sampleStore });
    expect(collectors.collectors.map((c) => c.id)).toEqual([
      "sample",
      "youtube-innertube",
      "instagram-web",
      "tiktok-web",
    ]);
    // From a discovery row or its own link: the sample, no live request.
    const sample = await collectors.fetchSnapshot("tiktok", "@Demo_Creator", { preferSample: true });
    expect(sample.source).toBe("sample");
    expect(fake.count()).toBe(0);
    // A typed handle that a real account also uses gets the real account, not the generated one.
    const live = await collectors.fetchSnapshot("tiktok", "examplecreator");
    expect(live.source).toBe("tiktok-web");
    expect(fake.count()).toBe(1);
    // A typed sample handle the live source cannot reach (offline demo) still gets its sample.
    fake.route("GET", "/@demo_creator", { destroy: true });
    const offline = await collectors.fetchSnapshot("tiktok", "demo_creator");
    expect(offline.source).toBe("sample");
  });

  it("never lets a sample answer when the platform limits or walls us (it says nothing about the account)", async () => {
    fake.route("GET", "/@demo_creator", { body: fixture("tiktok-challenge.html"), headers: HTML });
    const sampleStore = sampleStoreFromSnapshots([sampleSnapshot("tiktok", "demo_creator")]);
    const collectors = createCollectors(testCollectorsConfig(fake.url, { order: ["sample", "tiktok"] }), {
      sampleStore,
    });
    const err = await collectors.fetchSnapshot("tiktok", "demo_creator").catch((e) => e);
    expect(err).toBeInstanceOf(LoginWallOrBlockedError);
  });

  it("lets a sample answer a handle the live platform says does not exist, and remembers the platform's word", async () => {
    fake.route("GET", "/@demo_creator", { body: fixture("tiktok-profile-not-found.html"), headers: HTML });
    const sampleStore = sampleStoreFromSnapshots([sampleSnapshot("tiktok", "demo_creator")]);
    const collectors = createCollectors(testCollectorsConfig(fake.url, { order: ["sample", "tiktok"] }), {
      sampleStore,
    });
    expect((await collectors.fetchSnapshot("tiktok", "demo_creator")).source).toBe("sample");
    expect((await collectors.fetchSnapshot("tiktok", "demo_creator")).source).toBe("sample");
    expect(fake.count()).toBe(1);
  });

  it("explains when no source could serve the account", async () => {
    const declines: Collector = {
      id: "youtube-api",
      kind: "live",
      platforms: ["youtube"],
      fetchSnapshot: async () => null,
    };
    const chain = createCollectorChain([createSampleCollector(undefined), declines]);

    const noSource = await chain.fetchSnapshot("tiktok", "x").catch((e) => e);
    expect(noSource).toBeInstanceOf(AccountNotFoundError); // only the sample collector serves TikTok
    expect(noSource.message).toBe(
      "No data source could analyse @x on TikTok: it is not one of the sample creators, and live TikTok collection is not enabled",
    );

    const declined = await chain.fetchSnapshot("youtube", "@x").catch((e) => e);
    expect(declined).toBeInstanceOf(NotConfiguredError);
    expect(declined.message).toMatch(
      /^No data source could analyse @x on YouTube: none of the enabled sources \(youtube-api, sample\)/,
    );

    const empty = await createCollectorChain([])
      .fetchSnapshot("instagram", "x")
      .catch((e) => e);
    expect(empty).toBeInstanceOf(NotConfiguredError);
    expect(empty.message).toBe(
      "No data source could analyse @x on Instagram: no Instagram source is enabled (see COLLECTORS)",
    );
  });

  it("stops at the first thrown error (final) without asking later collectors", async () => {
    let asked = 0;
    const chain = createCollectorChain([
      {
        id: "a",
        platforms: ["tiktok"],
        fetchSnapshot: async () => {
          throw new AccountNotFoundError("No TikTok account @x was found");
        },
      },
      {
        id: "b",
        platforms: ["tiktok"],
        fetchSnapshot: async () => {
          asked++;
          return sampleSnapshot("tiktok", "x");
        },
      },
    ]);
    await expect(chain.fetchSnapshot("tiktok", "x")).rejects.toBeInstanceOf(AccountNotFoundError);
    expect(asked).toBe(0);
  });

  it("rejects a collector's snapshot that breaks the contract", async () => {
    const chain = createCollectorChain([
      {
        id: "broken",
        platforms: ["tiktok"],
        fetchSnapshot: async () => ({ ...sampleSnapshot("tiktok", "x"), followers: -1 }),
      },
    ]);
    const err = await chain.fetchSnapshot("tiktok", "x").catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamChangedError);
    expect(err.sample).toContain("followers");
  });

  it("makes exactly 1 upstream request for 10 concurrent fetches of one handle (single-flight)", async () => {
    fake.route("GET", "/@examplecreator", {
      body: fixture("tiktok-profile.html"),
      headers: HTML,
      delayMs: 50,
    });
    const collectors = createCollectors(testCollectorsConfig(fake.url, { order: ["tiktok"] }));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        collectors.fetchSnapshot("tiktok", i % 2 ? "@ExampleCreator" : "examplecreator"),
      ),
    );
    expect(fake.count("/@examplecreator")).toBe(1);
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    // Settled flights are cleared: a later fetch asks again.
    await collectors.fetchSnapshot("tiktok", "examplecreator");
    expect(fake.count("/@examplecreator")).toBe(2);
  });

  it("lets one caller abort without cancelling the shared fetch for the others", async () => {
    fake.route("GET", "/@examplecreator", {
      body: fixture("tiktok-profile.html"),
      headers: HTML,
      delayMs: 80,
    });
    const collectors = createCollectors(testCollectorsConfig(fake.url, { order: ["tiktok"] }));
    const controller = new AbortController();
    const leaving = collectors
      .fetchSnapshot("tiktok", "examplecreator", { signal: controller.signal })
      .catch((e) => e);
    const staying = collectors.fetchSnapshot("tiktok", "examplecreator");
    setTimeout(() => controller.abort(), 10);
    expect((await leaving).name).toBe("AbortError");
    expect((await staying).followers).toBe(91200);
    expect(fake.count()).toBe(1);
    expect(fake.abortedCount).toBe(0);
  });

  it("cancels the upstream request when every caller has aborted", async () => {
    fake.route("GET", "/@examplecreator", { delayMs: 2000 });
    const collectors = createCollectors(
      testCollectorsConfig(fake.url, { order: ["tiktok"], timeoutMs: 5000 }),
    );
    const controller = new AbortController();
    const a = collectors
      .fetchSnapshot("tiktok", "examplecreator", { signal: controller.signal })
      .catch((e) => e);
    const b = collectors
      .fetchSnapshot("tiktok", "examplecreator", { signal: controller.signal })
      .catch((e) => e);
    await new Promise((r) => setTimeout(r, 30));
    controller.abort();
    expect((await a).name).toBe("AbortError");
    expect((await b).name).toBe("AbortError");
    const end = Date.now() + 1000;
    while (fake.abortedCount === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(fake.abortedCount).toBe(1);
  });

  it("remembers a missing handle for a day and does not fetch it again", async () => {
    fake.route("GET", "/api/v1/users/web_profile_info/", {
      body: fixtureJson("instagram-web-profile-not-found.json"),
    });
    let now = Date.parse("2026-09-01T00:00:00Z");
    const collectors = createCollectors(testCollectorsConfig(fake.url, { order: ["instagram"] }), {
      now: () => now,
      notFoundCache: createNotFoundCache({ ttlMs: 86_400_000, now: () => now }),
    });
    for (let i = 0; i < 3; i++) {
      const err = await collectors.fetchSnapshot("instagram", "Ghost").catch((e) => e);
      expect(err).toBeInstanceOf(AccountNotFoundError);
      expect(err.message).toBe("No Instagram account @Ghost was found");
    }
    expect(fake.count()).toBe(1);
    // An admin refresh bypasses the cache.
    await collectors
      .fetchSnapshot("instagram", "ghost", { bypassNotFoundCache: true })
      .catch(() => undefined);
    expect(fake.count()).toBe(2);
    // A day later the platform is asked again.
    now += 86_400_001;
    await collectors.fetchSnapshot("instagram", "ghost").catch(() => undefined);
    expect(fake.count()).toBe(3);
  });

  it("does not negative-cache blocks or outages: a block quiets the source, then it is asked again", async () => {
    fake.route("GET", "/@x", { body: fixture("tiktok-challenge.html"), headers: HTML });
    let t = Date.parse("2026-11-26T14:00:00Z");
    const collectors = createCollectors(testCollectorsConfig(fake.url, { order: ["tiktok"] }), {
      now: () => t,
    });
    await collectors.fetchSnapshot("tiktok", "x").catch(() => undefined);
    const quiet = await collectors.fetchSnapshot("tiktok", "x").catch((e) => e);
    expect(quiet.message).toBe(
      "TikTok is limiting this server until 14:15 UTC (source tiktok-web); reports from it resume then.",
    );
    expect(fake.count()).toBe(1);
    t += 16 * 60_000;
    await collectors.fetchSnapshot("tiktok", "x").catch(() => undefined);
    expect(fake.count()).toBe(2);
  });
});

describe("createCollectors", () => {
  it("refuses unknown collector names with a clear message", () => {
    expect(() => createCollectors({ order: ["sample", "myspace"] })).toThrow(
      'COLLECTORS has unknown collector(s) "myspace"; use any of sample, youtube,',
    );
  });

  it("uses the real hosts by default", () => {
    const c = createCollectors({});
    expect(c.collectors.map((x) => x.id)).toEqual([
      "sample",
      "youtube-innertube",
      "instagram-web",
      "tiktok-web",
    ]);
  });
});

describe("collectorKey", () => {
  it("folds handle case but keeps YouTube ids exact", () => {
    expect(collectorKey("tiktok", "@Foo")).toBe("tiktok:handle:foo");
    expect(collectorKey("youtube", "UCabcdefghijklmnopqrstuv")).toBe(
      "youtube:handle:UCabcdefghijklmnopqrstuv",
    );
    expect(collectorKey("youtube", "AbC123xyz_-", "video")).toBe("youtube:video:AbC123xyz_-");
  });
});
