import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import type { Database } from "../db/database";
import { accounts } from "../db/schema";
import { createTestDatabase, testedDatabaseKinds } from "../testing/test-db";
import { createDbSampleStore, seedSampleAccounts } from "./sample-service";

const now = new Date("2026-11-22T15:30:00Z");
const indexFields = (s: { category?: string | null; followers: number }) => ({
  industry: s.category ?? "General",
  engagementRate: 1.5,
  grade: "B",
  countries: ["United States"],
});

describe.each(testedDatabaseKinds())("sample creators on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("stores what each sample creator's markets rest on (the engine's index fields, with their basis)", async () => {
    const own = await createTestDatabase(kind);
    try {
      await seedSampleAccounts(own.db, {
        count: 40,
        now,
        indexFields: (snapshot) => indexFieldsForSnapshot(snapshot, now),
      });
      const rows = await own.db
        .select({
          countries: accounts.countries,
          located: accounts.locatedCountries,
          basis: accounts.marketBasis,
        })
        .from(accounts);
      expect(rows).toHaveLength(40);
      let located = 0;
      for (const row of rows) {
        expect(row.basis.map((b) => b.country)).toEqual(row.countries);
        for (const c of row.located) expect(row.countries).toContain(c);
        located += row.located.length;
      }
      // Sample creators declare a country (their location field): most markets are located.
      expect(located).toBeGreaterThan(20);
      expect(rows.some((r) => r.basis.some((b) => b.kind === "location"))).toBe(true);
    } finally {
      await own.close();
    }
  });

  it("seeds N labelled sample accounts, idempotently, and grows to a larger N", async () => {
    const first = await seedSampleAccounts(database.db, { count: 120, now, indexFields, batchSize: 50 });
    expect(first).toEqual({ added: 120, total: 120 });
    const again = await seedSampleAccounts(database.db, { count: 120, now, indexFields });
    expect(again.added).toBe(0);
    const more = await seedSampleAccounts(database.db, { count: 150, now, indexFields });
    expect(more.added).toBe(30);
    const res = await database.db.execute(sql`select count(*)::int as n, bool_and(is_sample) as all_sample,
      bool_and(source = 'sample') as all_source from accounts`);
    expect((res as unknown as { rows: unknown[] }).rows[0]).toEqual({
      n: 150,
      all_sample: true,
      all_source: true,
    });
  });

  it("rebuilds a seeded creator's snapshot for the sample collector, as of today", async () => {
    const [row] = await database.db.select().from(accounts).where(eq(accounts.isSample, true)).limit(1);
    const store = createDbSampleStore(database.db, () => new Date("2026-12-01T09:00:00Z"));
    const snap = await store.getSampleSnapshot(row!.platform as "instagram", row!.username.toUpperCase());
    expect(snap).not.toBeNull();
    expect(snap!.source).toBe("sample");
    expect(snap!.username.toLowerCase()).toBe(row!.username);
    expect(snap!.followers).toBe(row!.followers);
    expect(snap!.fetchedAt).toBe("2026-12-01T00:00:00.000Z");
    expect(await store.getSampleSnapshot("instagram", "definitely_not_a_sample_creator")).toBeNull();
  });
});
