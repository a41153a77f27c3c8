#!/usr/bin/env node
// Fails when the home page's initial JavaScript (its module entry plus every modulepreload named in
// the built index.html), gzipped at level 9, exceeds the budget (issue #25), when it comes in more files
// than MAX_FILES (decision 054), or when one of those files carries a package that must load later
// (LATER_ONLY, read from the files' source maps; decision 050), or when a page's own chunks carry a part
// of the app that page does not show (PAGE_LATER_ONLY, decision 055).
// A size and a list, not a timing: the same build gives the same answer on any machine. Run after
// `npm run build`.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// `--dir=<build>` checks another build folder (the tests use a made-up one).
const dirArg = process.argv.find((a) => a.startsWith("--dir="));
const webRoot = dirArg ? path.resolve(dirArg.slice("--dir=".length)) : path.join(root, "dist/web");
const BUDGET_KB = Number(process.env.INITIAL_JS_BUDGET_KB ?? 170);
/**
 * The entry, the packages it needs and the bundler's small runtime (vite.config.ts groups them, decision
 * 054), plus one to spare. Each file is a request of its own, and its arrival a main-thread task of its
 * own after the first paint: the same code in 21 files cost every page ~18 more such tasks.
 */
const MAX_FILES = 4;
/**
 * Packages the first script must not carry. zod: evaluating it (and building schemas with it) was
 * about half of the first script's evaluation, the longest task after the first paint of every page;
 * each response's schema loads with its request instead (web/lib/parse-when-loaded.ts).
 */
const LATER_ONLY = ["zod"];
/**
 * Parts of the app a page's own chunks (the page's chunk and everything it imports statically, from the
 * build manifest) must not carry. Decision 055: with the app's modules free of side effects, the report
 * page takes the watch button from features/watchlists without the notification bell, the watchlists
 * view, the compare view or the lists' schemas (23 files and ~186 KB gzipped instead of 29 and ~209).
 * Losing that rule brings them back through the features' index files. The discovery page shows its
 * form and labels from plain constants and loads zod with its first search (parse-when-loaded.ts):
 * zod and the schemas built with it were ~100 ms of its evaluation on a phone-speed CPU.
 */
const PAGE_LATER_ONLY = {
  "pages/report-page.tsx": [
    "src/web/features/watchlists/components/notification-bell.tsx",
    "src/web/features/watchlists/components/watchlists-view.tsx",
    "src/web/features/compare/components/compare-view.tsx",
    "src/core/schemas/lists.ts",
  ],
  "pages/discovery-page.tsx": ["node_modules/zod/", "src/core/schemas/discovery.ts"],
};

/** The sources a built file was made from (its source map), or [] without a map. */
function sourcesOf(file) {
  const mapFile = `${file}.map`;
  if (!fs.existsSync(mapFile)) return [];
  return (JSON.parse(fs.readFileSync(mapFile, "utf8")).sources ?? []).map((s) => s.replaceAll("\\", "/"));
}

const indexFile = path.join(webRoot, "index.html");
if (!fs.existsSync(indexFile)) {
  console.error(`No build at ${path.relative(root, indexFile)}: run \`npm run build\` first.`);
  process.exit(2);
}
const html = fs.readFileSync(indexFile, "utf8");
const urls = new Set();
for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) urls.add(m[1]);
for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(m[1]);
if (urls.size === 0) {
  console.error("The built index.html names no module script: cannot measure the initial JavaScript.");
  process.exit(2);
}
const rows = [...urls].map((url) => {
  const file = path.join(webRoot, url.replace(/^\//, ""));
  const kb = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
  return { url, kb };
});
rows.sort((a, b) => b.kb - a.kb);
const total = rows.reduce((sum, r) => sum + r.kb, 0);
for (const r of rows) console.log(`${r.kb.toFixed(1).padStart(7)} KB  ${r.url}`);
const verdict = total <= BUDGET_KB ? "within" : "OVER";
console.log(
  `Initial JavaScript of the home page: ${total.toFixed(1)} KB gzipped in ${rows.length} files (entry + modulepreloads), ${verdict} the ${BUDGET_KB} KB budget.`,
);
const tooMany = rows.length > MAX_FILES;
if (tooMany) {
  console.error(
    `The initial JavaScript comes in ${rows.length} files, more than ${MAX_FILES}: the build's code-splitting groups (vite.config.ts, decision 054) should keep the entry's code and packages together.`,
  );
}
const carried = [];
for (const r of rows) {
  const sources = sourcesOf(path.join(webRoot, r.url.replace(/^\//, "")));
  for (const pkg of LATER_ONLY) {
    if (sources.some((s) => s.includes(`node_modules/${pkg}/`))) carried.push(`${pkg} in ${r.url}`);
  }
}
for (const c of carried) {
  console.error(
    `The initial JavaScript carries ${c}: load it with the first read that needs it (decision 050).`,
  );
}

// A page's own chunks, from the manifest the server reads for its preload hints (page-preloads.ts).
const manifestFile = path.join(webRoot, ".vite", "manifest.json");
const pageCarried = [];
if (fs.existsSync(manifestFile)) {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  for (const [page, parts] of Object.entries(PAGE_LATER_ONLY)) {
    if (!manifest[page]) {
      pageCarried.push(`${page} is not in the build manifest: update PAGE_LATER_ONLY`);
      continue;
    }
    const seen = new Set();
    const walk = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) walk(next);
    };
    walk(page);
    for (const key of seen) {
      const sources = sourcesOf(path.join(webRoot, manifest[key].file));
      for (const part of parts) {
        if (sources.some((s) => s.includes(part)))
          pageCarried.push(`${page} carries ${part} (in ${manifest[key].file})`);
      }
    }
  }
  if (pageCarried.length === 0)
    console.log(
      `Pages' own chunks: none carries a part it does not show (${Object.keys(PAGE_LATER_ONLY).join(", ")}).`,
    );
} else {
  console.log("No build manifest (.vite/manifest.json): pages' own chunks not checked.");
}
for (const c of pageCarried) {
  console.error(
    `${c}: import it only where it is shown, or load it with the first read that needs it (decisions 050 and 055; vite.config.ts keeps the app's modules free of side effects).`,
  );
}
if (total > BUDGET_KB || tooMany || carried.length > 0 || pageCarried.length > 0) process.exit(1);
