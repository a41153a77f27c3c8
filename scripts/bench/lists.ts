/**
 * lists.export_ms.pdf: the median time of GET /api/lists/:id/export?format=pdf for a 200-creator list
 * (every creator with a stored report), through the app (auth, ownership, the list query with each
 * creator's newest report, rendering, the response). Baseline, measured in the same run on the same
 * list: the CSV export (ratio = PDF ÷ CSV). lists.export_ms.xlsx is the XLSX export beside the same CSV.
 *
 * Run alone: npm run bench -- --only=lists [--quick]
 */

import { indexFieldsForSnapshot } from "../../src/core/engine/build-report";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/database";
import { seedSampleAccounts } from "../../src/server/samples/sample-service";
import { type BenchOptions, type Figure, percentile } from "./types";

const CREATORS = 200;

export async function benchLists(opts: BenchOptions): Promise<Figure[]> {
  const runs = opts.quick ? 7 : 25;
  const config = loadConfig(
    {
      DATA_DIR: "memory://",
      LOG_LEVEL: "silent",
      SAMPLE_ACCOUNTS: "0",
      DEV_LOGIN: "1",
      USER_DAILY_REPORT_LIMIT: "1000000",
      RATE_LIMIT_PER_MINUTE: "1000000",
      COLLECTORS: "sample",
    },
    () => "bench-secret-".repeat(4),
  );
  const database = await openDatabase({ dataDir: "memory://" });
  const now = new Date();
  await seedSampleAccounts(database.db, {
    count: CREATORS * 2,
    now,
    indexFields: (s) => indexFieldsForSnapshot(s, now),
  });
  const handles = (
    await database.db.query.accounts.findMany({
      columns: { platform: true, username: true },
      where: (a, { eq }) => eq(a.isPrivate, false),
    })
  ).slice(0, CREATORS);
  if (handles.length < CREATORS) throw new Error(`only ${handles.length} public sample creators`);
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  try {
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "bench@example.com" },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const call = async (method: "GET" | "POST", url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers: { cookie }, payload });
      if (res.statusCode >= 300)
        throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    };
    const list = (await call("POST", "/api/lists", { name: "Bench campaign" })).json() as { id: number };
    for (const [i, h] of handles.entries()) {
      await call("POST", "/api/analyze", { platform: h.platform, username: h.username });
      await call("POST", `/api/lists/${list.id}/items`, {
        platform: h.platform,
        username: h.username,
        note: `Note ${i}: budget ${1000 + i}, =SUM(A1:A9) <b>not markup</b>`,
        status: i % 3 === 0 ? "contacted" : "prospect",
      });
    }
    const detail = (await call("GET", `/api/lists/${list.id}`)).json() as {
      items: { reportDate: string | null }[];
    };
    if (detail.items.filter((i) => i.reportDate).length !== CREATORS)
      throw new Error("not every creator has a report");

    const time = async (format: string) => {
      const t0 = performance.now();
      const res = await call("GET", `/api/lists/${list.id}/export?format=${format}`);
      const ms = performance.now() - t0;
      if (res.rawPayload.length < 1000)
        throw new Error(`${format} export is only ${res.rawPayload.length} bytes`);
      return ms;
    };
    // Warm-up: fonts, the XLSX library and query plans load once.
    for (const f of ["csv", "xlsx", "pdf"]) await time(f);
    const samples: Record<string, number[]> = { csv: [], xlsx: [], pdf: [] };
    // Interleaved, so a noisy moment on this shared machine hits all three alike.
    for (let r = 0; r < runs; r++) for (const f of ["csv", "pdf", "xlsx"]) samples[f]!.push(await time(f));
    const csv = percentile(samples.csv!, 50);
    const pdf = percentile(samples.pdf!, 50);
    const xlsx = percentile(samples.xlsx!, 50);
    return [
      {
        name: "lists.export_ms.pdf",
        value: pdf,
        unit: "ms",
        baseline: csv,
        ratio: pdf / csv,
        note: `${CREATORS} creators, median of ${runs}; baseline CSV`,
      },
      {
        name: "lists.export_ms.xlsx",
        value: xlsx,
        unit: "ms",
        baseline: csv,
        ratio: xlsx / csv,
        note: `${CREATORS} creators, median of ${runs}; baseline CSV`,
      },
    ];
  } finally {
    await app.close();
    await database.close();
  }
}
