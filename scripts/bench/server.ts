import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGLITE_START_PARAMS } from "../../src/server/db/pglite-settings";
import { discoveryQueries, finderQueries } from "./discovery";
import { ensureBuilds, npmStartArgs } from "./npm-start";
import type { BenchOptions, Figure } from "./types";

/**
 * The embedded default as a new user runs it (issue #38): `npm start` (scripts/start.mjs: the
 * compiled server on PGlite, 2,000 sample creators) on a fresh data folder, then again.
 *
 * - server.rss_mb.peak_first_start — the process's peak RSS (VmHWM) over its first start, seeding
 *   included, up to healthy; baseline: a bare Node process creating PGlite on a fresh folder.
 * - server.start_s — second start, spawn to GET /api/health answering; baseline `node -e ""`.
 * - server.rss_mb.idle — RSS 5 s after that second start; baseline: a bare Node process holding
 *   the same PGlite database open (the same start parameters) after a query on each table.
 * - server.rss_mb.after_load — RSS after 100 mixed requests (25 reports made, 15 stored reports
 *   read, 10 report pages rendered, 20 discovery searches, 20 finder queries, 10 report lists), one at a time, plus 2 s.
 *
 * It runs `npm start`'s own Node command (package.json, with its flags). The builds are made first
 * (not timed) if missing or stale, as `npm start` would.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TARGETS = { start: 3, idle: 300, afterLoad: 350, peak: 600 };

function status(pid: number): { rss: number; hwm: number } {
  const text = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? Number.NaN);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
}

interface Started {
  child: ChildProcess;
  url: string;
  seconds: number;
  peakMb: number;
}

/** `node scripts/start.mjs` on `dataDir`; resolves once GET /api/health answers 200. */
async function start(dataDir: string): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, npmStartArgs(), {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: "",
      REDIS_URL: "",
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      SAMPLE_ACCOUNTS: "2000",
      COLLECTORS: "sample",
      ANON_REPORT_LIMIT: "1000000",
      ANON_IP_DAILY_LIMIT: "1000000",
      RATE_LIMIT_PER_MINUTE: "1000000",
      NODE_ENV: "development",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, status(child.pid!).hwm);
    } catch {
      /* exited */
    }
  }, 50);
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      const timer = setTimeout(() => reject(new Error(`server did not start: ${out.slice(-1500)}`)), 180_000);
      const on = (chunk: Buffer) => {
        if (out.length < 200_000) out += chunk.toString();
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
    for (;;) {
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(20);
    }
    const seconds = (performance.now() - t0) / 1000;
    peak = Math.max(peak, status(child.pid!).hwm);
    return { child, url, seconds, peakMb: peak };
  } finally {
    clearInterval(sampler);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** A bare Node process with PGlite on `pgdata` (the server's start parameters); its RSS figures. */
function barePglite(pgdata: string, scan: boolean): { rss: number; hwm: number } {
  const script = `
    import fs from "node:fs";
    const { PGlite } = await import("@electric-sql/pglite");
    const pg = await PGlite.create({ dataDir: ${JSON.stringify(pgdata)}, startParams: ${JSON.stringify(PGLITE_START_PARAMS)} });
    await pg.query("select 1");
    if (${scan}) {
      const t = await pg.query("select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace");
      for (const { relname } of t.rows) await pg.query('select count(*) from "' + relname + '"');
    }
    await new Promise((r) => setTimeout(r, 2000));
    const s = fs.readFileSync("/proc/self/status", "utf8");
    const kb = (k) => Number(new RegExp("^" + k + ":\\\\s+(\\\\d+)", "m").exec(s)[1]);
    console.log(JSON.stringify({ rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 }));
    await pg.close();`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`bare PGlite process failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop()!);
}

function nodeStartSeconds(): number {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, ["-e", ""]);
    runs.push((performance.now() - t0) / 1000);
  }
  return runs.sort((a, b) => a - b)[2]!;
}

/** Platform/username pairs anywhere in a JSON answer. */
function handlesIn(value: unknown, out: { platform: string; username: string }[] = []) {
  if (Array.isArray(value)) for (const v of value) handlesIn(v, out);
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.platform === "string" && typeof o.username === "string") {
      out.push({ platform: o.platform, username: o.username });
    } else for (const v of Object.values(o)) handlesIn(v, out);
  }
  return out;
}

async function mixedRequests(url: string): Promise<void> {
  const call = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok)
      throw new Error(`${method} ${route} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return res.json() as Promise<unknown>;
  };
  const handles = new Map<string, { platform: string; username: string }>();
  const collect = (answer: unknown) => {
    for (const h of handlesIn(answer)) handles.set(`${h.platform}/${h.username}`, h);
  };
  for (const q of discoveryQueries(20)) collect(await call("POST", "/api/discovery/search", q));
  for (const q of finderQueries(20)) collect(await call("POST", "/api/accounts/find", q));
  const picked = [...handles.values()].slice(0, 25);
  if (picked.length < 25) throw new Error(`the searches found ${picked.length} creators, expected 25`);
  for (const h of picked) await call("POST", "/api/analyze", h);
  for (const h of picked.slice(0, 15)) {
    await call("GET", `/api/accounts/${encodeURIComponent(h.username)}?platform=${h.platform}`);
  }
  // Report pages: the server renders them with the server copy of the web app.
  for (const h of picked.slice(15)) {
    const res = await fetch(`${url}/report/${h.platform}/${encodeURIComponent(h.username)}`);
    if (!res.ok) throw new Error(`report page of ${h.platform}/${h.username} answered ${res.status}`);
    await res.text();
  }
  for (let i = 0; i < 10; i++) await call("GET", `/api/accounts?limit=${10 + i}`);
}

export async function benchServer(_opts: BenchOptions): Promise<Figure[]> {
  if (process.platform !== "linux") throw new Error("the server part reads /proc (Linux)");
  ensureBuilds();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-server-"));
  const bareDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-bare-"));
  try {
    const bareFirst = barePglite(path.join(bareDir, "pgdata"), false);
    const loadFirst = loadAverage();
    const first = await start(dataDir);
    await stop(first.child);

    const nodeE = nodeStartSeconds();
    const loadSecond = loadAverage();
    const second = await start(dataDir);
    let idle: number;
    let afterLoad: number;
    try {
      await sleep(5000);
      idle = status(second.child.pid!).rss;
      await mixedRequests(second.url);
      await sleep(2000);
      afterLoad = status(second.child.pid!).rss;
    } finally {
      await stop(second.child);
    }
    const bareOpen = barePglite(path.join(dataDir, "pgdata"), true);
    process.stderr.write(
      `  (server: first start ${first.seconds.toFixed(1)} s under load ${loadFirst}; second start under load ${loadSecond})\n`,
    );
    return [
      {
        name: "server.start_s",
        value: second.seconds,
        unit: "s",
        baseline: nodeE,
        ratio: second.seconds / nodeE,
        target: TARGETS.start,
        note: `second start of npm start (2,000 sample creators), spawn to healthy; baseline node -e "" (median of 5); load average ${loadSecond}`,
      },
      {
        name: "server.rss_mb.idle",
        value: idle,
        unit: "MB",
        baseline: bareOpen.rss,
        ratio: idle / bareOpen.rss,
        target: TARGETS.idle,
        note: "RSS 5 s after the second start; baseline a bare Node process holding the same PGlite database open",
      },
      {
        name: "server.rss_mb.after_load",
        value: afterLoad,
        unit: "MB",
        baseline: bareOpen.rss,
        ratio: afterLoad / bareOpen.rss,
        target: TARGETS.afterLoad,
        note: "RSS after 100 mixed requests (25 reports, 15 stored reads, 10 report pages, 20 discovery, 20 finder, 10 lists); same baseline",
      },
      {
        name: "server.rss_mb.peak_first_start",
        value: first.peakMb,
        unit: "MB",
        baseline: bareFirst.hwm,
        ratio: first.peakMb / bareFirst.hwm,
        target: TARGETS.peak,
        note: `peak RSS (VmHWM) of the first start with seeding, up to healthy (${first.seconds.toFixed(1)} s, load average ${loadFirst}); baseline a bare Node process creating PGlite on a fresh folder`,
      },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(bareDir, { recursive: true, force: true });
  }
}
