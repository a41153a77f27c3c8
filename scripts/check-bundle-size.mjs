#!/usr/bin/env node
// Fails when the home page's initial JavaScript (its module entry plus every modulepreload named in
// the built index.html), gzipped at level 9, exceeds the budget (issue #25), when it comes in more files
// than MAX_FILES (decision 054), or when one of those files carries a package that must load later
// (LATER_ONLY, read from the files' source maps; decision 050).
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
  const mapFile = path.join(webRoot, `${r.url.replace(/^\//, "")}.map`);
  if (!fs.existsSync(mapFile)) continue;
  const sources = JSON.parse(fs.readFileSync(mapFile, "utf8")).sources ?? [];
  for (const pkg of LATER_ONLY) {
    if (sources.some((s) => s.includes(`node_modules/${pkg}/`))) carried.push(`${pkg} in ${r.url}`);
  }
}
for (const c of carried) {
  console.error(
    `The initial JavaScript carries ${c}: load it with the first read that needs it (decision 050).`,
  );
}
if (total > BUDGET_KB || tooMany || carried.length > 0) process.exit(1);
