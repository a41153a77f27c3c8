/**
 * Freshness (issue #35 item 5) against a YouTube Data API stand-in on 127.0.0.1: the growth job
 * re-reads profile rows weekly for creators on a list, monthly for the rest, within its budget; a
 * growth row of YouTube's API older than 30 days that could not be refreshed is removed.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeUpstream, startFakeUpstream } from "../../collectors/testing/fake-upstream";
import { accounts, creatorListItems, creatorLists, users, workspaces } from "../../db/schema";
import { startTestApp, type TestAppHandle } from "../../testing/test-app";
import { testedDatabaseKinds } from "../../testing/test-db";
import { purgeStaleGrowthYouTubeRows } from "./index-rows";
import { routeYouTubeWeb } from "./testing/fake-youtube-web";

const DAY = 86_400_000;

describe.each(testedDatabaseKinds())("profile rows stay fresh on %s", (kind) => {
  let upstream: FakeUpstream;
  let h: TestAppHandle;
  const ago = (days: number) => new Date(Date.now() - days * DAY);

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    routeYouTubeWeb(upstream, [
      { handle: "listed", subscribers: 91_000 },
      { handle: "monthly", subscribers: 92_000 },
      { handle: "weekold", subscribers: 93_000 },
    ]);
    h = await startTestApp(kind, {
      env: {
        YOUTUBE_API_KEY: "test-key",
        YOUTUBE_API_BASE_URL: upstream.url,
        COLLECTORS: "youtube-api",
        UPSTREAM_RETRIES: "0",
        INDEX_GROWTH_PER_DAY: "10",
      },
      seed: async ({ db }) => {
        const row = (username: string, days: number) => ({
          platform: "youtube",
          username,
          name: username,
          followers: 1_000,
          source: "youtube-api",
          origin: "growth" as const,
          lastFetchedAt: ago(days),
        });
        await db
          .insert(accounts)
          .values([row("listed", 8), row("monthly", 29), row("weekold", 8), row("stale", 31)]);
        const [u] = await db.insert(users).values({ email: "a@example.com" }).returning({ id: users.id });
        const [w] = await db
          .insert(workspaces)
          .values({ name: "Personal", kind: "personal", createdBy: u!.id })
          .returning({ id: workspaces.id });
        const [list] = await db
          .insert(creatorLists)
          .values({ userId: u!.id, workspaceId: w!.id, name: "Q1" })
          .returning();
        await db
          .insert(creatorListItems)
          .values({ listId: list!.id, platform: "youtube", username: "listed" });
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await upstream?.close();
  });

  it("re-reads a listed row after a week and the rest after 28 days; removes YouTube rows past 30 days", async () => {
    await h.app.jobs.enqueueGrowth();
    const followers = async (username: string) =>
      (
        await h.database.db
          .select({ f: accounts.followers })
          .from(accounts)
          .where(eq(accounts.username, username))
      )[0]?.f;
    for (let i = 0; i < 300 && (await followers("listed")) !== 91_000; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(await followers("listed")).toBe(91_000);
    expect(await followers("monthly")).toBe(92_000);
    expect(await followers("weekold")).toBe(1_000); // not on a list: a week is not due yet
    // "stale" could not be refreshed (the stand-in does not know it): the housekeeping, which runs
    // at start, removed it; and removes another such row, but not a fresh one.
    expect(await followers("stale")).toBeUndefined();
    await h.database.db.insert(accounts).values({
      platform: "youtube",
      username: "stale2",
      name: "stale2",
      followers: 1,
      source: "youtube-api",
      origin: "growth",
      lastFetchedAt: ago(31),
    });
    expect(await purgeStaleGrowthYouTubeRows(h.database.db, new Date())).toBe(1);
    expect(await followers("stale2")).toBeUndefined();
    expect(await followers("monthly")).toBe(92_000);
  });
});
