import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { spawnServer, stopServer } from "./server";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface E2eContext {
  url: string;
  browser: Browser;
  page: Page;
  server: ChildProcess;
  dataDir: string;
  /** Browser console errors and uncaught page errors seen so far. */
  pageErrors: string[];
}

/** Starts the built app on a fresh copy of a migrated data folder and a Chromium, once per file. */
export function useE2e(env: Record<string, string> = {}): E2eContext {
  const ctx = { pageErrors: [] as string[] } as E2eContext;
  beforeAll(async () => {
    if (!fs.existsSync(path.join(root, "dist/web/index.html"))) {
      throw new Error("The web app is not built: run `npm run build` (npm run test:e2e does it).");
    }
    ctx.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "app-e2e-"));
    // A copy of a folder whose database is already created and migrated (global-setup.ts).
    fs.cpSync(inject("e2eDataTemplate"), ctx.dataDir, { recursive: true });
    const spawned = spawnServer({ DATA_DIR: ctx.dataDir, ...env });
    ctx.server = spawned.child;
    // Chromium starts while the server does (each takes seconds; issue #38 item 3: CI time).
    const launched = chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      headless: true,
      args: CHROMIUM_FLAGS, // playwright gives each launch a new empty profile
    });
    // Kept here so a failed launch is reported by the await below, not as an unhandled rejection.
    launched.catch(() => undefined);
    try {
      ctx.url = await spawned.ready;
    } catch (err) {
      // afterAll closes only a browser it knows of.
      await launched.then(
        (b) => b.close(),
        () => undefined,
      );
      throw err;
    }
    ctx.browser = await launched;
    ctx.page = await ctx.browser.newPage();
    if (process.env.DEBUG_REQ) {
      const t0 = Date.now();
      ctx.page.on("request", (r) => {
        if (r.url().includes("/api/"))
          process.stderr.write(`REQ ${Date.now() - t0} ${r.method()} ${r.url()}\n`);
      });
      ctx.page.on("response", (r) => {
        if (r.url().includes("/api/"))
          process.stderr.write(`RES ${Date.now() - t0} ${r.status()} ${r.url()}\n`);
      });
      ctx.page.on("requestfailed", (r) =>
        process.stderr.write(`FAIL ${Date.now() - t0} ${r.url()} ${r.failure()?.errorText}\n`),
      );
    }
    ctx.page.on("pageerror", (e) => ctx.pageErrors.push(e.message));
    ctx.page.on("console", (m) => {
      // The location names the resource behind a "Failed to load resource" line.
      if (m.type() === "error") ctx.pageErrors.push(`${m.text()} (${m.location().url})`);
    });
  });
  afterAll(async () => {
    await ctx.browser?.close();
    if (ctx.server) await stopServer(ctx.server);
    if (ctx.dataDir) fs.rmSync(ctx.dataDir, { recursive: true, force: true });
  });
  return ctx;
}
