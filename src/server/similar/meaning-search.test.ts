/**
 * The finder's meaning match in two reads: the database scores the candidates and keeps the best
 * `limit` ids, then only those are read whole and given their reasons. The database's arithmetic must
 * rank as the reasons' does: the best 5 are the first 5 of every candidate scored (limit ≥ candidates,
 * where read 1 keeps them all and read 2 scores them all).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "#core/sample/index";
import type { Database } from "../db/database";
import { accountEmbeddings, accounts } from "../db/schema";
import { createTestDatabase } from "../testing/test-db";
import { findByMeaning } from "./meaning-search";

const TOPICS = ["plant-based food", "cooking", "meal prep"];

describe("findByMeaning", () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const rng = mulberry32(36);
    const rows = Array.from({ length: 80 }, (_, i) => ({
      platform: "instagram",
      username: `meaning_${i}`,
      name: `Creator ${i}`,
      bio: "bio",
      // Repeating counts: ties on match and followers both, so the id decides.
      followers: 10_000 * rng.int(1, 4),
      engagementRate: rng.pick([null, 0.8, 2.5, 6]),
      industry: rng.pick(["Food", "Health & Wellness", "Fitness", "Travel"]),
      countries: rng.pick([[], ["Germany"], ["Germany", "Austria"], ["France"]]),
      locatedCountries: rng.pick([[], ["Germany"]]),
      isPrivate: i % 17 === 0,
      source: "import",
    }));
    const inserted = await database.db.insert(accounts).values(rows).returning({ id: accounts.id });
    await database.db.insert(accountEmbeddings).values(
      inserted.map(({ id }, i) => ({
        accountId: id,
        platform: "instagram",
        isSample: false,
        model: "test",
        // One to three of the topics (or none: not a candidate), among other words.
        terms: ["~travel", ...TOPICS.filter(() => rng.chance(0.5)).map((t) => `~${t}`), `word${i % 5}`],
      })),
    );
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("keeps the best of every candidate, ranked as their reasons score them", async () => {
    const plan = {
      platform: "instagram" as const,
      industries: ["Food"],
      related: ["Health & Wellness"],
      countries: ["Germany"],
      engagementLevel: null,
    };
    const all = await findByMeaning(database.db, plan, TOPICS, 1000);
    expect(all.length).toBeGreaterThan(30);
    expect(all.every((r) => !r.username.endsWith("_0") && !r.username.endsWith("_17"))).toBe(true); // private
    const matches = all.map((r) => r.matchPercentage);
    expect(matches).toEqual([...matches].sort((a, b) => b - a));
    expect(new Set(matches).size).toBeGreaterThan(4);
    for (const limit of [1, 5, 12]) {
      expect(await findByMeaning(database.db, plan, TOPICS, limit)).toEqual(all.slice(0, limit));
    }
    // Without industries or countries those parts weigh nothing, in both reads.
    const bare = { ...plan, industries: [], related: [], countries: [] };
    const allBare = await findByMeaning(database.db, bare, TOPICS, 1000);
    expect(await findByMeaning(database.db, bare, TOPICS, 7)).toEqual(allBare.slice(0, 7));
    expect(allBare[0]!.matchReasons[0]).toMatch(/^Close to your description: /);
  });
});
