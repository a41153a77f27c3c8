/**
 * A seed or an import leaves accounts vacuumed and analysed: the planner knows the new rows and the
 * visibility map covers every page, so discovery's counts and rankings read only their indexes right
 * away (PGlite has no autovacuum to get there later).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { importFile } from "../import/import-service";
import { seedSampleAccounts } from "../samples/sample-service";
import { createTestDatabase, testedDatabaseKinds } from "../testing/test-db";
import { queryRows } from "./sql";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-maintenance-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function tableState(database: Database) {
  const [row] = await queryRows<{ pages: number; visible: number; tuples: number }>(
    database.db,
    sql`select relpages as pages, relallvisible as visible, reltuples::int as tuples
        from pg_class where oid = 'accounts'::regclass`,
  );
  return row!;
}

describe.each(testedDatabaseKinds())("accounts after bulk writes on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("a sample seed leaves the table analysed and all-visible", async () => {
    await seedSampleAccounts(database.db, {
      count: 400,
      now: new Date("2026-11-25T00:00:00Z"),
      indexFields: () => ({ industry: "Food", engagementRate: 2, grade: "B", countries: ["Canada"] }),
    });
    const state = await tableState(database);
    expect(state.tuples).toBe(400);
    expect(state.pages).toBeGreaterThan(0);
    expect(state.visible).toBe(state.pages);
  });

  it("an import does too", async () => {
    const lines = ["platform,username,followers,industry"];
    for (let i = 0; i < 300; i++) lines.push(`instagram,imported_${i},${1000 + i * 37},Fitness`);
    const file = path.join(dir, "creators.csv");
    fs.writeFileSync(file, lines.join("\n"));
    const result = await importFile(database.db, file);
    expect(result.inserted).toBe(300);
    const state = await tableState(database);
    expect(state.tuples).toBe(700);
    expect(state.visible).toBe(state.pages);
  });
});
