import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildReport } from "#core/engine/build-report";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { Database } from "../db/database";
import { createTestDatabase, testedDatabaseKinds } from "../testing/test-db";
import { createAccountRepo } from "./account-repo";

const AT = new Date("2026-11-20T12:00:00Z");

function snapshot(username: string): ProfileSnapshot {
  return {
    platform: "instagram",
    username,
    name: username,
    bio: "",
    verified: false,
    isPrivate: false,
    followers: 10_000,
    fetchedAt: AT.toISOString(),
    source: "instagram-web",
    posts: [],
  };
}

describe.each(testedDatabaseKinds())("history market filter on %s", (kind) => {
  let database: Database;
  let repo: ReturnType<typeof createAccountRepo>;
  const audiences: Record<string, string[]> = {
    paris_chef: ["France", "Belgium"],
    tokyo_gamer: ["Japan"],
    world_traveller: ["United States", "Germany", "Japan"],
    london_style: ["United Kingdom"],
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    repo = createAccountRepo(database.db);
    for (const [username, countries] of Object.entries(audiences)) {
      await repo.saveAnalysis({
        snapshot: snapshot(username),
        report: buildReport(snapshot(username), { now: AT, history: [] }).report,
        index: { industry: "General", engagementRate: 2, grade: "B", countries },
        engineVersion: "test",
        analyzedAt: AT,
      });
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  const matching = async (market: string) =>
    (await repo.listReports({ limit: 50, market })).map((r) => r.username).sort();

  it.each([
    ["europe", ["london_style", "paris_chef", "world_traveller"]],
    ["Asia", ["tokyo_gamer", "world_traveller"]],
    ["uk", ["london_style"]],
    ["united states", ["world_traveller"]],
    ["global", ["world_traveller"]],
    ["canada", []],
    ["fran", ["paris_chef"]],
    ["atlantis", []],
  ])("%s → the accounts whose audience is there", async (market, expected) => {
    expect(await matching(market)).toEqual(expected);
  });
});

describe.each(testedDatabaseKinds())("growth points and the report's time on %s (issue #33)", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("never dates a growth point after the report that made it (a far-future fetchedAt cannot freeze growth)", async () => {
    const repo = createAccountRepo(database.db);
    const future = { ...snapshot("ahead"), fetchedAt: "2999-01-01T00:00:00.000Z" };
    await repo.saveAnalysis({
      snapshot: future,
      report: buildReport(future, { now: AT, history: [] }).report,
      index: { industry: "General", engagementRate: 2, grade: "B", countries: [] },
      engineVersion: "test",
      analyzedAt: AT,
    });
    const history = await repo.followerHistory("instagram", "ahead");
    expect(history.map((p) => p.fetchedAt)).toEqual([AT.toISOString()]);
  });
});
