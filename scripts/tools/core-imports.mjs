#!/usr/bin/env node
/**
 * Rewrites relative imports of src/core in src/server, src/web and src/cli into `#core/…`
 * (package.json "imports": "#core/*" → "./src/core/*.ts"), e.g. `../../../core/schemas/account`
 * becomes `#core/schemas/account` and a folder import `../../core/engine` becomes `#core/engine/index`.
 *
 *   node scripts/tools/core-imports.mjs                 rewrite every file of src/server, src/web, src/cli
 *   node scripts/tools/core-imports.mjs <file|dir>…     rewrite only these
 *   node scripts/tools/core-imports.mjs --check [...]   change nothing; exit 1 if a file would change
 *
 * Imports inside src/core stay relative (core is one package and short paths read better there).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CORE = path.join(ROOT, "src", "core");
const LAYERS = ["server", "web", "cli"].map((l) => path.join(ROOT, "src", l));
/** `from "x"`, `import("x")`, `import "x"`: group 1 is everything up to the quote, 2 the quote, 3 the path. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(["'])(\.{1,2}\/[^"']*)\2/gm;

function filesUnder(target) {
  const stat = fs.statSync(target);
  if (stat.isFile()) return /\.tsx?$/.test(target) ? [target] : [];
  return fs.readdirSync(target, { withFileTypes: true }).flatMap((e) => {
    if (e.name === "node_modules" || e.name.startsWith(".")) return [];
    return filesUnder(path.join(target, e.name));
  });
}

/** The `#core/…` form of a relative specifier, or null when it does not point at a .ts module of core. */
export function coreSpecifier(fromFile, specifier) {
  const target = path.resolve(path.dirname(fromFile), specifier);
  if (target !== CORE && !target.startsWith(CORE + path.sep)) return null;
  const rel = path.relative(CORE, target).split(path.sep).join("/");
  if (fs.existsSync(`${target}.ts`)) return `#core/${rel}`;
  if (target.endsWith(".ts") && fs.existsSync(target)) return `#core/${rel.slice(0, -3)}`;
  if (fs.existsSync(path.join(target, "index.ts"))) return rel ? `#core/${rel}/index` : "#core/index";
  return null;
}

export function rewrite(fromFile, text) {
  return text.replace(SPECIFIER, (whole, lead, quote, spec) => {
    const next = coreSpecifier(fromFile, spec);
    return next ? `${lead}${quote}${next}${quote}` : whole;
  });
}

function main(argv) {
  const check = argv.includes("--check");
  const targets = argv.filter((a) => a !== "--check").map((a) => path.resolve(a));
  const files = (targets.length > 0 ? targets : LAYERS)
    .flatMap(filesUnder)
    .filter((f) => LAYERS.some((l) => f.startsWith(l + path.sep)));
  let changed = 0;
  for (const file of files) {
    const before = fs.readFileSync(file, "utf8");
    const after = rewrite(file, before);
    if (after === before) continue;
    changed++;
    if (check) console.log(`would rewrite ${path.relative(ROOT, file)}`);
    else fs.writeFileSync(file, after);
  }
  console.log(`${check ? "would rewrite" : "rewrote"} ${changed} of ${files.length} files`);
  if (check && changed > 0) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main(process.argv.slice(2));
