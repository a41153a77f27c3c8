import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BRAND_NAME, SHELL_BRAND_MARK } from "#core/seo/page-meta";
import type { Database } from "../db/database";
import { createSeoService } from "../seo/seo-service";
import { createTestPglite } from "../testing/test-db";
import { registerWebApp } from "./static-web";

/** A build whose index.html carries the static shell, as vite.config.ts's prerenderShell writes it. */
const FRAME = `<div data-static-shell><header><a href="/"><span data-testid="brand-name">${SHELL_BRAND_MARK}</span></a></header><main>Loading…</main><footer>© ${SHELL_BRAND_MARK}</footer></div>`;
const HOME = `<div data-static-shell><header>${SHELL_BRAND_MARK}</header><main><h1>Home page, whole</h1></main></div>`;

function webRootWithShell({ pages = true } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-web-shell-"));
  fs.writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><html><head><title>app</title></head><body><div id="root">${FRAME}</div></body></html>`,
  );
  if (pages) {
    fs.mkdirSync(path.join(dir, ".vite"));
    fs.writeFileSync(
      path.join(dir, ".vite", "static-pages.json"),
      JSON.stringify({ frame: FRAME, pages: { "/": HOME } }),
    );
  }
  return dir;
}

// Characters that must be escaped in HTML, and `$&`, which String.replace would expand.
const BRAND = `Tom & Jerry's "<Lab>" $& Co`;
const ESCAPED = "Tom &amp; Jerry&#39;s &quot;&lt;Lab&gt;&quot; $&amp; Co";

describe("the static shell names the configured brand (decision 027)", () => {
  let database: Database;
  let withSeo: FastifyInstance;
  let bare: FastifyInstance;

  beforeAll(async () => {
    database = await createTestPglite();
    const site = { brandName: BRAND, appUrl: "https://reports.example" };
    withSeo = Fastify();
    await registerWebApp(withSeo, webRootWithShell(), {
      service: createSeoService({ db: database.db, appUrl: site.appUrl, brandName: BRAND, blogPosts: [] }),
      site,
    });
    bare = Fastify();
    await registerWebApp(bare, webRootWithShell({ pages: false }));
  });
  afterAll(async () => {
    await withSeo?.close();
    await bare?.close();
    await database?.close();
  });

  it("writes the brand, escaped, wherever the shell marks it", async () => {
    const res = await withSeo.inject({ method: "GET", url: "/about" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<span data-testid="brand-name">${ESCAPED}</span>`);
    expect(res.body).toContain(`<footer>© ${ESCAPED}</footer>`);
    expect(res.body).not.toContain(SHELL_BRAND_MARK);
  });

  it("serves the home page rendered whole at /, and the loading frame elsewhere or with a query", async () => {
    const home = await withSeo.inject({ method: "GET", url: "/" });
    expect(home.body).toContain(`<header>${ESCAPED}</header><main><h1>Home page, whole</h1></main>`);
    expect(home.body).not.toContain("Loading…");
    for (const url of ["/influencer-discovery", "/?tab=other"]) {
      const other = await withSeo.inject({ method: "GET", url });
      expect(other.body).toContain("<main>Loading…</main>");
      expect(other.body).not.toContain("Home page, whole");
    }
  });

  it("refuses to start on a static-pages file the build did not write, saying what to do", async () => {
    const dir = webRootWithShell();
    fs.writeFileSync(path.join(dir, ".vite", "static-pages.json"), JSON.stringify({ frame: "", pages: [] }));
    await expect(registerWebApp(Fastify(), dir)).rejects.toThrow(
      /static-pages\.json is not what the build writes \(frame: .*; pages: .*\): run `npm run build` again/,
    );
  });

  it("falls back to the default brand without site information", async () => {
    const res = await bare.inject({ method: "GET", url: "/influencer-discovery" });
    expect(res.body).toContain(`<span data-testid="brand-name">${DEFAULT_BRAND_NAME}</span>`);
  });

  it("never serves the template itself as a file", async () => {
    const res = await withSeo.inject({ method: "GET", url: "/index.html" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(SHELL_BRAND_MARK);
  });
});
