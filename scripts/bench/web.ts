import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { indexFieldsForSnapshot } from "../../src/core/engine/build-report";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/database";
import { seedSampleAccounts } from "../../src/server/samples/sample-service";
import { type BenchOptions, type Figure, percentile } from "./types";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const webRoot = path.join(root, "dist/web");

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function gzKb(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
}

/** The JavaScript the home page loads before anything lazy: its module entry and modulepreloads. */
function initialScripts(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) out.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) out.add(m[1]!);
  return [...out].map((u) => path.join(webRoot, u.replace(/^\//, "")));
}

/** Lighthouse 12's mobile profile (simulated slow 4G and a 4× slower CPU), performance only. */
async function lighthouseRun(
  url: string,
): Promise<{ score: number; fcp: number; lcp: number; tbt: number; cls: number }> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    const lhr = result?.lhr;
    const score = lhr?.categories.performance?.score;
    if (!lhr || typeof score !== "number") {
      throw new Error(
        `Lighthouse gave no performance score for ${url}: ${lhr?.runtimeError?.message ?? "no result"}`,
      );
    }
    const ms = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    // BENCH_LH_DETAILS=1: where the main thread's time went (to stderr, so --json stays parseable).
    if (process.env.BENCH_LH_DETAILS === "1") {
      const rows = (id: string) =>
        ((lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(
          0,
          8,
        );
      process.stderr.write(
        `${url}\n${JSON.stringify({ bootup: rows("bootup-time"), longTasks: rows("long-tasks"), lcp: rows("largest-contentful-paint-element") }, null, 1)}\n`,
      );
    }
    return {
      score: score * 100,
      fcp: ms("first-contentful-paint"),
      lcp: ms("largest-contentful-paint"),
      tbt: ms("total-blocking-time"),
      cls: ms("cumulative-layout-shift"),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse sometimes loses the trace of a load ("NO_NAVSTART … Please run Lighthouse again"): one
 * more attempt, then the error stands.
 */
async function lighthouseOnceMore(url: string): ReturnType<typeof lighthouseRun> {
  try {
    return await lighthouseRun(url);
  } catch (err) {
    if (!/run Lighthouse again/i.test(err instanceof Error ? err.message : "")) throw err;
    process.stderr.write(`${url}: ${(err as Error).message}; running it once more\n`);
    return lighthouseRun(url);
  }
}

/**
 * web.initial_js_gz_kb — the home page's initial JavaScript, gzipped (budget 170 KB), beside all the
 * app's JavaScript gzipped (ratio = the share a first visit downloads; charts and heavy views are lazy).
 * web.report_js_gz_kb — the JavaScript a report page loads before anything lazy (the entry's and the page's
 * own chunks), gzipped, beside the home page's initial JavaScript.
 * web.report_load_ms — a report route in Chromium on 127.0.0.1, from navigation to the report and its
 * first chart on screen, cold cache (median of several loads), beside /about loaded the same way.
 * web.lighthouse.home / .report / .discovery — Lighthouse 12 mobile performance score (0–100; target
 * ≥ 90) of `/`, `/report/instagram/<sample>` and `/influencer-discovery` served with the built,
 * precompressed assets, beside /about scored the same way (median of runs).
 */
export async function benchWeb(opts: BenchOptions): Promise<Figure[]> {
  if (!fs.existsSync(path.join(webRoot, "index.html"))) {
    const r = spawnSync(
      process.execPath,
      [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
      {
        cwd: root,
        stdio: "inherit",
      },
    );
    if (r.status !== 0) throw new Error("vite build failed");
  }
  const html = fs.readFileSync(path.join(webRoot, "index.html"), "utf8");
  const initial = initialScripts(html);
  let initialKb = 0;
  for (const f of initial) initialKb += gzKb(f);
  let allKb = 0;
  for (const f of fs.readdirSync(path.join(webRoot, "assets"))) {
    if (f.endsWith(".js")) allKb += gzKb(path.join(webRoot, "assets", f));
  }
  const figures: Figure[] = [
    {
      name: "web.initial_js_gz_kb",
      value: initialKb,
      unit: "KB",
      baseline: allKb,
      ratio: initialKb / allKb,
      target: 170,
      note: `${initial.length} files (entry + modulepreloads), gzip -9; baseline = all ${Math.round(allKb)} KB of the app's JS`,
    },
  ];

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
    count: 20,
    now,
    indexFields: (s) => indexFieldsForSnapshot(s, now),
  });
  const app = await buildApp(config, { database, logger: false, webRoot });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  try {
    const [h] = await database.db.query.accounts.findMany({
      columns: { platform: true, username: true },
      where: (a, { and, eq }) => and(eq(a.platform, "instagram"), eq(a.isPrivate, false)),
      limit: 1,
    });
    if (!h) throw new Error("no sample account was seeded");
    const res = await app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: h.username, platform: h.platform },
    });
    if (res.statusCode !== 200) throw new Error(`analyze: ${res.statusCode} ${res.body}`);
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    // What a report page loads: the server adds the page's own chunks to the entry's (page-preloads.ts).
    const reportHtml = await (await fetch(`${base}/report/${h.platform}/${h.username}`)).text();
    const reportScripts = initialScripts(reportHtml);
    let reportKb = 0;
    for (const f of reportScripts) reportKb += gzKb(f);
    figures.push({
      name: "web.report_js_gz_kb",
      value: reportKb,
      unit: "KB",
      baseline: initialKb,
      ratio: reportKb / initialKb,
      note: `${reportScripts.length} files a report page loads (entry + modulepreloads), gzip -9; baseline = the home page's initial JavaScript`,
    });

    /** ms from navigation start until `ready` holds, in a fresh context (cold HTTP cache). */
    const load = async (url: string, ready: string, reveal?: string): Promise<number> => {
      const context = await browser.newContext();
      const page = await context.newPage();
      try {
        await page.goto(url, { waitUntil: "commit" });
        // The report's charts render once their place scrolls into view (issue #25): scroll to it,
        // as a reader does, then time the chart.
        if (reveal) await page.locator(reveal).first().scrollIntoViewIfNeeded({ timeout: 30_000 });
        // Selectors, not string predicates: the app's CSP forbids eval.
        await page.locator(ready).first().waitFor({ state: "visible", timeout: 30_000 });
        return await page.evaluate(() => performance.now());
      } finally {
        await context.close();
      }
    };
    const reportReady = "[data-testid=report-view] .recharts-surface";
    const reportChart = "[data-testid=report-view] [data-testid=deferred]";
    const aboutReady = "main h1";
    const rounds = opts.quick ? 3 : 7;
    await load(`${base}/about`, aboutReady); // warm the server's file reads
    const reportTimes: number[] = [];
    const aboutTimes: number[] = [];
    for (let r = 0; r < rounds; r++) {
      reportTimes.push(await load(`${base}/report/${h.platform}/${h.username}`, reportReady, reportChart));
      aboutTimes.push(await load(`${base}/about`, aboutReady));
    }
    const report = percentile(reportTimes, 50);
    const about = percentile(aboutTimes, 50);
    figures.push({
      name: "web.report_load_ms",
      value: report,
      unit: "ms",
      baseline: about,
      ratio: report / about,
      note: `median of ${rounds} cold loads of /report/${h.platform}/<sample> until the report and its first chart show; baseline /about until its heading shows`,
    });
    await browser.close();

    const lhRuns = opts.quick ? 1 : 3;
    const scored = async (url: string) => {
      const runs: Awaited<ReturnType<typeof lighthouseRun>>[] = [];
      for (let r = 0; r < lhRuns; r++) runs.push(await lighthouseOnceMore(url));
      runs.sort((a, b) => a.score - b.score);
      return runs[Math.floor((runs.length - 1) / 2)]!;
    };
    const aboutScore = await scored(`${base}/about`);
    const pages: [string, string][] = [
      ["home", "/"],
      ["report", `/report/${h.platform}/${h.username}`],
      ["discovery", "/influencer-discovery"],
    ];
    for (const [name, pagePath] of pages) {
      const lh = await scored(`${base}${pagePath}`);
      figures.push({
        name: `web.lighthouse.${name}`,
        value: lh.score,
        unit: "score",
        baseline: aboutScore.score,
        ratio: lh.score / aboutScore.score,
        target: 90,
        note: `${pagePath.replace(h.username, "<sample>")}: FCP ${(lh.fcp / 1000).toFixed(1)} s, LCP ${(lh.lcp / 1000).toFixed(1)} s, TBT ${Math.round(lh.tbt)} ms, CLS ${lh.cls.toFixed(3)}; median of ${lhRuns} Lighthouse 12 mobile runs; baseline /about scored the same way`,
      });
    }
    return figures;
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}
