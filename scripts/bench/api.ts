import autocannon from "autocannon";
import Fastify from "fastify";
import { indexFieldsForSnapshot } from "../../src/core/engine/build-report";
import { createApiKeyService } from "../../src/server/api-v1/api-key-service";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/database";
import { users } from "../../src/server/db/schema";
import { seedSampleAccounts } from "../../src/server/samples/sample-service";
import { createWorkspaceService } from "../../src/server/workspaces/workspace-service";
import { type BenchOptions, type Figure, percentile } from "./types";

async function rps(url: string, seconds: number, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: 20, duration: seconds, pipelining: 1, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * analysis.uncached_p95_ms — server time of uncached analyses of sample creators (no model), beside
 * GET /api/health in the same app; api.stored_report_ratio — stored-report reads/s ÷ a route in the
 * same app returning a constant body of the same size; api.bare_fastify_ratio — the same reads ÷ a
 * bare Fastify hello route (the physical limit); api.v1_stored_report_ratio — the same stored report
 * read through GET /api/v1/accounts/:platform/:username with an API key, ÷ the cookie route's reads/s
 * (v1 ÷ cookie: 1 means the key check costs nothing). Real HTTP on 127.0.0.1 (autocannon).
 */
export async function benchApi(opts: BenchOptions): Promise<Figure[]> {
  const n = opts.quick ? 60 : 200;
  const config = loadConfig(
    {
      DATA_DIR: "memory://",
      LOG_LEVEL: "silent",
      SAMPLE_ACCOUNTS: "0",
      ANON_REPORT_LIMIT: "1000000",
      ANON_IP_DAILY_LIMIT: "1000000",
      RATE_LIMIT_PER_MINUTE: "1000000",
      API_KEY_RATE_LIMIT_PER_MINUTE: "1000000",
      COLLECTORS: "sample",
    },
    () => "bench-secret-".repeat(4),
  );
  const database = await openDatabase({ dataDir: "memory://" });
  const now = new Date();
  await seedSampleAccounts(database.db, {
    count: n + 10,
    now,
    indexFields: (s) => indexFieldsForSnapshot(s, now),
  });
  const handles = (
    await database.db.query.accounts.findMany({ columns: { platform: true, username: true } })
  ).slice(0, n);
  const app = await buildApp(config, { database, logger: false });
  let constantBody = "";
  app.get("/api/bench-constant", async (_req, reply) =>
    reply.type("application/json; charset=utf-8").send(constantBody),
  );
  await app.ready();
  const bare = Fastify({ logger: false });
  bare.get("/", async () => ({ hello: "world" }));
  try {
    const times: number[] = [];
    const baseTimes: number[] = [];
    for (const h of handles) {
      const t0 = performance.now();
      const res = await app.inject({
        method: "POST",
        url: "/api/analyze",
        payload: { username: h.username, platform: h.platform },
      });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200)
        throw new Error(`analyze ${h.platform}/${h.username}: ${res.statusCode} ${res.body}`);
      const t1 = performance.now();
      await app.inject({ method: "GET", url: "/api/health" });
      baseTimes.push(performance.now() - t1);
    }
    const p95 = percentile(times, 95);
    const baseP95 = percentile(baseTimes, 95);

    const stored = handles[0]!;
    const storedPath = `/api/accounts/${stored.username}?platform=${stored.platform}`;
    constantBody = (await app.inject({ method: "GET", url: storedPath })).body;
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const bareAddress = await bare.listen({ port: 0, host: "127.0.0.1" });
    const secs = opts.quick ? 3 : 8;
    const storedRps = await rps(`${address}${storedPath}`, secs);
    // The same report through /api/v1 with a key, measured in two halves around a second cookie run
    // (other work on the machine drifts): v1 ÷ cookie, ≥ 0.8 is the target.
    const [owner] = await database.db
      .insert(users)
      .values({ email: "bench@example.com", name: "Bench" })
      .returning({ id: users.id });
    const workspaceId = await createWorkspaceService({
      db: database.db,
      now: () => new Date(),
    }).ensurePersonal(owner!.id);
    const { key } = await createApiKeyService({ db: database.db, now: () => new Date() }).create(
      { userId: owner!.id, workspaceId },
      {
        name: "bench",
        scopes: ["read"],
      },
    );
    const v1Path = `/api/v1/accounts/${stored.platform}/${encodeURIComponent(stored.username)}`;
    const bearer = { authorization: `Bearer ${key}` };
    const half = Math.max(2, Math.round(secs / 2));
    const v1First = await rps(`${address}${v1Path}`, half, bearer);
    const cookieAgain = await rps(`${address}${storedPath}`, half);
    const v1Second = await rps(`${address}${v1Path}`, half, bearer);
    const v1Rps = (v1First + v1Second) / 2;
    const cookieRps = (storedRps + cookieAgain) / 2;
    const constantRps = await rps(`${address}/api/bench-constant`, secs);
    const bareRps = await rps(`${bareAddress}/`, secs);
    return [
      {
        name: "analysis.uncached_p95_ms",
        value: p95,
        unit: "ms",
        baseline: baseP95,
        ratio: p95 / baseP95,
        target: 50,
        note: `${n} uncached analyses of sample creators through POST /api/analyze (app.inject), baseline GET /api/health`,
      },
      {
        name: "api.stored_report_ratio",
        value: storedRps / constantRps,
        unit: "ratio",
        baseline: constantRps,
        ratio: storedRps / constantRps,
        target: 0.6,
        note: `${Math.round(storedRps)} req/s for GET ${storedPath.split("?")[0]} vs ${Math.round(constantRps)} req/s for a constant ${constantBody.length}-byte body`,
      },
      {
        name: "api.v1_stored_report_ratio",
        value: v1Rps / cookieRps,
        unit: "ratio (v1 ÷ cookie route; higher is better)",
        baseline: cookieRps,
        ratio: v1Rps / cookieRps,
        target: 0.8,
        note: `${Math.round(v1Rps)} req/s for GET ${v1Path} with a Bearer key vs ${Math.round(cookieRps)} req/s for the cookie route GET ${storedPath.split("?")[0]} (same report, same run)`,
      },
      {
        name: "api.bare_fastify_ratio",
        value: storedRps / bareRps,
        unit: "ratio",
        baseline: bareRps,
        ratio: storedRps / bareRps,
        note: `${Math.round(storedRps)} req/s vs ${Math.round(bareRps)} req/s for a bare Fastify hello route`,
      },
    ];
  } finally {
    await app.close();
    await bare.close();
    await database.close();
  }
}
