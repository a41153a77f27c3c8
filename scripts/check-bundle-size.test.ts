import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";

const script = path.resolve(path.dirname(new URL(import.meta.url).pathname), "check-bundle-size.mjs");

/** Random bytes: they do not compress, so a file's gzip size is about its length. */
const incompressible = (bytes: number) => crypto.randomBytes(bytes);

/** A made-up build: index.html naming an entry and a modulepreload, plus a lazy chunk it does not name. */
function fakeBuild(entryBytes: number, preloadBytes: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bundle-size-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "assets", "index-a1.js"), incompressible(entryBytes));
  fs.writeFileSync(path.join(dir, "assets", "vendor-b2.js"), incompressible(preloadBytes));
  fs.writeFileSync(path.join(dir, "assets", "lazy-c3.js"), incompressible(400_000));
  fs.writeFileSync(
    path.join(dir, "index.html"),
    `<head><script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-b2.js"></head>`,
  );
  return dir;
}

function check(dir: string) {
  const r = spawnSync(process.execPath, [script, `--dir=${dir}`], { encoding: "utf8" });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe("scripts/check-bundle-size.mjs (the 170 KB initial-JavaScript budget of .ci/run)", () => {
  it("passes a build whose entry + modulepreloads fit, printing the figure; lazy chunks do not count", () => {
    const dir = fakeBuild(100_000, 50_000);
    const expected = ["index-a1.js", "vendor-b2.js"]
      .map((f) => zlib.gzipSync(fs.readFileSync(path.join(dir, "assets", f)), { level: 9 }).length / 1024)
      .reduce((a, b) => a + b, 0);
    const r = check(dir);
    expect(r.status).toBe(0);
    expect(r.out).toContain(`${expected.toFixed(1)} KB gzipped in 2 files`);
    expect(r.out).toContain("within the 170 KB budget");
    expect(r.out).not.toContain("lazy-c3.js");
  });

  it("fails a build whose initial JavaScript exceeds 170 KB gzipped", () => {
    const r = check(fakeBuild(120_000, 80_000));
    expect(r.status).toBe(1);
    expect(r.out).toMatch(
      /Initial JavaScript of the home page: 1\d\d\.\d KB gzipped in 2 files .* OVER the 170 KB budget/,
    );
  });

  it("fails a build whose initial JavaScript comes in more than 4 files, whatever their size", () => {
    const dir = fakeBuild(1_000, 1_000);
    const preload = (name: string) => `<link rel="modulepreload" crossorigin href="/assets/${name}">`;
    const names = ["page-meta-d4.js", "utils-e5.js", "handles-f6.js"];
    for (const name of names) fs.writeFileSync(path.join(dir, "assets", name), incompressible(1_000));
    const html = fs.readFileSync(path.join(dir, "index.html"), "utf8");
    fs.writeFileSync(
      path.join(dir, "index.html"),
      html.replace("</head>", `${names.slice(0, 2).map(preload).join("")}</head>`),
    );
    expect(check(dir).status).toBe(0);
    fs.writeFileSync(
      path.join(dir, "index.html"),
      html.replace("</head>", `${names.map(preload).join("")}</head>`),
    );
    const r = check(dir);
    expect(r.status).toBe(1);
    expect(r.out).toContain("within the 170 KB budget");
    expect(r.out).toContain("The initial JavaScript comes in 5 files, more than 4");
  });

  it("fails a build whose initial JavaScript carries zod (its source map says so), not one whose lazy chunk does", () => {
    const dir = fakeBuild(10_000, 10_000);
    const map = (sources: string[]) => JSON.stringify({ version: 3, sources, mappings: "" });
    fs.writeFileSync(path.join(dir, "assets", "index-a1.js.map"), map(["../../src/web/main.tsx"]));
    fs.writeFileSync(
      path.join(dir, "assets", "lazy-c3.js.map"),
      map(["../../node_modules/zod/v4/core/core.js"]),
    );
    expect(check(dir).status).toBe(0);
    fs.writeFileSync(
      path.join(dir, "assets", "vendor-b2.js.map"),
      map(["../../node_modules/zod/v4/classic/schemas.js", "../../src/core/schemas/auth.ts"]),
    );
    const r = check(dir);
    expect(r.status).toBe(1);
    expect(r.out).toContain("The initial JavaScript carries zod in /assets/vendor-b2.js");
  });

  it("fails a build whose report page's own chunks carry the notification bell, or whose discovery page's carry zod, not one that loads them lazily (decisions 050, 055)", () => {
    const dir = fakeBuild(10_000, 10_000);
    const map = (sources: string[]) => JSON.stringify({ version: 3, sources, mappings: "" });
    fs.mkdirSync(path.join(dir, ".vite"));
    const manifest = (reportImports: string[], discoveryImports: string[] = ["_extras.js"]) =>
      fs.writeFileSync(
        path.join(dir, ".vite", "manifest.json"),
        JSON.stringify({
          "pages/report-page.tsx": {
            file: "assets/report-page-d4.js",
            imports: reportImports,
            dynamicImports: ["_bell.js"],
          },
          "pages/discovery-page.tsx": {
            file: "assets/discovery-page-g7.js",
            imports: discoveryImports,
            dynamicImports: ["_schemas.js"],
          },
          "_extras.js": { file: "assets/extras-e5.js", imports: ["index.html"] },
          "_schemas.js": { file: "assets/schemas-h8.js" },
          "_bell.js": { file: "assets/bell-f6.js" },
          "index.html": { file: "assets/index-a1.js" },
        }),
      );
    fs.writeFileSync(
      path.join(dir, "assets", "report-page-d4.js.map"),
      map(["../../src/web/pages/report-page.tsx"]),
    );
    fs.writeFileSync(
      path.join(dir, "assets", "bell-f6.js.map"),
      map(["../../src/web/features/watchlists/components/notification-bell.tsx"]),
    );
    fs.writeFileSync(
      path.join(dir, "assets", "schemas-h8.js.map"),
      map(["../../node_modules/zod/v4/classic/schemas.js", "../../src/core/schemas/discovery.ts"]),
    );
    manifest(["_extras.js"]);
    fs.writeFileSync(
      path.join(dir, "assets", "extras-e5.js.map"),
      map(["../../src/web/features/watchlists/components/watch-button.tsx"]),
    );
    const lazy = check(dir);
    expect(lazy.status).toBe(0);
    expect(lazy.out).toContain("none carries a part it does not show");

    manifest(["_extras.js", "_bell.js"]);
    const carried = check(dir);
    expect(carried.status).toBe(1);
    expect(carried.out).toContain(
      "pages/report-page.tsx carries src/web/features/watchlists/components/notification-bell.tsx (in assets/bell-f6.js)",
    );

    manifest(["_extras.js"], ["_schemas.js"]);
    const zod = check(dir);
    expect(zod.status).toBe(1);
    expect(zod.out).toContain("pages/discovery-page.tsx carries node_modules/zod/ (in assets/schemas-h8.js)");
    expect(zod.out).not.toContain("pages/report-page.tsx carries");

    fs.writeFileSync(
      path.join(dir, ".vite", "manifest.json"),
      JSON.stringify({ "index.html": { file: "assets/index-a1.js" } }),
    );
    const renamed = check(dir);
    expect(renamed.status).toBe(1);
    expect(renamed.out).toContain("pages/report-page.tsx is not in the build manifest");
  });

  it("fails with a clear message when there is no build", () => {
    const r = check(path.join(os.tmpdir(), "no-such-build-dir"));
    expect(r.status).toBe(2);
    expect(r.out).toContain("run `npm run build` first");
  });
});
