import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeUpstream, startFakeUpstream } from "../collectors/testing/fake-upstream";
import { fixture } from "../collectors/testing/helpers";
import type { Database } from "../db/database";
import { users } from "../db/schema";
import { createServices, type Services } from "../services";
import { createMemorySharedState } from "../shared/shared-state";
import { testConfig } from "../testing/test-app";
import { createTestDatabase, testedDatabaseKinds } from "../testing/test-db";

/** A TikTok profile page for `handle` with `followers` (the fake TikTok on 127.0.0.1 serves it). */
function profilePage(handle: string, followers: number): string {
  return fixture("tiktok-profile.html")
    .replaceAll("examplecreator", handle)
    .replace('"followerCount": 91200', `"followerCount": ${followers}`)
    .replace('"followerCount": "91200"', `"followerCount": "${followers}"`);
}

describe.each(testedDatabaseKinds())("the report store on %s", (kind) => {
  let database: Database;
  let upstream: FakeUpstream;
  let services: Services;
  let followers = 40_000;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.route("GET", "/@store_check", async () => ({
      body: profilePage("store_check", followers),
      headers: { "content-type": "text/html" },
    }));
    database = await createTestDatabase(kind);
    const now = () => new Date();
    // The cache off: every candidate check fetches and saves again (what a stale report does).
    const config = testConfig({
      COLLECTORS: "tiktok",
      TIKTOK_BASE_URL: upstream.url,
      UPSTREAM_RETRIES: "0",
      REPORT_CACHE_DAYS: "0",
    });
    services = createServices(config, database, { now, shared: createMemorySharedState({ now }) });
  });
  afterAll(async () => {
    await database?.close();
    await upstream?.close();
  });

  const followersRead = async () =>
    JSON.parse((await services.reportStore.read("tiktok", "store_check")).body).followers as number;

  it("serves a report a web-candidate check saved, not the body cached before it (was stale up to 10 s)", async () => {
    await services.reports.analyzeCandidate("tiktok", "store_check");
    // Read once: the serialised body is now in the short body cache.
    expect(await followersRead()).toBe(40_000);
    expect(await followersRead()).toBe(40_000);
    followers = 52_000;
    const view = await services.reports.analyzeCandidate("tiktok", "store_check");
    expect(view.followers).toBe(52_000);
    expect(await followersRead()).toBe(52_000);
  });

  it("serves an admin's capture at once too (a non-admin's stays private: capture-trust.test.ts)", async () => {
    const [admin] = await database.db
      .insert(users)
      .values({ email: "curator@example.com", name: "Ana" })
      .returning({ id: users.id });
    const snapshot = {
      platform: "tiktok" as const,
      username: "store_check",
      name: "Store Check",
      bio: "",
      verified: false,
      isPrivate: false,
      followers: 61_000,
      fetchedAt: new Date().toISOString(),
      source: "capture",
      posts: [],
    };
    expect(await followersRead()).toBe(52_000);
    await services.captures.capture(snapshot, {
      identity: { kind: "user", userId: admin!.id },
      owner: {
        userId: admin!.id,
        workspaceId: await services.workspaces.service.ensurePersonal(admin!.id),
      },
      isAdmin: true,
      displayName: "Ana",
    });
    expect(await followersRead()).toBe(61_000);
  });
});
