/**
 * Issue #35 item 5 (part): YouTube API data a search added and nobody refreshed within 30 days is
 * deleted, as YouTube's developer policies ask; reported, watched and fresher rows stay.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database";
import { accounts, users, watchlistAccounts, watchlists } from "../../db/schema";
import { createTestDatabase } from "../../testing/test-db";
import { createWorkspaceService } from "../../workspaces/workspace-service";
import { purgeStaleYouTubeProfiles } from "./expand-service";

const NOW = new Date("2026-11-27T12:00:00Z");
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

describe("purgeStaleYouTubeProfiles", () => {
  let database: Database;
  const personalOf = (userId: string) =>
    createWorkspaceService({ db: database.db, now: () => new Date() }).ensurePersonal(userId);
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("deletes search-found YouTube profiles older than 30 days, and nothing else", async () => {
    const base = { platform: "youtube", source: "youtube-api", followers: 20_000 } as const;
    const rows = await database.db
      .insert(accounts)
      .values([
        { ...base, username: "stale", origin: "search", lastFetchedAt: daysAgo(31) },
        { ...base, username: "fresh", origin: "search", lastFetchedAt: daysAgo(29) },
        {
          ...base,
          username: "reported",
          origin: "search",
          lastFetchedAt: daysAgo(40),
          lastAnalyzedAt: daysAgo(40),
        },
        { ...base, username: "imported", origin: "import", lastFetchedAt: daysAgo(40) },
        { ...base, username: "watched", origin: "search", lastFetchedAt: daysAgo(40) },
      ])
      .returning({ id: accounts.id, username: accounts.username });
    const [user] = await database.db
      .insert(users)
      .values({ email: "w@example.com" })
      .returning({ id: users.id });
    const [list] = await database.db
      .insert(watchlists)
      .values({
        userId: user!.id,
        workspaceId: await personalOf(user!.id),
        name: "Watched",
        cadence: "weekly",
      })
      .returning({ id: watchlists.id });
    await database.db
      .insert(watchlistAccounts)
      .values({ watchlistId: list!.id, accountId: rows.find((r) => r.username === "watched")!.id });

    expect(await purgeStaleYouTubeProfiles(database.db, NOW)).toBe(1);
    const left = (await database.db.execute(
      sql`select username from accounts order by username`,
    )) as unknown as {
      rows: { username: string }[];
    };
    expect(left.rows.map((r) => r.username)).toEqual(["fresh", "imported", "reported", "watched"]);
  });
});
