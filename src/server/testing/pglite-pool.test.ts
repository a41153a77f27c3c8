import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { type Database, openDatabase } from "../db/database";
import { rowsOf } from "../db/rows";
import { accounts } from "../db/schema";
import { pglitePool } from "./pglite-pool";

/** Decision 058: a reused test engine is as the template was, or it is not reused. */

const account = (username: string) => ({ platform: "instagram", username, source: "test", followers: 1000 });
const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  rowsOf<T>(await database.db.execute(query));
const statisticsOfAccounts = async (database: Database) =>
  (
    await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from pg_statistic s join pg_class c on c.oid = s.starelid where c.relname = 'accounts'`,
    )
  )[0]!.n;

function countingPool() {
  let opened = 0;
  const pool = pglitePool(() => {
    opened += 1;
    const blob = new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
    return openDatabase({ dataDir: "memory://", loadDataDir: blob, migrate: false });
  });
  return { pool, opened: () => opened };
}

describe("test PGlite pool", () => {
  const { pool, opened } = countingPool();
  const open: Database[] = [];
  afterAll(async () => {
    for (const database of open) await database.close();
  });

  it("hands a closed database's engine to the next lease, emptied: rows, sequences, statistics and session state as new", async () => {
    const first = await pool.lease();
    expect(opened()).toBe(1);
    await first.db.insert(accounts).values([account("one"), account("two")]);
    await first.db.execute(sql`vacuum (analyze) accounts`);
    await first.db.execute(sql`set application_name = 'left-behind'`);
    expect(await statisticsOfAccounts(first)).toBeGreaterThan(0);
    await first.close();
    expect(pool.idle()).toBe(1);

    const second = await pool.lease();
    open.push(second);
    expect(opened()).toBe(1);
    expect(await rows(second, sql`select username from accounts`)).toEqual([]);
    const [row] = await second.db.insert(accounts).values(account("three")).returning({ id: accounts.id });
    expect(row!.id).toBe(1);
    expect(await statisticsOfAccounts(second)).toBe(0);
    const [setting] = await rows<{ application_name: string }>(second, sql`show application_name`);
    expect(setting!.application_name).not.toBe("left-behind");
  });

  it("refuses every call on a database once it is closed, so a late write cannot reach the next test's", async () => {
    const database = await pool.lease();
    await database.close();
    await expect(database.db.insert(accounts).values(account("late"))).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/closed/) },
    });
    await expect(database.pglite!.query("select 1")).rejects.toThrow(/closed/);
    const next = await pool.lease();
    open.push(next);
    expect(await rows(next, sql`select username from accounts`)).toEqual([]);
  });

  it("does not reuse an engine whose catalog or access rights a test changed", async () => {
    for (const change of [
      sql`create table left_behind (id int)`,
      sql`alter table accounts add column left_behind int`,
      sql`grant select on accounts to public`,
    ]) {
      const changed = await pool.lease();
      await changed.db.execute(change);
      const idleBefore = pool.idle();
      await changed.close();
      expect(pool.idle()).toBe(idleBefore);
    }
    const next = await pool.lease();
    open.push(next);
    expect(await rows(next, sql`select to_regclass('left_behind') as t`)).toEqual([{ t: null }]);
  });

  it("does not reuse an engine a test closed itself", async () => {
    const own = countingPool();
    const closedByTest = await own.pool.lease();
    await closedByTest.pglite!.close();
    await closedByTest.close();
    expect(own.pool.idle()).toBe(0);
  });
});
