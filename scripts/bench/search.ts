/**
 * search.p95_ms.<pglite|postgres>.<rows>: the p95 latency of site search (GET /api/search's service:
 * the SQL and the shaping) over 200 varied terms — handle prefixes, first and last names, name
 * prefixes, industries, bio topics, two-word mixes and hostile strings — on `rows` accounts that all
 * have a stored report. Baseline, measured in the same run on the same rows: the same terms as a
 * sequential ILIKE '%term%' scan over username, name, industry and bio (what a search without the
 * tsvector and prefix indexes does), top 20 by followers.
 *
 * Rows: 100,000 (20,000 with --quick); `--rows=1000000` measures another size. PostgreSQL figures
 * only when DATABASE_URL is set (a fresh database, dropped after). Run alone:
 *   node --import tsx scripts/bench/search.ts [--quick] [--rows=1000000] [--json]
 */
import { sql } from "drizzle-orm";
import { INDUSTRY_BANKS, LANGUAGE_BANKS, mulberry32 } from "../../src/core/sample";
import { siteSearchQuerySchema } from "../../src/core/schemas/search";
import { INDUSTRIES } from "../../src/core/taxonomy";
import { type AppDb, type Database, openDatabase } from "../../src/server/db/database";
import { queryRows } from "../../src/server/discovery/sql";
import { createSiteSearchService } from "../../src/server/search/search-service";
import { fillBenchAccounts } from "./discovery";
import { withThrowawayPostgres } from "./throwaway-postgres";
import { type BenchOptions, type Figure, percentile, rowsOption } from "./types";

const QUERIES = 200;
const TARGET_MS = 50;

/** 200 deterministic search terms of the kinds people type. */
export function searchTerms(rows: number, n = QUERIES): string[] {
  const rng = mulberry32(23);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng.next() * list.length)]!;
  const en = LANGUAGE_BANKS.en;
  const topics = INDUSTRIES.flatMap((i) => INDUSTRY_BANKS[i].topics);
  const kinds: (() => string)[] = [
    () => `bench_${1 + Math.floor(rng.next() * rows)}`,
    () => `@bench_${1 + Math.floor(rng.next() * Math.min(rows, 999))}`,
    () => pick(en.firstNames),
    () => pick(en.lastNames).slice(0, 4),
    () => `${pick(en.firstNames)} ${pick(en.lastNames)}`,
    () => pick(INDUSTRIES).toLowerCase(),
    () => pick(topics).split(" ")[0] ?? "travel",
    () => `${pick(INDUSTRIES)} ${pick(en.firstNames).slice(0, 3)}`,
    () => pick(["x' or '1'='1", "a & b | !c", '"unbalanced', "zz:*", "🔥 fitness", "nothing-matches-this"]),
  ];
  return Array.from({ length: n }, (_, i) => kinds[i % kinds.length]!());
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** The baseline: the same term as a sequential ILIKE substring scan, top 20 by followers. */
async function ilikeScan(db: AppDb, term: string): Promise<unknown[]> {
  const like = `%${term.replace(/^@+/, "").replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return queryRows(
    db,
    sql`select platform, username, name, industry, grade, followers from accounts
        where last_analyzed_at is not null
          and (username ilike ${like} or name ilike ${like} or industry ilike ${like} or bio ilike ${like})
        order by followers desc, id limit 20`,
  );
}

async function benchOne(database: Database, kind: "pglite" | "postgres", rows: number): Promise<Figure> {
  const t0 = performance.now();
  await fillBenchAccounts(database.db, rows);
  await database.db.execute(
    sql`update accounts set last_analyzed_at = now() - (random() * interval '30 days'), grade = 'B'`,
  );
  await database.db.execute(sql`vacuum analyze accounts`);
  const fillSecs = (performance.now() - t0) / 1000;
  const service = createSiteSearchService({ db: database.db });
  const terms = searchTerms(rows).map((t) => siteSearchQuerySchema.parse({ q: t }));
  for (const q of terms.slice(0, 10)) await service.search(q); // warm up
  const value: number[] = [];
  const baseline: number[] = [];
  let found = 0;
  for (const q of terms) {
    let hits = 0;
    value.push(
      await timed(async () => {
        hits = (await service.search(q)).results.length;
      }),
    );
    if (hits > 0) found++;
    baseline.push(await timed(() => ilikeScan(database.db, q.q)));
  }
  const p95 = percentile(value, 95);
  const base = percentile(baseline, 95);
  return {
    name: `search.p95_ms.${kind}.${rows}`,
    value: p95,
    unit: "ms",
    baseline: base,
    ratio: p95 / base,
    target: TARGET_MS,
    note:
      `${terms.length} terms on ${rows.toLocaleString("en-US")} stored reports (filled in ${fillSecs.toFixed(1)} s), ` +
      `${found} with results; p50 ${percentile(value, 50).toFixed(1)} ms vs ${percentile(baseline, 50).toFixed(1)} ms; ` +
      "baseline = sequential ILIKE '%term%' over username, name, industry and bio",
  };
}

export async function benchSiteSearch(opts: BenchOptions): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const rows of rowsOption(opts.quick)) {
    const database = await openDatabase({ dataDir: "memory://" });
    try {
      figures.push(await benchOne(database, "pglite", rows));
    } finally {
      await database.close();
    }
    const url = process.env.DATABASE_URL;
    if (url)
      figures.push(
        await withThrowawayPostgres(url, "bench_search", (database) => benchOne(database, "postgres", rows)),
      );
  }
  return figures;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const figures = await benchSiteSearch({ quick: process.argv.includes("--quick") });
  if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify({ figures })}\n`);
  else
    for (const f of figures) {
      process.stdout.write(
        `${f.name.padEnd(36)} ${f.value.toFixed(1).padStart(8)} ms  baseline ${f.baseline?.toFixed(1)}  ratio ${f.ratio?.toFixed(3)}  target ${f.target}\n    ${f.note}\n`,
      );
    }
}
