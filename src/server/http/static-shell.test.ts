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

/** A build with its Node copy of the shell (dist/ssr/static-shell.js beside dist/web). */
function buildWithRenderer(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "app-dist-"));
  const web = path.join(dist, "web");
  fs.mkdirSync(path.join(web, ".vite"), { recursive: true });
  fs.writeFileSync(
    path.join(web, "index.html"),
    `<!doctype html><html><head><title>app</title></head><body><div id="root">${FRAME}</div></body></html>`,
  );
  fs.writeFileSync(path.join(web, ".vite", "static-pages.json"), JSON.stringify({ frame: FRAME, pages: {} }));
  fs.mkdirSync(path.join(dist, "ssr"));
  fs.writeFileSync(
    path.join(dist, "ssr", "static-shell.js"),
    `export async function renderReportPage(path, account) {
      if (account.username === "breaks") throw new Error("render failed");
      return \`<main><h1>Report of @\${account.username} (${SHELL_BRAND_MARK})</h1></main>\`;
    }`,
  );
  return web;
}

describe("report pages rendered with their stored report (decision 027)", () => {
  let database: Database;
  let app: FastifyInstance;
  const warnings: string[] = [];
  const stored = new Map<string, { body: string; etag: string }>([
    [
      "known",
      {
        body: JSON.stringify({ username: "known", bio: "</script><script>alert(1)</script>" }),
        etag: '"r1"',
      },
    ],
    ["breaks", { body: JSON.stringify({ username: "breaks" }), etag: '"r2"' }],
  ]);
  const asked: string[] = [];

  beforeAll(async () => {
    database = await createTestPglite();
    const site = { brandName: BRAND, appUrl: "https://reports.example" };
    const seo = createSeoService({ db: database.db, appUrl: site.appUrl, brandName: BRAND, blogPosts: [] });
    app = Fastify({
      logger: { level: "warn", stream: { write: (line: string) => void warnings.push(line) } },
    });
    await registerWebApp(
      app,
      buildWithRenderer(),
      // Every page exists for this test; whether a report exists is the stored-report reader's answer.
      {
        service: {
          ...seo,
          resolve: async () => ({ status: 200, meta: { title: "t", description: "d", canonical: "/" } }),
        },
        site,
      },
      {
        storedReport: async (platform, username) => {
          asked.push(`${platform}/${username}`);
          return stored.get(username) ?? null;
        },
      },
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("puts the rendered report in place of the loading frame, and the report for the app to start from", async () => {
    const res = await app.inject({ method: "GET", url: "/report/Instagram/@known" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<div data-static-shell><main><h1>Report of @known (${ESCAPED})</h1></main></div>`,
    );
    expect(res.body).not.toContain("Loading…");
    const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(res.body)?.[1];
    // Nothing in the data can close its element; parsed, it is the stored report as it was.
    expect(data).not.toMatch(/<|>/);
    expect(JSON.parse(data!)).toEqual(JSON.parse(stored.get("known")!.body));
    expect(asked).toContain("instagram/known");
    // The report is in the page: nothing to preload for it (decision 028).
    expect(res.body).not.toContain('rel="preload"');
  });

  it("sends the loading frame when there is no stored report, the path is no report, or rendering fails", async () => {
    for (const url of ["/report/instagram/nobody", "/influencer-discovery", "/report/instagram/breaks"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("<main>Loading…</main>");
      expect(res.body, url).not.toContain('id="page-data"');
      // A report page without its report in the HTML starts downloading it with the HTML.
      expect(res.body.includes('rel="preload" as="fetch"'), url).toBe(url.startsWith("/report/"));
    }
    expect(warnings.join("\n")).toContain("report page not rendered on the server");
  });
});
