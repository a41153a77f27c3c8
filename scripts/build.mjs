// `npm run build [-- <vite options>]`: the production web build (dist/web, dist/ssr) and the compiled
// server (dist/server/server.js with its source map), the JavaScript `npm start` runs (issue #38,
// decision 035). `node scripts/build.mjs --server-only` builds only the server.
//
// Both are production builds whatever NODE_ENV says in the calling shell: NODE_ENV=development would
// make Vite bundle React's development build (issue #39 item 7). `npm run dev:web` is the dev server.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_OUT = path.join(ROOT, "dist/server/server.js");
/** Written by vite.config.ts's buildStamp plugin: which kind of build dist/web holds. */
export const WEB_STAMP = path.join(ROOT, "dist/web/.vite/build-info.json");

/** Builds the web app in a child process (its memory is returned before the server starts). */
export function buildWeb(viteArgs = []) {
  const vite = path.join(ROOT, "node_modules/vite/bin/vite.js");
  const result = spawnSync(process.execPath, [vite, "build", ...viteArgs], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  return result.status ?? 1;
}

/**
 * Bundles src/server/server.ts and what it imports from src/ (the `#core/*` imports included) into
 * one ES module; packages stay imports of node_modules, so native and WebAssembly parts (PGlite)
 * load from where they were installed. The files the server reads at run time are found from the
 * project root (src/server/lib/project-root.ts), not from the bundle's own place.
 */
export async function buildServer() {
  const esbuild = await import("esbuild");
  fs.rmSync(path.dirname(SERVER_OUT), { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { server: "src/server/server.ts" },
    outdir: path.dirname(SERVER_OUT),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    packages: "external",
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

async function main() {
  const args = process.argv.slice(2);
  if (!args.includes("--server-only")) {
    const status = buildWeb(args);
    if (status !== 0) process.exit(status);
  }
  await buildServer();
  process.stdout.write(`Built the server: ${path.relative(ROOT, SERVER_OUT)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
