import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../db/database";
import { accounts } from "../db/schema";
import { pglitePool } from "./pglite-pool";

/** Decision 058: a reused test engine is as the template was, or it is not reused. */
describe("test PGlite pool", () => {
  let opened = 0;
  const pool = pglitePool(() => {
    opened += 1;
    const blob = new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
    return openDatabase({ dataDir: "memory://", loadDataDir: blob, migrate: false });
  });
  const leases: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const lease of leases) await lease.close();
    // The pool's idle engines: lease them all and close them past the pool's limit.
    const rest = await Promise.all(Array.from({ length: pool.idle() }, () => pool.lease()));
    for (const r of rest) await r.pglite!.close();
  });

  const account = (username: string) => ({
    platform: "instagram",
    username,
    source: "test",
    followers: 1000,
  });
  const query = async <T>(
    database: { pglite?: { query<R>(q: string): Promise<{ rows: R[] }> } },
    q: string,
  ) => (await database.pglite!.query<T>(q)).rows;

  it("hands a closed database's engine to the next lease, emptied: rows, sequences, statistics and session state as new", async () => {
    const first = await pool.lease();
    expect(opened).toBe(1);
    await first.db.insert(accounts).values([account("one"), account("two")]);
    await first.db.execute(sql`vacuum (analyze) accounts`);
    await first.pglite!.query("set application_name = 'left-behind'");
    expect(
      (
        await query<{ n: number }>(
          first,
          "select count(*)::int as n from pg_statistic s join pg_class c on c.oid = s.starelid where c.relname = 'accounts'",
        )
      )[0]!.n,
    ).toBeGreaterThan(0);
    await first.close();
    expect(pool.idle()).toBe(1);

    const second = await pool.lease();
    leases.push(second);
    expect(opened).toBe(1);
    expect(await query(second, "select username from accounts")).toEqual([]);
    const [row] = await second.db.insert(accounts).values(account("three")).returning({ id: accounts.id });
    expect(row!.id).toBe(1);
    expect(
      (
        await query<{ n: number }>(
          second,
          "select count(*)::int as n from pg_statistic s join pg_class c on c.oid = s.starelid where c.relname = 'accounts'",
        )
      )[0]!.n,
    ).toBe(0);
    expect(
      (await query<{ application_name: string }>(second, "show application_name"))[0]!.application_name,
    ).not.toBe("left-behind");
  });

  it("refuses every call on a database once it is closed, so a late write cannot reach the next test's", async () => {
    const database = await pool.lease();
    await database.close();
    await expect(database.db.insert(accounts).values(account("late"))).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/closed/) },
    });
    await expect(database.pglite!.query("select 1")).rejects.toThrow(/closed/);
  });

  it("closes instead of reusing an engine whose catalog a test changed, or that a test closed itself", async () => {
    const changed = await pool.lease();
    await changed.pglite!.query("create table left_behind (id int)");
    const before = pool.idle();
    await changed.close();
    expect(pool.idle()).toBe(before);

    const closedByTest = await pool.lease();
    await closedByTest.pglite!.close();
    const idleNow = pool.idle();
    await closedByTest.close();
    expect(pool.idle()).toBe(idleNow);

    const next = await pool.lease();
    leases.push(next);
    expect(await query(next, "select to_regclass('left_behind') as t")).toEqual([{ t: null }]);
  });
});
