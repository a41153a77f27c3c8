import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { accounts, posts } from "../db/schema";
import { createTestDatabase, testedDatabaseKinds } from "../testing/test-db";
import { importFile } from "./import-service";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-import-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const CSV = `platform,username,name,followers,industry,engagementRate,countries,verified
instagram,@Yoga.With.Ana,Ana,"12,500",fitness,3.4%,United States;Canada,yes
tiktok,chef_bo,Bo,88000,Food,,Mexico,no
youtube,TechTalks,Tech Talks,1200000,Technology,2.1,,true
myspace,tom,Tom,1,,,,
instagram,bad handle!,X,10,,,,
instagram,negative,N,-5,,,,
tiktok,toohigh,T,100,,150,,
instagram,unknown_industry,U,100,Underwater Basket Weaving,,,
`;

describe.each(testedDatabaseKinds())("import on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("imports the good rows of a CSV and lists the bad ones by line", async () => {
    const result = await importFile(database.db, write("creators.csv", CSV));
    expect(result).toMatchObject({ rows: 8, inserted: 3, updated: 0, unchanged: 0, skippedLive: 0 });
    expect(result.bad).toEqual([
      { line: 5, reason: "platform: must be one of instagram, tiktok, youtube" },
      { line: 6, reason: 'username: "bad handle!" is not a valid instagram handle' },
      { line: 7, reason: "followers: must not be negative" },
      { line: 8, reason: "engagementRate: must be a percentage from 0 to 100" },
      { line: 9, reason: expect.stringMatching(/^industry: must be one of the industries/) },
    ]);
    const [ana] = await database.db.select().from(accounts).where(eq(accounts.username, "yoga.with.ana"));
    expect(ana).toMatchObject({
      platform: "instagram",
      name: "Ana",
      followers: 12500,
      industry: "Fitness",
      countries: ["United States", "Canada"],
      verified: true,
      source: "import",
      isSample: false,
    });
    expect(ana!.engagementRate).toBeCloseTo(3.4, 5);
  });

  it("changes nothing when the same file is imported again, and updates changed rows", async () => {
    const file = path.join(dir, "creators.csv");
    const again = await importFile(database.db, file);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    const changed = write("changed.csv", CSV.replace('"12,500"', "13000"));
    const third = await importFile(database.db, changed);
    expect(third).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
  });

  it("never overwrites an account analysed from live data", async () => {
    await database.db
      .insert(accounts)
      .values({ platform: "tiktok", username: "measured", followers: 5, source: "tiktok-web" });
    const result = await importFile(
      database.db,
      write("live.csv", "platform,username,followers\ntiktok,measured,999999\n"),
    );
    expect(result).toMatchObject({ inserted: 0, updated: 0, skippedLive: 1 });
    const [row] = await database.db.select().from(accounts).where(eq(accounts.username, "measured"));
    expect(row!.followers).toBe(5);
  });

  it("imports NDJSON rows with their posts and reports malformed lines", async () => {
    const lines = [
      JSON.stringify({
        platform: "instagram",
        username: "with_posts",
        followers: 5000,
        posts: [
          {
            id: "p1",
            type: "reel",
            postedAt: "2026-11-01T10:00:00Z",
            likes: 100,
            comments: 5,
            caption: "hi 👋",
          },
          { id: "p2", type: "photo", postedAt: "2026-11-03T10:00:00Z", likes: null, comments: 2 },
        ],
      }),
      "{not json",
      JSON.stringify({
        platform: "instagram",
        username: "x",
        followers: 1,
        posts: [{ id: "q", type: "gif", postedAt: "now" }],
      }),
      "",
    ];
    const result = await importFile(database.db, write("creators.ndjson", lines.join("\n")));
    expect(result).toMatchObject({ rows: 2, inserted: 1, posts: 2 });
    expect(result.bad.map((b) => b.line)).toEqual([2, 3]);
    expect(result.bad[0]!.reason).toBe("not valid JSON");
    expect(result.bad[1]!.reason).toContain("posts.0.type");
    const [acct] = await database.db.select().from(accounts).where(eq(accounts.username, "with_posts"));
    const stored = await database.db.select().from(posts).where(eq(posts.accountId, acct!.id));
    expect(stored.map((p) => [p.externalId, p.likes])).toEqual(
      expect.arrayContaining([
        ["p1", 100],
        ["p2", null],
      ]),
    );
  });

  it("keeps the last of duplicate rows in one file", async () => {
    const result = await importFile(
      database.db,
      write("dups.csv", "platform,username,followers\ntiktok,twice,1\ntiktok,twice,2\n"),
    );
    expect(result).toMatchObject({ inserted: 1, unchanged: 1 });
    const [row] = await database.db.select().from(accounts).where(eq(accounts.username, "twice"));
    expect(row!.followers).toBe(2);
  });

  it("refuses unknown file types and missing files clearly", async () => {
    await expect(importFile(database.db, write("x.xlsx", ""))).rejects.toThrow("Unsupported file type");
    await expect(importFile(database.db, path.join(dir, "nope.csv"))).rejects.toThrow("No file at");
  });
});
