/**
 * Load test of the scale-out setup: stored-report reads across two app instances sharing PostgreSQL
 * and Redis, on loopback, bounded in time.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
 *     node --import tsx scripts/bench/scale-out-load.ts [--duration=30] [--connections=16] [--accounts=100] [--json]
 *
 * It creates a database and a Redis key prefix of its own (both removed at the end), starts two
 * server processes (`src/server/server.ts`) on free ports, stores reports of `--accounts` sample
 * creators through POST /api/analyze, then runs autocannon against both instances at once for
 * `--duration` seconds, each connection cycling through GET /api/accounts/<handle>?platform=<p>.
 * Exit code 1 when any request failed or answered other than 200.
 */
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import net from "node:net";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import pg from "pg";
import { indexFieldsForSnapshot } from "../../src/core/engine/build-report";
import { openDatabase } from "../../src/server/db/database";
import { seedSampleAccounts } from "../../src/server/samples/sample-service";

const args = process.argv.slice(2);
const flag = (name: string, dflt: number) => {
  const v = args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  const n = v === undefined ? dflt : Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
};
const duration = Math.min(flag("duration", 30), 300);
const connections = flag("connections", 16);
const accounts = flag("accounts", 100);
const asJson = args.includes("--json");
const log = (s: string) => process.stderr.write(`${s}\n`);

const baseDbUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!baseDbUrl || !redisUrl) {
  log("The scale-out load test needs DATABASE_URL (PostgreSQL) and REDIS_URL (Redis).");
  process.exit(2);
}
for (const u of [baseDbUrl, redisUrl]) {
  const host = new URL(u).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    log(`Refusing to load-test a non-loopback host (${host}).`);
    process.exit(2);
  }
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const dbName = `loadtest_${crypto.randomBytes(5).toString("hex")}`;
const prefix = `loadtest:${crypto.randomBytes(4).toString("hex")}:`;
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function startInstance(dbUrl: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "src/server/server.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SESSION_SECRET: "load-test-secret-".repeat(3),
      COLLECTORS: "sample",
      SAMPLE_ACCOUNTS: "0",
      ANON_REPORT_LIMIT: "1000000",
      ANON_IP_DAILY_LIMIT: "1000000",
      RATE_LIMIT_PER_MINUTE: "1000000",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr!.on("data", (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited with ${child.exitCode}: ${stderr}`);
    const ok = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return url;
    if (Date.now() > deadline) throw new Error(`instance on ${url} not ready in 60 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function percentiles(r: autocannon.Result) {
  return { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max };
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: baseDbUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(baseDbUrl!);
  u.pathname = `/${dbName}`;
  const dbUrl = u.toString();
  try {
    // Migrate and seed the sample creators once, then start both instances on it.
    const database = await openDatabase({ databaseUrl: dbUrl, dataDir: "memory://" });
    const now = new Date();
    await seedSampleAccounts(database.db, {
      count: accounts,
      now,
      indexFields: (s) => indexFieldsForSnapshot(s, now),
    });
    const res = await database.db.execute(
      sql`select platform, username from accounts where is_sample order by id`,
    );
    const handles = (res as unknown as { rows: { platform: string; username: string }[] }).rows;
    await database.close();
    log(`Starting two instances on ${dbName} (Redis prefix ${prefix})…`);
    const urls = await Promise.all([startInstance(dbUrl), startInstance(dbUrl)]);
    log(`Storing ${handles.length} reports through POST /api/analyze…`);
    for (const [i, h] of handles.entries()) {
      const r = await fetch(`${urls[i % 2]}/api/analyze`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: h.username, platform: h.platform }),
      });
      if (r.status !== 200) throw new Error(`analyse @${h.username}: HTTP ${r.status} ${await r.text()}`);
    }
    const requests = handles.map((h) => ({
      method: "GET" as const,
      path: `/api/accounts/${encodeURIComponent(h.username)}?platform=${h.platform}`,
    }));
    log(`Reading stored reports from both instances for ${duration} s (${connections} connections each)…`);
    const results = await Promise.all(
      urls.map((url) => autocannon({ url, connections, duration, pipelining: 1, requests })),
    );
    // Baseline in the same run (the machine is shared and noisy): GET /api/health — the same
    // plugins and one `select 1` on PostgreSQL — through both instances, 10 s.
    log("Baseline: GET /api/health through both instances for 10 s…");
    const baseline = await Promise.all(
      urls.map((url) => autocannon({ url: `${url}/api/health`, connections, duration: 10, pipelining: 1 })),
    );
    const baselinePerSecond = baseline.reduce((n, r) => n + r.requests.average, 0);
    const baselineP99 = Math.max(...baseline.map((r) => r.latency.p99));
    const total = {
      requests: results.reduce((n, r) => n + r.requests.total, 0),
      perSecond: results.reduce((n, r) => n + r.requests.average, 0),
      errors: results.reduce((n, r) => n + r.errors, 0),
      timeouts: results.reduce((n, r) => n + r.timeouts, 0),
      non2xx: results.reduce((n, r) => n + r.non2xx, 0),
      p99: Math.max(...results.map((r) => r.latency.p99)),
    };
    const report = {
      machine: "2 shared cores (autocannon, both instances, PostgreSQL and Redis on the same machine)",
      durationSeconds: duration,
      connectionsPerInstance: connections,
      storedReports: handles.length,
      total,
      baseline: { route: "GET /api/health", perSecond: baselinePerSecond, p99: baselineP99 },
      ratio: total.perSecond / baselinePerSecond,
      instances: results.map((r, i) => ({
        url: urls[i],
        requests: r.requests.total,
        perSecond: r.requests.average,
        latencyMs: percentiles(r),
        errors: r.errors,
        non2xx: r.non2xx,
      })),
    };
    if (asJson) process.stdout.write(`${JSON.stringify(report)}\n`);
    else {
      process.stdout.write(
        `stored-report reads across 2 instances, ${duration} s: ${total.requests.toLocaleString("en-US")} requests ` +
          `(${Math.round(total.perSecond).toLocaleString("en-US")}/s), errors ${total.errors}, timeouts ${total.timeouts}, ` +
          `non-2xx ${total.non2xx}, p99 ${total.p99} ms\n`,
      );
      process.stdout.write(
        `baseline GET /api/health, 10 s: ${Math.round(baselinePerSecond).toLocaleString("en-US")}/s, p99 ${baselineP99} ms ` +
          `(stored reads ÷ baseline: ${report.ratio.toFixed(2)})\n`,
      );
      for (const i of report.instances)
        process.stdout.write(
          `  ${i.url}: ${i.requests.toLocaleString("en-US")} requests, p50 ${i.latencyMs.p50} ms, p90 ${i.latencyMs.p90} ms, p99 ${i.latencyMs.p99} ms, max ${i.latencyMs.max} ms\n`,
        );
    }
    if (total.errors + total.timeouts + total.non2xx > 0) process.exitCode = 1;
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
    await Promise.all(
      children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null)),
    );
    const cleanup = new pg.Client({ connectionString: baseDbUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await cleanup.end();
    const redis = new Redis(redisUrl!);
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== "0");
    await redis.quit();
  }
}

await main();
