import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import { seedSampleAccounts } from "../samples/sample-service";
import { startTestApp, type TestAppHandle } from "../testing/test-app";
import { negotiateEncoding } from "./compression";

const NOW = new Date("2026-11-20T12:00:00Z");
const ASSET = "assets/index-Ab12Cd34.js";
// Several KB of repetitive JavaScript, like a real bundle: worth compressing.
const ASSET_SOURCE = Array.from({ length: 400 }, (_, i) => `export const value${i} = "item-${i}";`).join(
  "\n",
);

/** A built web app as `vite build` leaves it: hashed assets with their .br/.gz twins (vite.config.ts). */
function builtWebRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-web-compressed-"));
  const filler = `<p hidden>${"static fallback text ".repeat(80)}</p>`;
  fs.writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><html><head><title>app</title><script src="/boot.js"></script><template id="app-scripts"><script type="module" crossorigin src="/${ASSET}"></script></template></head><body><div id=root></div>${filler}</body></html>`,
  );
  fs.mkdirSync(path.join(dir, "assets"));
  const asset = path.join(dir, ASSET);
  fs.writeFileSync(asset, ASSET_SOURCE);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(ASSET_SOURCE));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(ASSET_SOURCE, { level: 9 }));
  // Vite's manifest: the report page's chunk imports one chunk of its own and one the entry has.
  fs.mkdirSync(path.join(dir, ".vite"));
  fs.writeFileSync(
    path.join(dir, ".vite", "manifest.json"),
    JSON.stringify({
      "index.html": { file: ASSET, isEntry: true },
      "pages/report-page.tsx": {
        file: "assets/report-page-Zz99.js",
        imports: ["_charts-Yy88.js", "index.html"],
      },
      "_charts-Yy88.js": { file: "assets/charts-Yy88.js" },
      "pages/discovery-page.tsx": { file: "assets/discovery-page-Xx77.js", imports: ["index.html"] },
    }),
  );
  return dir;
}

function vary(res: { headers: Record<string, unknown> }): string[] {
  return String(res.headers.vary ?? "")
    .toLowerCase()
    .split(/\s*,\s*/);
}

describe("compressed responses and cache headers (issue #25)", () => {
  let t: TestAppHandle;
  let handle: string;

  beforeAll(async () => {
    t = await startTestApp("pglite", {
      seed: async (database) => {
        await seedSampleAccounts(database.db, {
          count: 12,
          now: NOW,
          indexFields: (s) => indexFieldsForSnapshot(s, NOW),
        });
        const row = await database.db.query.accounts.findFirst({
          where: (a, { and, eq }) => and(eq(a.platform, "instagram"), eq(a.isPrivate, false)),
        });
        handle = row!.username;
      },
      env: { COLLECTORS: "sample" },
      webRoot: builtWebRoot(),
      now: () => NOW,
    });
    // Seeding stores the sample creators' profiles; an analysis makes the report the page shows.
    const analyzed = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      payload: { username: handle, platform: "instagram" },
    });
    expect(analyzed.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("serves a hashed asset's build-time brotli twin, immutable, varying on Accept-Encoding", async () => {
    const res = await t.app.inject({ url: `/${ASSET}`, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(vary(res)).toContain("accept-encoding");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET_SOURCE);
  });

  it("serves the gzip twin to a client without brotli, and the plain file to one without either", async () => {
    const gz = await t.app.inject({ url: `/${ASSET}`, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(vary(gz)).toContain("accept-encoding");
    expect(gz.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(ASSET_SOURCE);

    const plain = await t.app.inject({ url: `/${ASSET}`, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(ASSET_SOURCE);
  });

  it("negotiates br before gzip and honours q=0", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=0.5")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding("*;q=0")).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });

  it("compresses the server-rendered page HTML (with its SEO tags) and marks it no-cache", async () => {
    const res = await t.app.inject({
      url: `/report/instagram/${handle}`,
      headers: { "accept-encoding": "br" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(vary(res)).toContain("accept-encoding");
    expect(res.headers["cache-control"]).toBe("no-cache");
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('rel="canonical"');
    expect(html).toContain(handle);

    const home = await t.app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(home.headers["content-encoding"]).toBe("gzip");
    expect(home.headers["cache-control"]).toBe("no-cache");
    expect(zlib.gunzipSync(home.rawPayload).toString()).toContain("<div id=root>");
  });

  it("compresses a large JSON answer and leaves a small one alone", async () => {
    const big = await t.app.inject({
      url: "/api/accounts?limit=10",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers["content-encoding"]).toBe("br");
    expect(vary(big)).toContain("accept-encoding");
    const rows = JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()) as { username: string }[];
    expect(rows.map((r) => r.username)).toContain(handle);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(rows).length / 2);

    const gz = await t.app.inject({
      url: `/api/accounts/${handle}?platform=instagram`,
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toMatchObject({ username: handle });

    const small = await t.app.inject({ url: "/api/health", headers: { "accept-encoding": "br, gzip" } });
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toBeTypeOf("object");
  });

  it("does not compress or buffer the analysis event stream", async () => {
    const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const res = await fetch(`${base}/api/analyze/stream?username=${handle}&platform=instagram`, {
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("content-encoding")).toBeNull();
    const text = await res.text();
    expect(text).toMatch(/^event: stage\ndata: /m);
    expect(text).toMatch(/^event: done\ndata: /m);
  });

  it("has a report page's HTML preload its stored report, and its own chunks with the app's scripts", async () => {
    const res = await t.app.inject({ url: `/report/instagram/${handle}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    // Without the report in the page (this build has no server renderer), its download starts with the HTML.
    const fetchHint = `<link data-static-head rel="preload" as="fetch" href="/api/accounts/${handle}?platform=instagram" crossorigin="use-credentials">`;
    expect(html).toContain(fetchHint);
    expect(html.indexOf(fetchHint)).toBeGreaterThan(html.indexOf("</template>"));
    expect(html.indexOf(fetchHint)).toBeLessThan(html.indexOf("</head>"));
    // The page's chunks load after the first paint with the app's own scripts (decision 028): inside
    // the app-scripts template, after the entry, which index.html names once.
    const template = /<template id="app-scripts">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? "";
    const pageChunk = 'rel="modulepreload" crossorigin="" href="/assets/report-page-Zz99.js"';
    expect(template).toContain(pageChunk);
    expect(template).toContain('rel="modulepreload" crossorigin="" href="/assets/charts-Yy88.js"');
    expect(html.split(`/${ASSET}"`).length - 1).toBe(1);
    expect(template.indexOf(`/${ASSET}"`)).toBeLessThan(template.indexOf(pageChunk));
    expect(html.split("modulepreload").length - 1).toBe(2);
    // The preloaded URL is the one the app fetches, and answers.
    const api = await t.app.inject({ url: `/api/accounts/${handle}?platform=instagram` });
    expect(api.statusCode).toBe(200);

    const missing = await t.app.inject({ url: "/report/instagram/no_such_creator_here" });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('rel="preload"');
    const home = await t.app.inject({ url: "/" });
    expect(home.body).not.toContain('rel="preload"');
    expect(home.body).not.toContain("report-page-Zz99.js");
    // The discovery page's chunk, under either of its addresses; no other page's.
    for (const url of ["/influencer-discovery", "/influencer-search/"]) {
      const page = (await t.app.inject({ url })).body;
      expect(page, url).toContain('rel="modulepreload" crossorigin="" href="/assets/discovery-page-Xx77.js"');
      expect(page, url).not.toContain("report-page-Zz99.js");
    }
    expect(home.body).not.toContain("discovery-page-Xx77.js");
    expect((await t.app.inject({ url: "/.vite/manifest.json" })).statusCode).toBe(404);
  });
});
