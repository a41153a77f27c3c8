// `npm run build [-- <vite options>]`: the production web build (dist/web, dist/ssr) and the compiled
// server (dist/server/server.js with its source map), the JavaScript `npm start` runs (issue #38,
// decision 035). `node scripts/build.mjs --server-only` builds only the server; with `--if-stale` too,
// only when it is missing or older than its sources (the tests that start real servers, decision 053).
//
// Both are production builds whatever NODE_ENV says in the calling shell: NODE_ENV=development would
// make Vite bundle React's development build (issue #39 item 7). `npm run dev:web` is the dev server.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The compiled server's entry, relative to the project root. */
export const SERVER_ENTRY = "dist/server/server.js";
/** Written by vite.config.ts's buildStamp plugin: which kind of build dist/web holds. */
export const WEB_STAMP = "dist/web/.vite/build-info.json";

/** What the web and server builds are made from; a newer file here makes a build stale. */
// Both builds carry packages' code (decision 051 for the server's), so an install makes them stale:
// npm rewrites node_modules/.package-lock.json on each one.
const INSTALLED = "node_modules/.package-lock.json";
const WEB_SOURCES = ["src/web", "src/core", "vite.config.ts", INSTALLED];
const SERVER_SOURCES = ["src/server", "src/core", "package.json", INSTALLED];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Why `built` must be made again from `sources`, or null when it is current. */
function staleReason(root, built, sources) {
  const file = path.join(root, built);
  if (!fs.existsSync(file)) return "missing";
  const at = fs.statSync(file).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > at) ? "older than its sources" : null;
}

/** The web build's stamp ({ production, mode, builtAt }), or null without one. */
export function readWebStamp(root = ROOT) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, WEB_STAMP), "utf8"));
  } catch {
    return null;
  }
}

/** Why the web build must be made again (missing, stale, or not a production build), or null. */
export function webBuildReason(root = ROOT) {
  const stale = staleReason(root, "dist/web/index.html", WEB_SOURCES);
  if (stale) return stale;
  return readWebStamp(root)?.production === true ? null : "not a production build";
}

/** Why the compiled server must be made again (missing or older than its sources), or null. */
export function serverBuildReason(root = ROOT) {
  return staleReason(root, SERVER_ENTRY, SERVER_SOURCES);
}

/** The environment the web build runs in: the caller's, always with NODE_ENV=production. */
export function webBuildEnv(env) {
  return { ...env, NODE_ENV: "production" };
}

/** Builds the web app in a child process (its memory is returned before the server starts). */
export function buildWeb(viteArgs = []) {
  const vite = path.join(ROOT, "node_modules/vite/bin/vite.js");
  const result = spawnSync(process.execPath, [vite, "build", ...viteArgs], {
    cwd: ROOT,
    stdio: "inherit",
    env: webBuildEnv(process.env),
  });
  return result.status ?? 1;
}

/**
 * Packages the server bundle leaves as imports of node_modules (decision 051); every other package it
 * imports is bundled in. Left out: what reads files beside its own code at run time (PGlite's
 * WebAssembly and data, pdfkit's fonts, BullMQ's Lua scripts, @fastify/swagger's package.json), what
 * starts workers from its own files (pino's transports), and what only another configuration or a
 * later action loads (PostgreSQL's client, ioredis, the export libraries, Google's library,
 * youtubei.js), which stay out of the start as their own packages.
 */
const SERVER_EXTERNAL = [
  "@electric-sql/pglite",
  "pdfkit",
  "exceljs",
  "bullmq",
  "ioredis",
  "pg",
  "pino",
  "pino-pretty",
  "thread-stream",
  "@fastify/swagger",
  "google-auth-library",
  "youtubei.js",
];

/**
 * Bundles src/server/server.ts, what it imports from src/ (the `#core/*` imports included) and the
 * packages it imports, except SERVER_EXTERNAL, into ES modules: at every start Node opens ~190 of
 * the packages' files instead of ~1,400 (decision 051). Bundled CommonJS code calls `require`, which
 * the banner defines for the bundle's place. The files the server reads at run time are found from the project
 * root (src/server/lib/project-root.ts), not from the bundle's own place, so `outDir` may be any
 * folder inside the project.
 */
export async function buildServer(outDir = path.join(ROOT, path.dirname(SERVER_ENTRY))) {
  const esbuild = await import("esbuild");
  fs.rmSync(outDir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: {
      server: "src/server/server.ts",
      "make-pglite-template": "src/server/db/make-pglite-template.ts",
    },
    outdir: outDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    external: SERVER_EXTERNAL,
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    // Modules the server imports on demand (the BullMQ runner with Redis) stay separate chunks:
    // folded into one file, their packages would be loaded at every start.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    // Stack traces name the TypeScript files and lines (npm start enables source maps); the
    // sources themselves ship beside the build, so the map does not carry a copy of them.
    sourcemap: "linked",
    sourcesContent: false,
    logLevel: "warning",
  });
}

/**
 * Saves PGlite's empty cluster for first starts (src/server/db/pglite-template.ts), in a child
 * process: creating it holds ~700 MB for a few seconds, returned when the child exits. Made again
 * only for another PGlite version. Returns false (and the first start runs initdb) if it failed.
 */
export function buildPgliteTemplate(root = ROOT) {
  const version = JSON.parse(
    fs.readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ).version;
  if (fs.existsSync(path.join(root, "dist/pglite-template", `${version}.tar.gz`))) return true;
  const result = spawnSync(process.execPath, [path.join(root, "dist/server/make-pglite-template.js")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return result.status === 0;
}

async function main() {
  const args = process.argv.slice(2);
  const serverOnly = args.includes("--server-only");
  if (args.includes("--if-stale") && !serverOnly) {
    process.stderr.write(
      "--if-stale goes with --server-only: the web build is not checked for staleness here.\n",
    );
    process.exit(2);
  }
  if (!serverOnly) {
    const status = buildWeb(args);
    if (status !== 0) process.exit(status);
  }
  if (args.includes("--if-stale") && !serverBuildReason()) {
    process.stdout.write(`The server build is current: ${SERVER_ENTRY}\n`);
  } else {
    await buildServer();
    process.stdout.write(`Built the server: ${SERVER_ENTRY}\n`);
  }
  if (!buildPgliteTemplate()) process.stderr.write("Could not make the embedded database template.\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
