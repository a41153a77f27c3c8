import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeSnapshot } from "#core/engine/index";
import { parseSnapshot } from "#core/schemas/snapshot";
import type { Database } from "../db/database";
import { createTestDatabase, testedDatabaseKinds } from "../testing/test-db";
import {
  computeInstallationBenchmarks,
  lastNightlyMark,
  loadInstallationBenchmarks,
  runBenchmarksIfDue,
} from "./benchmark-service";

/**
 * Issue #24 item 7 on a real database: the nightly job's percentiles per platform × tier from the
 * newest stored report of every real account; the report shows the median from 50 accounts.
 */
const NOW = new Date("2026-11-26T04:00:00Z");

let seq = 0;
async function addAccount(
  database: Database,
  opts: { platform?: string; followers: number; pcts: number[]; sample?: boolean; source?: string },
) {
  seq++;
  const res = await database.db.execute(sql`
    insert into accounts (platform, username, followers, source, is_sample)
    values (${opts.platform ?? "instagram"}, ${`acct${seq}`}, ${opts.followers}, ${opts.source ?? "instagram-web"}, ${opts.sample ?? false})
    returning id`);
  const id = Number((res as unknown as { rows: { id: number | string }[] }).rows[0]!.id);
  // Older reports first: only the newest counts.
  for (let i = 0; i < opts.pcts.length; i++) {
    const report = { metrics: { engagement: { benchmark: { comparedPct: opts.pcts[i] } } } };
    await database.db.execute(sql`
      insert into reports (account_id, created_at, engine_version, report)
      values (${id}, ${new Date(NOW.getTime() - (opts.pcts.length - i) * 86_400_000).toISOString()}::timestamptz, '1', ${JSON.stringify(report)}::jsonb)`);
  }
}

/** A 30K-follower Instagram snapshot (10K–50K tier) for the engine. */
const snapshot = parseSnapshot({
  platform: "instagram",
  username: "someone",
  followers: 30_000,
  fetchedAt: NOW.toISOString(),
  source: "fixture",
  posts: [0, 1, 2, 3].map((i) => ({
    id: `p${i}`,
    type: "photo",
    caption: "hello",
    postedAt: new Date(NOW.getTime() - (i + 1) * 86_400_000).toISOString(),
    likes: 290,
    comments: 10,
  })),
});

describe.each(testedDatabaseKinds())("installation benchmarks on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("49 real accounts in a cell: stored but not shown; the 50th shows this installation's median; sample data and model estimates are left out", async () => {
    // 49 real Instagram 10K–50K accounts at 0.5 … 0.98 % (newest report), each with an older 9 % report.
    for (let i = 0; i < 49; i++)
      await addAccount(database, { followers: 20_000 + i, pcts: [9, 0.5 + i * 0.01] });
    // Sample creators and web-search estimates at 50 % must not count (nor move the median).
    for (let i = 0; i < 30; i++) await addAccount(database, { followers: 25_000, pcts: [50], sample: true });
    await addAccount(database, { followers: 25_000, pcts: [50], source: "web-search" });
    // Another tier and platform.
    await addAccount(database, { followers: 200_000, pcts: [1.2] });
    await addAccount(database, { platform: "tiktok", followers: 20_000, pcts: [8] });

    const run = await computeInstallationBenchmarks(database.db, NOW);
    expect(run).toMatchObject({ accounts: 51, cells: 3 });
    let cells = await loadInstallationBenchmarks(database.db);
    const ig = cells.find((c) => c.platform === "instagram" && c.tier === "10K–50K")!;
    expect(ig).toMatchObject({ accounts: 49, computedAt: NOW.toISOString() });
    expect(ig.p50).toBeCloseTo(0.74, 6); // median of 0.50 … 0.98
    expect(ig.p25).toBeCloseTo(0.62, 6);
    expect(ig.p75).toBeCloseTo(0.86, 6);
    expect(cells.find((c) => c.tier === "100K–500K")).toMatchObject({ platform: "instagram", accounts: 1 });
    expect(cells.find((c) => c.platform === "tiktok")).toMatchObject({ tier: "10K–50K", accounts: 1 });
    expect(
      analyzeSnapshot(snapshot, { now: NOW, installationBenchmarks: cells }).metrics.engagement.benchmark!
        .installation,
    ).toBeNull();

    await addAccount(database, { followers: 40_000, pcts: [0.99] });
    await computeInstallationBenchmarks(database.db, NOW);
    cells = await loadInstallationBenchmarks(database.db);
    const shown = analyzeSnapshot(snapshot, { now: NOW, installationBenchmarks: cells }).metrics.engagement
      .benchmark!.installation!;
    expect(shown).toMatchObject({ accounts: 50, medianPct: 0.75 });
    expect(shown.text).toMatch(/^this installation's median: 0\.75% \(50 accounts in the 10K–50K tier/);
  });

  it("runs once a night: due after 03:00 UTC when it has not run since; cells with no account left are removed", async () => {
    expect(lastNightlyMark(new Date("2026-11-26T02:59:00Z")).toISOString()).toBe("2026-11-25T03:00:00.000Z");
    expect(lastNightlyMark(new Date("2026-11-26T03:00:00Z")).toISOString()).toBe("2026-11-26T03:00:00.000Z");
    // The previous test ran at 04:00: not due again until tomorrow 03:00.
    expect(await runBenchmarksIfDue(database.db, new Date("2026-11-26T23:00:00Z"))).toBeNull();
    await database.db.execute(sql`delete from accounts where platform = 'tiktok'`);
    const next = await runBenchmarksIfDue(database.db, new Date("2026-11-27T03:05:00Z"));
    expect(next).toMatchObject({ cells: 2 });
    const cells = await loadInstallationBenchmarks(database.db);
    expect(cells.map((c) => `${c.platform} ${c.tier}`)).toEqual(["instagram 100K–500K", "instagram 10K–50K"]);
  });
});
