/**
 * discovery.p95_ms.<pglite|postgres>.<rows> and finder.p95_ms.<pglite|postgres>.<rows>: the p95
 * latency of the discovery and finder services (the SQL and the shaping the API does) over ≥ 200
 * varied queries, each beside a baseline measured in the same run: the exhaustive reference query
 * (searchExhaustive / findExhaustive, which score every candidate) with index, bitmap and index-only
 * scans disabled (`SET LOCAL enable_indexscan/enable_bitmapscan/enable_indexonlyscan = off`), i.e.
 * the sequential scan our indexes save. Both run inside a transaction so they pay the same, and
 * every answer of the service is compared with the baseline's (differences are counted and printed).
 *
 * Rows: 100,000 (20,000 with --quick). `--rows=1000000` (or a list, `--rows=100000,1000000`)
 * measures other sizes. PostgreSQL figures only when DATABASE_URL is set: a fresh database is
 * created for the run and dropped after, and a real server process is started on it to measure its
 * memory under the same 400 queries over HTTP (`discovery.server_rss_mb.postgres.<rows>`: peak RSS,
 * beside the idle server's RSS). `--engines=postgres` measures PostgreSQL only (the 1M runs). The
 * index is filled as GROWN_INDEX says: a third profile-only rows, 2,000 samples. Run alone:
 *   node --import tsx scripts/bench/discovery.ts [--quick] [--rows=1000000] [--engines=postgres] [--json]
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { interpretDescription } from "../../src/core/discovery/interpret";
import { INDUSTRY_SYNONYMS, PLACE_PHRASES, SIZE_WORDS } from "../../src/core/discovery/lexicon";
import { INDUSTRY_BANKS, LANGUAGE_BANKS, mulberry32 } from "../../src/core/sample";
import {
  type DiscoverySearchInput,
  type DiscoverySearchResponse,
  discoverySearchRequestSchema,
  type FinderRequest,
  FOLLOWER_RANGES,
  finderRequestSchema,
} from "../../src/core/schemas/discovery";
import { PLATFORMS } from "../../src/core/schemas/platform";
import { COUNTRIES, INDUSTRIES, TARGET_MARKETS } from "../../src/core/taxonomy";
import type { AppDb, Database, DbOrTx } from "../../src/server/db/database";
import { createDiscoveryService, searchExhaustive } from "../../src/server/discovery/discovery-service";
import { createFinderService } from "../../src/server/discovery/finder/finder-service";
import { findExhaustive } from "../../src/server/discovery/finder/finder-sql";
import { finderPlan } from "../../src/server/discovery/finder/plan";
import { queryRows } from "../../src/server/discovery/sql";
import { ensureBuilds, npmStartArgs } from "./npm-start";
import { onEachEngine } from "./throwaway-postgres";
import { type BenchOptions, enginesOption, type Figure, percentile, rowsOption } from "./types";

const QUERIES = 200;
const TARGET_MS = { discovery: 50, finder: 100 } as const;

// ---------------------------------------------------------------------------------------------
// Data

function weightedPool<T>(items: readonly (readonly [T, number])[]): T[] {
  return items.flatMap(([item, weight]) =>
    Array.from({ length: Math.max(1, Math.round(weight)) }, () => item),
  );
}

/** Pads or cuts a list to exactly n entries by cycling (PostgreSQL arrays must be rectangular). */
function cycle<T>(list: readonly T[], n: number): T[] {
  return Array.from({ length: n }, (_, i) => list[i % list.length]!);
}

const COUNTRY_WEIGHTS: Record<string, number> = {
  "United States": 30,
  "United Kingdom": 8,
  Canada: 5,
  Australia: 4,
  Germany: 5,
  France: 4,
  Spain: 4,
  Italy: 3,
  Brazil: 6,
  Mexico: 4,
  India: 6,
  Japan: 3,
  Indonesia: 3,
  Philippines: 2,
};

const GENERIC = [
  "DM for collabs",
  "new videos every week",
  "sharing what I love",
  "links below",
  "business inquiries by email",
  "living my best life",
  "coffee first",
  "dog parent",
  "plant lover",
  "dreamer and doer",
  "stories daily",
  "come say hi",
];

/**
 * How the filled index is made up. "plain": every row as a report stored it (the shape of the
 * #8 figures; the site-search bench builds on it). "grown" (issue #35): the index after "Find more"
 * and growth have run for a while — `profileOnly` of the rows are profile-only accounts (origin
 * search or growth, no engagement figures, no full report, figures read up to 30 days ago), the rest
 * full reports (origin report, a located audience country for half of them), and `samples` of them
 * the install's sample creators (which discovery then leaves out by default).
 */
interface BenchIndexShape {
  profileOnly: number;
  samples: number;
}

export const GROWN_INDEX: BenchIndexShape = { profileOnly: 1 / 3, samples: 2_000 };

/**
 * Fills `accounts` with `rows` synthetic creators in one INSERT … SELECT … FROM generate_series:
 * followers log-uniform from 1K to 50M, industries weighted as the sample generator weights them,
 * 1–3 audience countries weighted towards large markets, bios from each industry's roles and topics,
 * tier-dependent engagement (8 % unknown), 4 % private, verified mostly among large accounts;
 * with a `shape`, profile-only rows, full reports and sample creators as BenchIndexShape says.
 */
export async function fillBenchAccounts(db: AppDb, rows: number, shape?: BenchIndexShape): Promise<void> {
  const W_ROLES = 5;
  const W_TOPICS = 8;
  const roles = INDUSTRIES.flatMap((i) => cycle(INDUSTRY_BANKS[i].roles, W_ROLES));
  const topics = INDUSTRIES.flatMap((i) => cycle(INDUSTRY_BANKS[i].topics, W_TOPICS));
  const industryPool = weightedPool(
    INDUSTRIES.map((name, i) => [i + 1, INDUSTRY_BANKS[name].weight] as const),
  );
  const countryPool = weightedPool([...new Set(COUNTRIES)].map((c) => [c, COUNTRY_WEIGHTS[c] ?? 1] as const));
  const en = LANGUAGE_BANKS.en;
  const grown = sql.raw(shape ? "true" : "false");
  const samples = sql.raw(String(shape ? Math.min(shape.samples, rows) : 0));
  const profileOnly = sql.raw(String(shape?.profileOnly ?? 0));
  const arr = (values: readonly (string | number)[], type: "text" | "int") =>
    sql`${sql.param([...values])}::${sql.raw(type)}[]`;
  // The table's secondary indexes are dropped for the insert and built again after it: building an
  // index over a million rows is several times faster than maintaining it row by row (above all the
  // GIN indexes), and it leaves them as a fresh build would (no GIN pending list).
  const indexes = await queryRows<{ name: string; def: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = 'accounts'
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  await db.transaction(async (tx) => {
    for (const { name } of indexes) await tx.execute(sql`drop index ${sql.identifier(name)}`);
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`
      insert into accounts (platform, username, name, bio, verified, is_private, followers, industry,
                            engagement_rate, countries, located_countries, source, is_sample, origin,
                            last_fetched_at, last_analyzed_at)
      select y.platform, 'bench_' || y.g, y.name,
             y.role || ' · ' || y.topic1 || ' & ' || y.topic2 || ' · ' || y.generic,
             random() < (case when y.followers >= 1000000 then 0.3 else 0.01 end),
             random() < 0.04,
             y.followers, y.industry,
             case when y.profile or random() < 0.08 then null
                  else round((y.base * exp((random() - 0.5) * 1.6))::numeric, 2)::real end,
             array(select distinct c from unnest(array_remove(array[y.c1, y.c2, y.c3], null)) c),
             case when ${grown} and random() < 0.5 then array[y.c1] else '{}'::text[] end,
             'bench', y.sample,
             case when y.sample then 'sample' when not y.profile then 'report'
                  when y.g % 2 = 0 then 'search' else 'growth' end,
             case when y.profile then now() - random() * interval '30 days' end,
             case when ${grown} and not y.profile then now() - random() * interval '30 days' end
      from (
        select x.*, x.g <= ${samples} as sample,
               x.g > ${samples} and random() < ${profileOnly}::float8 as profile,
               (${arr(INDUSTRIES, "text")})[x.ii] as industry,
               (${arr(roles, "text")})[(x.ii - 1) * ${W_ROLES} + 1 + floor(random() * ${W_ROLES})::int] as role,
               (${arr(topics, "text")})[(x.ii - 1) * ${W_TOPICS} + 1 + floor(random() * ${W_TOPICS})::int] as topic1,
               (${arr(topics, "text")})[(x.ii - 1) * ${W_TOPICS} + 1 + floor(random() * ${W_TOPICS})::int] as topic2,
               (${arr(GENERIC, "text")})[1 + floor(random() * ${GENERIC.length})::int] as generic,
               initcap((${arr(en.firstNames, "text")})[1 + floor(random() * ${en.firstNames.length})::int]) || ' ' ||
               initcap((${arr(en.lastNames, "text")})[1 + floor(random() * ${en.lastNames.length})::int]) as name,
               (${arr(countryPool, "text")})[1 + floor(random() * ${countryPool.length})::int] as c1,
               case when random() < 0.6 then (${arr(countryPool, "text")})[1 + floor(random() * ${countryPool.length})::int] end as c2,
               case when random() < 0.3 then (${arr(countryPool, "text")})[1 + floor(random() * ${countryPool.length})::int] end as c3,
               case x.platform
                 when 'instagram' then 3.0 * power(x.followers / 1000.0, -0.12)
                 when 'tiktok' then 12.0 * power(x.followers / 1000.0, -0.09)
                 else 4.5 * power(x.followers / 1000.0, -0.08) end as base
        from (
          select g,
                 (array['instagram', 'tiktok', 'youtube'])[1 + floor(random() * 3)::int] as platform,
                 floor(exp(ln(1000) + random() * (ln(50000000) - ln(1000))))::bigint as followers,
                 (${arr(industryPool, "int")})[1 + floor(random() * ${industryPool.length})::int] as ii
          from generate_series(1, ${rows}) g
        ) x
      ) y`);
    for (const { def } of indexes) await tx.execute(sql.raw(def));
  });
  // Statistics for the planner and the visibility map for index-only scans (PGlite runs no autovacuum).
  await db.execute(sql`vacuum analyze accounts`);
  // The market patterns its triggers kept (decision 047), as the app's refreshAccountsIndex does.
  await db.execute(sql`vacuum analyze account_market_patterns`);
}

// ---------------------------------------------------------------------------------------------
// Queries

function pick<T>(rng: { next(): number }, list: readonly T[]): T {
  return list[Math.floor(rng.next() * list.length)]!;
}

/**
 * ≥ 200 varied discovery requests (deterministic): every platform and follower range, an industry
 * or "any", 0–3 markets; one in five asks for a later page (2–5, 20 or 50 a page) and one in ten
 * includes the sample creators (the rest leave them out, the default once real creators are held).
 */
export function discoveryQueries(n = QUERIES): DiscoverySearchInput[] {
  const rng = mulberry32(7);
  const rand = () => rng.next();
  // A second stream for paging and samples, so the criteria stay those of the earlier figures.
  const paging = mulberry32(13);
  const marketChoices = [...TARGET_MARKETS, "Germany", "Brazil", "India", "Mexico", "Japan", "France"];
  return Array.from({ length: n }, () => {
    const markets = new Set<string>();
    const k = Math.floor(rand() * 4);
    for (let j = 0; j < k; j++) markets.add(pick(rng, marketChoices));
    const query: DiscoverySearchInput = {
      platform: pick(rng, PLATFORMS),
      followerRange: pick(rng, FOLLOWER_RANGES),
      industry:
        rand() < 0.25
          ? "any"
          : pick(
              rng,
              INDUSTRIES.filter((i) => i !== "General"),
            ),
      targetMarkets: [...markets],
    };
    if (paging.next() < 0.2) {
      query.page = 2 + Math.floor(paging.next() * 4);
      query.pageSize = paging.next() < 0.5 ? 20 : 50;
    }
    if (paging.next() < 0.1) query.samples = "include";
    return query;
  });
}

/** The criteria mix of a discovery request, for figures per mix. */
function discoveryMix(q: DiscoverySearchInput): string {
  const industry = (q.industry ?? "any") === "any" ? "any industry" : "industry";
  const markets = (q.targetMarkets ?? []).length > 0 ? "markets" : "no market";
  return `${industry} + ${markets}${(q.page ?? 1) > 1 ? ", later page" : ""}`;
}

/** ≥ 200 varied finder descriptions (deterministic): niches, places, languages, sizes, free words. */
export function finderQueries(n = QUERIES): FinderRequest[] {
  const rng = mulberry32(11);
  const rand = () => rng.next();
  const niches = INDUSTRIES.flatMap((i) => INDUSTRY_SYNONYMS[i].slice(0, 6));
  const places = Object.keys(PLACE_PHRASES).filter((p) => !p.includes(" ") || rand() < 0.5);
  const sizes = [
    ...Object.keys(SIZE_WORDS),
    "over 1M followers",
    "under 50k followers",
    "between 10k and 100k followers",
    "100k+",
  ];
  const free = [
    "daily",
    "routine",
    "tips",
    "recipes",
    "reviews",
    "honest",
    "weekly",
    "family",
    "city",
    "budget",
  ];
  return Array.from({ length: n }, (_, i) => {
    const parts: string[] = ["Looking for"];
    if (rand() < 0.5) parts.push(pick(rng, sizes));
    parts.push(pick(rng, niches));
    if (rand() < 0.4) parts.push(pick(rng, niches));
    if (rand() < 0.4) parts.push(pick(rng, free));
    parts.push("creators");
    if (rand() < 0.5) parts.push("in", pick(rng, places));
    if (rand() < 0.15) parts.push(pick(rng, ["German-speaking", "Spanish-speaking", "in French"]));
    return { platform: PLATFORMS[i % 3]!, description: parts.join(" "), limit: 50 };
  });
}

// ---------------------------------------------------------------------------------------------
// Measuring

async function timed(db: AppDb, seqScan: boolean, run: (tx: DbOrTx) => Promise<string>) {
  let key = "";
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    if (seqScan) {
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_indexonlyscan = off`);
    }
    key = await run(tx);
  });
  return { ms: performance.now() - t0, key };
}

interface Measured {
  value: number[];
  baseline: number[];
  /** Queries whose fast answer differed from the baseline's: the query and both answers. */
  mismatches: { query: string; fast: string; baseline: string }[];
}

/** A query as the service answers it (`fast`) and as the exhaustive reference does (`reference`). */
interface BenchQuery {
  label: string;
  /** The criteria mix it belongs to (discovery only), for p50/p95 per mix. */
  mix?: string;
  fast: (tx: DbOrTx) => Promise<string>;
  reference: (tx: DbOrTx) => Promise<string>;
  /** Whether the two answers agree (default: the same key). */
  agree?: (fast: string, reference: string) => boolean;
}

async function measure(db: AppDb, queries: BenchQuery[]): Promise<Measured> {
  for (const q of queries.slice(0, 10)) await timed(db, false, q.fast); // warm up
  const out: Measured = { value: [], baseline: [], mismatches: [] };
  for (const q of queries) {
    const a = await timed(db, false, q.fast);
    const b = await timed(db, true, q.reference);
    out.value.push(a.ms);
    out.baseline.push(b.ms);
    if (!(q.agree ?? ((x, y) => x === y))(a.key, b.key))
      out.mismatches.push({ query: q.label, fast: a.key, baseline: b.key });
  }
  return out;
}

/** p50 and p95 per criteria mix, e.g. "industry + markets 6.1/12.3 ms (58)". */
function perMix(queries: BenchQuery[], ms: number[]): string {
  const byMix = new Map<string, number[]>();
  queries.forEach((q, i) => {
    if (q.mix) byMix.set(q.mix, [...(byMix.get(q.mix) ?? []), ms[i]!]);
  });
  return [...byMix]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([mix, v]) =>
        `${mix} p50/p95 ${percentile(v, 50).toFixed(1)}/${percentile(v, 95).toFixed(1)} ms (${v.length})`,
    )
    .join("; ");
}

/** How many totals were estimated (decision 046) and how far from the exact count. */
function estimates(errors: number[]): string {
  if (errors.length === 0) return "every total counted exactly";
  const pct = (p: number) => `${(percentile(errors, p) * 100).toFixed(1)}%`;
  return `${errors.length} totals estimated, error p50 ${pct(50)}, p95 ${pct(95)}, max ${pct(100)}`;
}

/** The table's size with its indexes, and the whole database's, in MB. */
async function sizes(db: AppDb): Promise<string> {
  const [row] = await queryRows<{ t: number | string; d: number | string }>(
    db,
    sql`select pg_total_relation_size('accounts') as t, pg_database_size(current_database()) as d`,
  );
  const mb = (v: number | string | undefined) => (Number(v) / 2 ** 20).toFixed(0);
  return `accounts with its indexes ${mb(row?.t)} MB, database ${mb(row?.d)} MB`;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

async function benchOne(database: Database, kind: "pglite" | "postgres", rows: number): Promise<Figure[]> {
  const t0 = performance.now();
  await fillBenchAccounts(database.db, rows, GROWN_INDEX);
  const fillSecs = (performance.now() - t0) / 1000;
  const size = await sizes(database.db);
  const loadBefore = loadAverage();
  // The service as the API runs it (the indexed search), and beside it the exhaustive reference
  // query with index scans off: the sequential scan the indexes save. Both must answer the same.
  // An estimated total (decision 046) is marked "~": the results must still be the same, and the
  // estimate's error against the exact count is collected for the note.
  const discoveryKey = (r: DiscoverySearchResponse) =>
    `${r.totalEstimated ? "~" : ""}${r.total}:${r.results.map((x) => `${x.username}=${x.matchPercentage}`).join(",")}`;
  const estimateErrors: number[] = [];
  const agree = (fast: string, reference: string) => {
    const [ft, ...fr] = fast.split(":");
    const [rt, ...rr] = reference.split(":");
    if (fr.join(":") !== rr.join(":")) return false;
    if (!ft!.startsWith("~")) return ft === rt;
    estimateErrors.push(Math.abs(Number(ft!.slice(1)) - Number(rt)) / Number(rt));
    return true;
  };
  const discovery: BenchQuery[] = discoveryQueries().map((q) => {
    const request = discoverySearchRequestSchema.parse(q);
    return {
      label: JSON.stringify(q),
      mix: discoveryMix(q),
      fast: async (tx) => discoveryKey(await createDiscoveryService({ db: tx }).search(request)),
      // The service leaves the samples out unless asked (the index holds real creators): so does the reference.
      reference: async (tx) =>
        discoveryKey(await searchExhaustive(tx, { ...request, samples: request.samples ?? "exclude" })),
      agree,
    };
  });
  const finder: BenchQuery[] = finderQueries().map((q) => {
    const request = finderRequestSchema.parse(q);
    return {
      label: `${q.platform}: ${q.description}`,
      fast: async (tx) =>
        (await createFinderService({ db: tx }).find(request)).results
          .map((x) => `${x.username}=${x.matchPercentage}`)
          .join(","),
      reference: async (tx) => {
        const plan = finderPlan(
          request.platform,
          await interpretDescription(request.description, request.platform),
        );
        const rows = plan ? await findExhaustive(tx, plan, request.limit) : [];
        return rows.map((x) => `${x.username}=${x.match}`).join(",");
      },
    };
  });
  const figures: Figure[] = [];
  for (const [name, queries] of [
    ["discovery", discovery],
    ["finder", finder],
  ] as const) {
    const m = await measure(database.db, queries);
    const value = percentile(m.value, 95);
    const baseline = percentile(m.baseline, 95);
    for (const x of m.mismatches.slice(0, 5)) {
      process.stderr.write(
        `${name} ${kind} ${rows}: answers differ for ${x.query}\n  fast     ${x.fast.slice(0, 300)}\n  baseline ${x.baseline.slice(0, 300)}\n`,
      );
    }
    figures.push({
      name: `${name}.p95_ms.${kind}.${rows}`,
      value,
      unit: "ms",
      baseline,
      ratio: value / baseline,
      target: TARGET_MS[name],
      note:
        `${queries.length} queries on ${rows.toLocaleString("en-US")} rows, a third profile-only and ` +
        `${GROWN_INDEX.samples.toLocaleString("en-US")} samples (filled in ${fillSecs.toFixed(1)} s; ${size}); ` +
        `p50 ${percentile(m.value, 50).toFixed(1)} ms vs ${percentile(m.baseline, 50).toFixed(1)} ms; ` +
        `${name === "discovery" ? `${perMix(queries, m.value)}; ${estimates(estimateErrors)}; ` : ""}` +
        `baseline = the exhaustive reference query with index, bitmap and index-only scans off; ` +
        `${m.mismatches.length} answers differed from the baseline's; load average ${loadBefore} before, ${loadAverage()} after`,
    });
  }
  return figures;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const MEMORY_TARGET_MB = 300;

/** Resident set size of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/**
 * Starts the real server on `databaseUrl`, sends it the discovery and finder queries over HTTP
 * (four at a time) and samples its RSS every 25 ms: the peak is the figure, the idle server after
 * start-up (and one warm-up query of each kind) the baseline.
 */
async function serverMemory(databaseUrl: string, rows: number): Promise<Figure> {
  // As users run it (issue #38): npm start's command, the compiled server under its Node flags.
  ensureBuilds();
  const child = spawn(process.execPath, npmStartArgs(), {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: "",
      PORT: "0",
      HOST: "127.0.0.1",
      SAMPLE_ACCOUNTS: "0",
      RATE_LIMIT_PER_MINUTE: "1000000",
      NODE_ENV: "development",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      const timer = setTimeout(() => reject(new Error(`server did not start: ${out.slice(-1500)}`)), 60_000);
      const on = (chunk: Buffer) => {
        if (out.length < 100_000) out += chunk.toString();
        const m = /ready at (http:\/\/[\d.:]+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      };
      child.stdout!.on("data", on);
      child.stderr!.on("data", on);
      child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${out.slice(-1500)}`)));
    });
    const calls = [
      ...discoveryQueries().map((q) => ["/api/discovery/search", q] as const),
      ...finderQueries().map((q) => ["/api/accounts/find", q] as const),
    ];
    const post = async ([route, body]: readonly [string, unknown]) => {
      const res = await fetch(`${url}${route}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${route} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      await res.arrayBuffer();
    };
    await post(calls[0]!);
    await post(calls[calls.length - 1]!);
    const idle = rssMb(child.pid!);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(child.pid!));
    }, 25);
    try {
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < calls.length) await post(calls[next++]!);
        }),
      );
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, rssMb(child.pid!));
    return {
      name: `discovery.server_rss_mb.postgres.${rows}`,
      value: peak,
      unit: "MB",
      baseline: idle,
      ratio: peak / idle,
      target: MEMORY_TARGET_MB,
      note: `peak RSS of the server process (npm start's command) during ${calls.length} discovery and finder requests over HTTP (4 at a time); baseline = the same server idle after start-up`,
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(null);
      else child.once("exit", resolve);
    });
  }
}

export function benchDiscovery(opts: BenchOptions): Promise<Figure[]> {
  // On PostgreSQL, also the memory of a real server process answering the same queries.
  return onEachEngine(
    rowsOption(opts.quick),
    enginesOption(),
    "bench_discovery",
    async (database, kind, rows, url) => [
      ...(await benchOne(database, kind, rows)),
      ...(url ? [await serverMemory(url, rows)] : []),
    ],
  );
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const figures = await benchDiscovery({ quick: process.argv.includes("--quick") });
  if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify({ figures })}\n`);
  else
    for (const f of figures) {
      process.stdout.write(
        `${f.name.padEnd(36)} ${f.value.toFixed(1).padStart(8)} ${f.unit}  baseline ${f.baseline?.toFixed(1)}  ratio ${f.ratio?.toFixed(3)}  target ${f.target}\n    ${f.note}\n`,
      );
    }
}
