import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureSnapshot, storedReportOf } from "../ai/testing/fixtures";
import { createTestDatabase, testedDatabaseKinds } from "../testing/test-db";
import { DataDirLockedError } from "./data-dir-lock";
import { type Database, DatabaseOpenError, openDatabase } from "./database";
import { accountSnapshots, accounts, history, posts, reports, reportUsage, sessions, users } from "./schema";

describe.each(testedDatabaseKinds())("schema and queries on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("stores and reads every table with the same Drizzle code", async () => {
    const { db } = database;
    const [user] = await db.insert(users).values({ email: "ana@example.com", name: "Ana" }).returning();
    expect(user!.id).toMatch(/^[0-9a-f-]{36}$/);
    await db
      .insert(sessions)
      .values({ idHash: "h1", userId: user!.id, expiresAt: new Date(Date.now() + 1000) });
    const [account] = await db
      .insert(accounts)
      .values({
        platform: "instagram",
        username: "natgeo",
        followers: 280_000_000,
        countries: ["United States"],
        source: "test",
      })
      .returning();
    expect(account!.followers).toBe(280_000_000);
    expect(account!.countries).toEqual(["United States"]);
    await db.insert(posts).values({
      accountId: account!.id,
      externalId: "p1",
      type: "reel",
      postedAt: new Date("2026-01-01T00:00:00Z"),
      likes: null,
      comments: 5,
    });
    await db.insert(accountSnapshots).values({
      accountId: account!.id,
      fetchedAt: new Date(),
      source: "test",
      followers: 1,
      data: { hello: "world" },
    });
    const report = storedReportOf(fixtureSnapshot());
    await db.insert(reports).values({ accountId: account!.id, engineVersion: "1", report });
    await db.insert(history).values({ userId: user!.id, accountId: account!.id });
    await db.insert(reportUsage).values({ subject: `user:${user!.id}`, day: "2026-11-22", count: 1 });

    const [post] = await db.select().from(posts).where(eq(posts.accountId, account!.id));
    expect(post!.likes).toBeNull();
    const [rep] = await db.select().from(reports).orderBy(desc(reports.createdAt)).limit(1);
    expect(rep!.report).toEqual(report);
  });

  it("enforces one account per platform and handle", async () => {
    const row = { platform: "tiktok", username: "dup", source: "test" };
    await database.db.insert(accounts).values(row);
    await expect(database.db.insert(accounts).values(row)).rejects.toThrow();
  });

  it("rolls back a failed transaction completely", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(accounts).values({ platform: "youtube", username: "rollback", source: "test" });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const rows = await database.db.select().from(accounts).where(eq(accounts.username, "rollback"));
    expect(rows).toHaveLength(0);
  });

  it("increments a usage counter atomically under concurrency", async () => {
    const bump = () =>
      database.db.execute(
        sql`insert into report_usage (subject, day, count) values ('visitor:x', '2026-11-22', 1)
            on conflict (subject, day) do update set count = report_usage.count + 1`,
      );
    await Promise.all(Array.from({ length: 20 }, bump));
    const [row] = await database.db.select().from(reportUsage).where(eq(reportUsage.subject, "visitor:x"));
    expect(row!.count).toBe(20);
  });
});

describe("embedded database folder (PGlite)", () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), "app-db-"));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("keeps data across a close and reopen, and refuses a second owner while open", async () => {
    const dir = tmp();
    const first = await openDatabase({ dataDir: dir });
    await first.db.insert(users).values({ email: "keep@example.com" });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`is in use by process ${process.pid}`);
    await first.close();
    expect(fs.existsSync(path.join(dir, "app.lock"))).toBe(false);

    const second = await openDatabase({ dataDir: dir });
    const rows = await second.db.select().from(users);
    expect(rows.map((r) => r.email)).toEqual(["keep@example.com"]);
    await second.close();
  }, 60_000);

  it("takes over the stale lock of a process that no longer runs", async () => {
    const dir = tmp();
    fs.writeFileSync(
      path.join(dir, "app.lock"),
      JSON.stringify({ pid: 2_147_483_000, host: os.hostname(), startedAt: "2020-01-01T00:00:00Z" }),
    );
    const database = await openDatabase({ dataDir: dir });
    expect(database.notices.join(" ")).toContain("Took over a stale lock of process 2147483000");
    await database.close();
  }, 60_000);

  it("sets an interrupted first initialisation aside instead of deleting it", async () => {
    const dir = tmp();
    fs.mkdirSync(path.join(dir, "pgdata"));
    fs.writeFileSync(path.join(dir, "pgdata", "half-written"), "x");
    const database = await openDatabase({ dataDir: dir });
    expect(database.notices.join(" ")).toMatch(/moved it aside to .*pgdata\.incomplete-/);
    await database.close();
    const aside = fs.readdirSync(dir).find((f) => f.startsWith("pgdata.incomplete-"));
    expect(aside).toBeDefined();
    expect(fs.readFileSync(path.join(dir, aside!, "half-written"), "utf8")).toBe("x");
  }, 60_000);

  it("explains how to recover when the folder will not open", async () => {
    const dir = tmp();
    fs.mkdirSync(path.join(dir, "pgdata"));
    fs.writeFileSync(path.join(dir, "pgdata", "PG_VERSION"), "garbage\n");
    fs.writeFileSync(path.join(dir, "app-initialised"), "yes");
    const attempt = openDatabase({ dataDir: dir });
    await expect(attempt).rejects.toThrow(DatabaseOpenError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/move the folder aside .*restore a backup/);
    expect(fs.existsSync(path.join(dir, "app.lock"))).toBe(false);
  }, 60_000);
});

describe.runIf(Boolean(process.env.DATABASE_URL))("migrations on PostgreSQL", () => {
  it("are applied once when several instances start together", async () => {
    const base = await createTestDatabase("postgres");
    const dbName = (await base.pool!.query("select current_database() as n")).rows[0].n as string;
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${dbName}`;
    const opened = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), dataDir: "memory://", poolSize: 2 })),
    );
    const rows = await base.pool!.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(rows.rows[0].n).toBeGreaterThanOrEqual(1);
    const hashes = await base.pool!.query("select hash from drizzle.__drizzle_migrations");
    expect(new Set(hashes.rows.map((r: { hash: string }) => r.hash)).size).toBe(hashes.rows.length);
    for (const o of opened) await o.close();
    await base.close();
  });
});
