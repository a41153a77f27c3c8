import { sql } from "drizzle-orm";
import { indexFieldsForSnapshot } from "../../src/core/engine/build-report";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/database";
import { seedSampleAccounts } from "../../src/server/samples/sample-service";
import { type BenchOptions, type Figure, percentile } from "./types";

/**
 * growth.p95_ms — GET /api/accounts/:username/growth on an account with 1,000 points (PGlite, in
 * process through app.inject), beside a stored-report read (GET /api/accounts/:username) of the same
 * account in the same app: the ratio is what compares across machines.
 */
export async function benchGrowth(opts: BenchOptions): Promise<Figure[]> {
  const rounds = opts.quick ? 150 : 500;
  const config = loadConfig(
    {
      DATA_DIR: "memory://",
      LOG_LEVEL: "silent",
      SAMPLE_ACCOUNTS: "0",
      ANON_REPORT_LIMIT: "1000000",
      ANON_IP_DAILY_LIMIT: "1000000",
      RATE_LIMIT_PER_MINUTE: "1000000",
      COLLECTORS: "sample",
    },
    () => "bench-secret-".repeat(4),
  );
  const database = await openDatabase({ dataDir: "memory://" });
  const now = new Date();
  await seedSampleAccounts(database.db, {
    count: 3,
    now,
    indexFields: (s) => indexFieldsForSnapshot(s, now),
  });
  const [account] = await database.db.query.accounts.findMany({
    columns: { id: true, platform: true, username: true },
    limit: 1,
  });
  if (!account) throw new Error("no sample account was seeded");
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  try {
    const analysed = await app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: account.username, platform: account.platform },
    });
    if (analysed.statusCode !== 200) throw new Error(`analyze: ${analysed.statusCode} ${analysed.body}`);
    // 999 earlier daily points (with the analysis's own: 1,000), a slow climb with some noise.
    await database.db.execute(sql`
      insert into growth_points (account_id, at, source, followers, following, posts_count, engagement_rate, median_views, alerts_checked)
      select ${account.id}, now() - make_interval(days => g), 'sample',
             (100000 + (999 - g) * 40 + (g * 7919) % 500)::bigint, 300, 1000 - g / 3, 2 + ((g * 31) % 100) / 100.0, 5000, true
      from generate_series(1, 999) g`);
    const growthUrl = `/api/accounts/${encodeURIComponent(account.username)}/growth?platform=${account.platform}`;
    const reportUrl = `/api/accounts/${encodeURIComponent(account.username)}?platform=${account.platform}`;
    const check = await app.inject({ url: growthUrl });
    const points = (check.json() as { points: unknown[] }).points.length;
    if (check.statusCode !== 200 || points !== 1000)
      throw new Error(`growth: ${check.statusCode}, ${points} points`);
    const growthTimes: number[] = [];
    const reportTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      await app.inject({ url: growthUrl });
      await app.inject({ url: reportUrl });
    }
    // Interleaved, so both see the same machine load.
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      const g = await app.inject({ url: growthUrl });
      growthTimes.push(performance.now() - t0);
      const t1 = performance.now();
      const r = await app.inject({ url: reportUrl });
      reportTimes.push(performance.now() - t1);
      if (g.statusCode !== 200 || r.statusCode !== 200) throw new Error("a read failed during the bench");
    }
    const p95 = percentile(growthTimes, 95);
    const base = percentile(reportTimes, 95);
    return [{ name: "growth.p95_ms", value: p95, unit: "ms", baseline: base, ratio: p95 / base }];
  } finally {
    await app.close();
    await database.close();
  }
}
