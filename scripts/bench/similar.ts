/**
 * Similar creators and lookalikes (issue #36, decision 034), on `rows` sample creators:
 * - similar.build_accounts_per_s.<db>.<rows>: representations built per second (syncEmbeddings over
 *   every account: read, regenerate sample captions, represent, write). Baseline: represent() alone
 *   on the same snapshots in memory (what the build costs beyond the database). Target 1,000/s.
 * - similar.p95_ms.<db>.<rows>: p95 of GET …/similar's service (candidates sharing the seed's heaviest
 *   terms through the GIN index, exact rerank) over 200 seeds. Baseline: the exact answer — every
 *   account of the seed's platform and kind read and scored (a scan), on 30 of the seeds. Target 50 ms.
 * - similar.recall_at_10.<db>.<rows>: share of the exact top 10 the indexed answer returns (30 seeds).
 * - lookalikes.p95_ms.<db>.<rows>: p95 of the lookalikes service for 100 three-seed sets. Baseline:
 *   the exact scan for the same sets (10). Target 150 ms.
 * - similar.rss_delta_mb: the process's resident memory after loading the representation code and
 *   concept table and answering the queries, minus before (baseline: the RSS before).
 *
 * Rows: 100,000 (20,000 with --quick); `--rows=N` another size. Up to 200,000 rows the index is the
 * sample creators as the app seeds them; above (the 1M runs), the discovery bench's grown index with
 * every representation built from none (SEEDED_UP_TO). PostgreSQL figures only when DATABASE_URL is
 * set (a fresh database, dropped after); `--engines=postgres` measures PostgreSQL only. Run alone:
 *   node --import tsx scripts/bench/similar.ts [--quick] [--rows=N] [--engines=postgres] [--json]
 */
import os from "node:os";
import { sql } from "drizzle-orm";
import { indexFieldsForSnapshot } from "../../src/core/engine/build-report";
import { createSampleCatalog } from "../../src/core/sample";
import type { Platform } from "../../src/core/schemas/platform";
import type { Database } from "../../src/server/db/database";
import { rowsOf } from "../../src/server/db/rows";
import { refreshAccountsIndex } from "../../src/server/discovery/maintenance";
import { seedSampleAccounts } from "../../src/server/samples/sample-service";
import { fillBenchAccounts, GROWN_INDEX } from "./discovery";
import { onEachEngine } from "./throwaway-postgres";
import { type BenchOptions, enginesOption, type Figure, percentile, rowsOption } from "./types";

const SEEDS = 200;
const SETS = 100;
/** Exact scans are slow on a large index: fewer of them there. */
const exactSeedsFor = (rows: number) => (rows > 20_000 ? 10 : 30);
const exactSetsFor = (rows: number) => (rows > 20_000 ? 3 : 10);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

/**
 * Up to this many rows the index is the sample creators, seeded as the app seeds them. Above it (the
 * 1M runs) seeding through the sample generator takes about 25 minutes, so the index is the discovery
 * bench's grown index (fillBenchAccounts: real accounts with bios from each industry's words, no
 * posts, 2,000 samples), and the figure is the build of every representation from none.
 */
const SEEDED_UP_TO = 200_000;

interface Filled {
  fillSecs: number;
  build: { ms: number; value: { built: number } };
  pureRate: number;
  pureCount: number;
  how: string;
}

/** Sample creators as the app seeds them, then every representation built again (timed). */
async function fillSamples(database: Database, rows: number, now: Date): Promise<Filled> {
  const { represent } = await import("../../src/core/similar/represent");
  const { syncEmbeddings } = await import("../../src/server/similar/embedding-store");
  const t0 = performance.now();
  await seedSampleAccounts(database.db, {
    count: rows,
    now,
    batchSize: 5000,
    indexFields: (s) => indexFieldsForSnapshot(s, now),
  });
  const fillSecs = (performance.now() - t0) / 1000;
  const build = await timed(() => syncEmbeddings(database.db, { all: true, batchSize: 5000, now }));
  // What the app does after a seed or an import (src/server/discovery/maintenance.ts): statistics for
  // the planner and a flushed GIN pending list. Without it the first queries read a table the planner
  // has never seen (session 17 measured similar p50 40 ms on PostgreSQL at 100k that way).
  await refreshAccountsIndex(database.db);
  // Baseline: represent() alone on the same snapshots, in memory.
  const n = Math.min(rows, 20_000);
  const catalog = createSampleCatalog(n, { seed: 2016, now });
  const snaps = Array.from({ length: n }, (_, i) => catalog.snapshotAt(i));
  const pure = await timed(async () => {
    for (const s of snaps)
      represent({ ...s, industry: s.category ?? "General", posts: s.posts.slice(0, 30) });
  });
  return {
    fillSecs,
    build,
    pureRate: (n / pure.ms) * 1000,
    pureCount: n,
    how: "rebuilt over the seeded sample creators",
  };
}

/** The discovery bench's grown index, then every representation built from none (timed). */
async function fillGrown(database: Database, rows: number): Promise<Filled> {
  const { represent } = await import("../../src/core/similar/represent");
  const { syncEmbeddings } = await import("../../src/server/similar/embedding-store");
  const t0 = performance.now();
  await fillBenchAccounts(database.db, rows, GROWN_INDEX);
  const fillSecs = (performance.now() - t0) / 1000;
  const build = await timed(() => syncEmbeddings(database.db, { batchSize: 5000 }));
  await refreshAccountsIndex(database.db);
  const n = Math.min(rows, 20_000);
  const texts = rowsOf<{ name: string; bio: string; category: string | null; industry: string }>(
    await database.db.execute(sql`select name, bio, category, industry from accounts order by id limit ${n}`),
  );
  const pure = await timed(async () => {
    for (const t of texts) represent({ ...t, posts: [] });
  });
  return {
    fillSecs,
    build,
    pureRate: (texts.length / pure.ms) * 1000,
    pureCount: texts.length,
    how: "built from none over the grown index (bios, no posts)",
  };
}

async function benchOne(database: Database, kind: "pglite" | "postgres", rows: number): Promise<Figure[]> {
  const EXACT_SEEDS = exactSeedsFor(rows);
  const EXACT_SETS = exactSetsFor(rows);
  const now = new Date();
  const rssBefore = rssMb();
  const { fillSecs, build, pureRate, pureCount, how } =
    rows > SEEDED_UP_TO ? await fillGrown(database, rows) : await fillSamples(database, rows, now);
  const buildRate = (build.value.built / build.ms) * 1000;
  const { createSimilarService, scoreAgainst } = await import("../../src/server/similar/similar-service");

  const service = createSimilarService({ db: database.db, kind });
  const rssBeforeQueries = rssMb();
  const seeds = rowsOf<{ platform: Platform; username: string }>(
    await database.db.execute(sql`select platform, username from accounts where not is_private
      order by md5(id::text) limit ${SEEDS}`),
  );
  for (const s of seeds.slice(0, 5)) await service.similar(s.platform, s.username, 10); // warm up
  const fast: number[] = [];
  for (const s of seeds) fast.push((await timed(() => service.similar(s.platform, s.username, 10))).ms);

  // The exact answer: every account of the seed's platform and kind, scored.
  const exactTop = async (platform: Platform, username: string) => {
    const all = rowsOf<Record<string, unknown>>(
      await database.db.execute(sql`select a.id, a.platform, a.username, a.name, a.bio, a.verified, a.followers,
        a.industry, a.countries, a.engagement_rate as "engagementRate", a.is_sample as "isSample",
        (a.last_analyzed_at is not null) as "hasReport", e.terms, e.weights, e.formats
        from account_embeddings e join accounts a on a.id = e.account_id
        where e.platform = ${platform} and not a.is_private`),
    ).map((r) => ({
      ...r,
      id: Number(r.id),
      followers: Number(r.followers),
      weights: (r.weights as number[]).map(Number),
    })) as unknown as Parameters<typeof scoreAgainst>[1][];
    const seed = all.find((r) => r.username === username)!;
    return all
      .filter((r) => r.id !== seed.id && r.isSample === seed.isSample)
      .map((r) => scoreAgainst(seed, r))
      .filter((s) => s.similarity > 0 && s.why.length > 0)
      .sort((a, b) => b.similarity - a.similarity || b.row.followers - a.row.followers)
      .slice(0, 10)
      .map((s) => ({ username: s.row.username, similarity: s.similarity }));
  };
  // Lookalikes of three creators of one platform.
  const sets: { platform: Platform; username: string }[][] = [];
  for (let i = 0; sets.length < SETS && i + 2 < seeds.length * 3; i += 3) {
    const platform = seeds[i % seeds.length]!.platform;
    const same = seeds.filter((s) => s.platform === platform);
    sets.push([0, 1, 2].map((k) => same[(i + k * 7) % same.length]!));
  }
  const look: number[] = [];
  for (const set of sets)
    look.push(
      (await timed(() => service.lookalikes({ seeds: set, targetMarkets: [], page: 1, pageSize: 20 }))).ms,
    );
  // What answering holds, before the exact scans below read whole platforms into this process.
  const rssAfterService = rssMb();
  const exact: number[] = [];
  let recallHits = 0;
  let recallTotal = 0;
  let scoreGot = 0;
  let scoreExact = 0;
  for (const s of seeds.slice(0, EXACT_SEEDS)) {
    const t = await timed(() => exactTop(s.platform, s.username));
    exact.push(t.ms);
    const answer = (await service.similar(s.platform, s.username, 10)).results;
    const got = new Set(answer.map((r) => r.username));
    recallHits += t.value.filter((e) => got.has(e.username)).length;
    recallTotal += t.value.length;
    scoreGot += answer.reduce((sum, r) => sum + r.similarity, 0);
    scoreExact += t.value.reduce((sum, e) => sum + e.similarity, 0);
  }

  const lookExact: number[] = [];
  // One scan after another: three at once waited on the pool's connections at 100k rows.
  for (const set of sets.slice(0, EXACT_SETS))
    lookExact.push(
      (
        await timed(async () => {
          for (const s of set) await exactTop(s.platform, s.username);
        })
      ).ms,
    );
  const rssAfter = rssMb();

  const tag = `${kind}.${rows}`;
  const loadNote = `load average ${load()} on ${os.cpus().length} cores`;
  const p95 = percentile(fast, 95);
  const base = percentile(exact, 95);
  const lp95 = percentile(look, 95);
  const lbase = percentile(lookExact, 95);
  return [
    {
      name: `similar.build_accounts_per_s.${tag}`,
      value: buildRate,
      unit: "accounts/s",
      baseline: pureRate,
      ratio: buildRate / pureRate,
      target: 1000,
      note: `${build.value.built.toLocaleString("en-US")} built in ${(build.ms / 1000).toFixed(1)} s (${how}, filled in ${fillSecs.toFixed(1)} s); baseline = represent() alone in memory on ${pureCount.toLocaleString("en-US")} of the same accounts`,
    },
    {
      name: `similar.p95_ms.${tag}`,
      value: p95,
      unit: "ms",
      baseline: base,
      ratio: p95 / base,
      target: 50,
      note: `${seeds.length} seeds, p50 ${percentile(fast, 50).toFixed(1)} ms; baseline = exact scan of the platform (${EXACT_SEEDS} seeds, p50 ${percentile(exact, 50).toFixed(1)} ms); ${loadNote}`,
    },
    {
      name: `similar.recall_at_10.${tag}`,
      value: recallTotal === 0 ? 0 : recallHits / recallTotal,
      unit: "share",
      note: `indexed top 10 vs the exact top 10 on ${EXACT_SEEDS} seeds`,
    },
    {
      name: `similar.score_ratio_at_10.${tag}`,
      value: scoreExact === 0 ? 0 : scoreGot / scoreExact,
      unit: "share",
      note: `summed similarity of the indexed top 10 over the exact top 10's (${EXACT_SEEDS} seeds): how close the answer is where many creators tie`,
    },
    {
      name: `lookalikes.p95_ms.${tag}`,
      value: lp95,
      unit: "ms",
      baseline: lbase,
      ratio: lp95 / lbase,
      target: 150,
      note: `${sets.length} three-seed sets, p50 ${percentile(look, 50).toFixed(1)} ms; baseline = exact scans for the three seeds (${EXACT_SETS} sets, p50 ${percentile(lookExact, 50).toFixed(1)} ms); ${loadNote}`,
    },
    {
      name: `similar.rss_delta_mb.${tag}`,
      value: rssAfter - rssBefore,
      unit: "MB",
      baseline: rssBefore,
      target: 60,
      note: "resident memory after loading the representation code and answering every query above, minus before (includes the embedded database's own growth on PGlite)",
    },
    {
      name: `similar.query_rss_delta_mb.${tag}`,
      value: rssAfterService - rssBeforeQueries,
      unit: "MB",
      baseline: rssBeforeQueries,
      target: 60,
      note: "resident memory after the 200 similar and 100 lookalike queries, minus after the index was built: what answering holds (measured before the exact scans, which read whole platforms into the process)",
    },
  ];
}

export function benchSimilar(opts: BenchOptions): Promise<Figure[]> {
  return onEachEngine(rowsOption(opts.quick), enginesOption(), "bench_similar", benchOne);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const figures = await benchSimilar({ quick: process.argv.includes("--quick") });
  if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify({ figures })}\n`);
  else
    for (const f of figures) {
      process.stdout.write(
        `${f.name.padEnd(40)} ${f.value.toFixed(3).padStart(10)} ${f.unit}  baseline ${f.baseline?.toFixed(1) ?? "-"}  ratio ${f.ratio?.toFixed(3) ?? "-"}  target ${f.target ?? "-"}\n    ${f.note}\n`,
      );
    }
}
