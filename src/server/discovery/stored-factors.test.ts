/**
 * The stored factors of accounts (follower_bucket, follower_fit, engagement_quality, country_bits,
 * discovery_base_match) are generated columns whose definitions the migrations fixed. They must stay
 * exactly what src/server/discovery/sql.ts generates from the constants of match.ts and the taxonomy:
 * a weight, band, range or country changed without a new migration would silently rank with the old
 * values. This test regenerates every definition, lets the database parse it into a scratch table
 * and compares the two as the database prints them; then it checks the stored values against the
 * pure functions.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DISCOVERY_WEIGHTS,
  engagementQuality,
  FOLLOWER_RANGE_FILTER,
  followerFit,
  GLOBAL_MIN_REGIONS,
  regionCount,
} from "#core/discovery/match";
import { FOLLOWER_RANGES } from "#core/schemas/discovery";
import type { Platform } from "#core/schemas/platform";
import type { Database } from "../db/database";
import { accounts } from "../db/schema";
import { createTestDatabase, testedDatabaseKinds } from "../testing/test-db";
import {
  baseMatchText,
  COUNTRY_BIT_NAMES,
  countryBitsText,
  countryMask,
  followerBucketOf,
  followerBucketText,
  GLOBAL_BIT,
  LOCATED_REF,
  queryRows,
  storedEngagementQualityText,
  storedFollowerFitText,
} from "./sql";

const GENERATED: Record<string, { type: string; text: () => string }> = {
  follower_bucket: { type: "smallint", text: followerBucketText },
  follower_fit: { type: "double precision", text: storedFollowerFitText },
  engagement_quality: { type: "double precision", text: storedEngagementQualityText },
  country_bits: { type: "bigint", text: countryBitsText },
  located_bits: { type: "bigint", text: () => countryBitsText(LOCATED_REF) },
  discovery_base_match: { type: "smallint", text: baseMatchText },
};

/** The generation expressions of a table's generated columns, as the database prints them. */
async function generatedColumns(database: Database, table: string): Promise<Record<string, string>> {
  const rows = await queryRows<{ name: string; expr: string }>(
    database.db,
    sql`select a.attname as name, pg_get_expr(d.adbin, d.adrelid) as expr
        from pg_attribute a join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attrelid = ${table}::regclass and a.attgenerated = 's'`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.expr]));
}

describe.each(testedDatabaseKinds())("stored match factors on %s", (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("are defined exactly as the code generates them today (else: a migration is missing)", async () => {
    const columns = Object.entries(GENERATED)
      .map(([name, g]) => `"${name}" ${g.type} generated always as (${g.text()}) stored`)
      .join(", ");
    await database.db.execute(
      sql.raw(`create table stored_factors_now (
        platform text not null, followers bigint not null, engagement_rate real, countries text[] not null,
        located_countries text[] not null,
        ${columns})`),
    );
    try {
      const stored = await generatedColumns(database, "accounts");
      const now = await generatedColumns(database, "stored_factors_now");
      for (const name of Object.keys(GENERATED)) {
        expect(stored[name], `accounts.${name}`).toBeDefined();
        expect(stored[name], `accounts.${name} differs from what sql.ts generates`).toBe(now[name]);
      }
    } finally {
      await database.db.execute(sql`drop table stored_factors_now`);
    }
  });

  it("hold the values of the pure functions for every range edge, platform, rate and audience", async () => {
    const followers = [
      0, 1, 999, 1_000, 9_999, 10_000, 10_500, 99_999, 100_000, 999_999, 1_000_000, 7e7, 3e9,
    ];
    const rates: (number | null)[] = [null, 0, -2, 0.3, 1.11, 4.2, 9.37, 30];
    const audiences = [
      [],
      ["Canada"],
      ["Germany", "Japan"],
      ["Atlantis"],
      ["United States", "Brazil", "India"],
    ];
    const rows = [];
    let i = 0;
    for (const platform of ["instagram", "tiktok", "youtube"] as Platform[])
      for (const f of followers)
        for (const rate of rates)
          rows.push({
            platform,
            username: `factor_${i}`,
            followers: f,
            engagementRate: rate,
            countries: audiences[i % audiences.length]!,
            // The located markets: a changing part of the audience (none, the first, all).
            locatedCountries: audiences[i++ % audiences.length]!.slice(
              0,
              i % 3 === 0 ? 0 : i % 3 === 1 ? 1 : 9,
            ),
            source: "import",
          });
    await database.db.insert(accounts).values(rows);
    const stored = await queryRows<{
      username: string;
      follower_bucket: number;
      follower_fit: number;
      engagement_quality: number;
      country_bits: string | number;
      located_bits: string | number;
      discovery_base_match: number;
    }>(
      database.db,
      sql`select username, follower_bucket, follower_fit, engagement_quality, country_bits, located_bits, discovery_base_match
          from accounts where username like 'factor_%'`,
    );
    expect(stored).toHaveLength(rows.length);
    const byName = new Map(rows.map((r) => [r.username, r]));
    const { followers: wf, engagement: we } = DISCOVERY_WEIGHTS;
    for (const s of stored) {
      const row = byName.get(s.username)!;
      // engagement_rate is a real: the database holds the rate rounded to single precision.
      const rate = row.engagementRate === null ? null : Math.fround(row.engagementRate);
      const bucket = followerBucketOf(row.followers);
      const range = FOLLOWER_RANGES[bucket]!;
      const { min, max } = FOLLOWER_RANGE_FILTER[range];
      expect((min ?? 0) <= row.followers && row.followers < (max ?? Infinity)).toBe(true);
      expect(s.follower_bucket).toBe(bucket);
      expect(s.follower_fit).toBeCloseTo(followerFit(row.followers, range), 12);
      expect(s.engagement_quality).toBeCloseTo(engagementQuality(row.platform, row.followers, rate), 12);
      const fit = followerFit(row.followers, range);
      const quality = engagementQuality(row.platform, row.followers, rate);
      expect(s.discovery_base_match).toBe(Math.floor(((wf * fit + we * quality) * 100) / (wf + we) + 0.5));
      const bits = BigInt(s.country_bits);
      const known = row.countries.filter((c) => COUNTRY_BIT_NAMES.includes(c));
      expect(bits & ~GLOBAL_BIT).toBe(countryMask(known));
      expect((bits & GLOBAL_BIT) !== 0n).toBe(regionCount(row.countries) >= GLOBAL_MIN_REGIONS);
      const located = BigInt(s.located_bits);
      const knownLocated = row.locatedCountries.filter((c) => COUNTRY_BIT_NAMES.includes(c));
      expect(located & ~GLOBAL_BIT).toBe(countryMask(knownLocated));
      expect((located & GLOBAL_BIT) !== 0n).toBe(regionCount(row.locatedCountries) >= GLOBAL_MIN_REGIONS);
    }
  });
});
