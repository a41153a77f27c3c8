/**
 * Discovery at a million accounts (issue #35, decision 043): every scan of the indexed search reads
 * only its index — with markets (located_bits) and with the sample creators left out (is_sample) —
 * so its time does not grow with heap reads. Each statement the search runs is explained with
 * sequential and bitmap scans off: a scan of accounts that needs a column the index lacks then shows
 * as "Index Scan" (heap fetches) instead of "Index Only Scan".
 */
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discoverySearchRequestSchema } from "#core/schemas/discovery";
import type { Database } from "../db/database";
import { createTestDatabase, testedDatabaseKinds } from "../testing/test-db";
import { searchIndexed, type TotalEstimation } from "./discovery-service";
import { queryRows } from "./sql";

/** The plans of the statements searchIndexed runs for this request (each run, then explained). */
async function plansOf(database: Database, input: unknown, tuning?: TotalEstimation): Promise<string[]> {
  const request = discoverySearchRequestSchema.parse(input);
  const statements: SQL[] = [];
  const recording = {
    execute: (query: SQL) => {
      statements.push(query);
      return database.db.execute(query);
    },
  };
  expect(await searchIndexed(recording as unknown as Database["db"], request, tuning)).not.toBeNull();
  const plans: string[] = [];
  for (const statement of statements) {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const rows = await queryRows<{ "QUERY PLAN": string }>(tx, sql`explain (costs off) ${statement}`);
      plans.push(rows.map((r) => r["QUERY PLAN"]).join("\n"));
    });
  }
  return plans;
}

describe.each(testedDatabaseKinds())("the indexed discovery search reads only its indexes, on %s", (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(sql`
      insert into accounts (platform, username, name, bio, followers, industry, engagement_rate, countries,
                            located_countries, source, is_sample, origin, last_fetched_at, last_analyzed_at)
      select (array['instagram', 'tiktok', 'youtube'])[1 + g % 3], 'plan_' || g, 'Creator ' || g, 'bio',
             1000 + (g * 7919) % 2000000, (array['Beauty', 'Fashion', 'Fitness', 'Food'])[1 + g % 4],
             case when g % 3 = 0 then null else 1 + (g % 50) / 10.0 end,
             case g % 3 when 0 then array['United States', 'Germany'] when 1 then array['Canada', 'France']
                        else array['Brazil', 'India'] end,
             case when g % 2 = 0 then array['United States'] else '{}'::text[] end,
             'test', g % 10 = 0, case when g % 10 = 0 then 'sample' when g % 3 = 0 then 'search' else 'report' end,
             now(), case when g % 3 = 0 then null else now() end
      from generate_series(1, 3000) g`);
    await database.db.execute(sql`vacuum analyze accounts`);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it.each([
    {
      platform: "instagram",
      followerRange: "10k_to_100k",
      industry: "Beauty",
      targetMarkets: ["us", "Germany"],
    },
    { platform: "youtube", followerRange: "100k_to_1mil", industry: "any", targetMarkets: ["India", "us"] },
    {
      platform: "tiktok",
      followerRange: "1mil_plus",
      industry: "any",
      targetMarkets: [],
      samples: "exclude",
    },
    {
      platform: "tiktok",
      followerRange: "10k_to_100k",
      industry: "Fitness",
      samples: "exclude",
      page: 3,
      pageSize: 20,
    },
  ])("no heap reads in the count and the ranked reads: %j", async (request) => {
    const plans = await plansOf(database, request);
    expectIndexOnly(plans.filter((plan) => !/pg_class/.test(plan)));
  });

  it.each([
    { platform: "youtube", followerRange: "100k_to_1mil", industry: "any", targetMarkets: ["India", "us"] },
    {
      platform: "tiktok",
      followerRange: "1mil_plus",
      industry: "any",
      targetMarkets: [],
      samples: "exclude",
    },
  ])("an estimated total reads its sample's blocks, the ranking only its indexes: %j", async (request) => {
    const tuning = { exactUpTo: 20, sampleRows: 300, minTableRows: 0, rankedRead: 5 };
    const plans = (await plansOf(database, request, tuning)).filter((plan) => !/pg_class/.test(plan));
    const samples = plans.filter((plan) => /Sample Scan on accounts/.test(plan));
    expect(samples).toHaveLength(1);
    // With markets, the best coverage present in the slice (decision 047): from the patterns' index.
    const patterns = plans.filter((plan) => /account_market_patterns/.test(plan));
    expect(patterns).toHaveLength((request.targetMarkets ?? []).length > 0 ? 1 : 0);
    for (const plan of patterns) expect(plan).toMatch(/Index Only Scan using account_market_patterns_idx/);
    expectIndexOnly(plans.filter((plan) => !samples.includes(plan) && !patterns.includes(plan)));
  });

  function expectIndexOnly(plans: string[]) {
    expect(plans.length).toBeGreaterThanOrEqual(2);
    for (const plan of plans) {
      // The only heap reads left are the final look-up of the returned rows' display columns by id.
      const heapScans = plan
        .split("\n")
        .filter((line) => /Index Scan using accounts_|Seq Scan on accounts/.test(line))
        .filter((line) => !/accounts_pkey/.test(line));
      expect(heapScans, plan).toEqual([]);
      expect(plan).toMatch(/Index Only Scan using accounts_discovery_(count|any|industry)_idx/);
    }
  }
});
