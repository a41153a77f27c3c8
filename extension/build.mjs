// `npm run build:extension`: bundles the extension's TypeScript with esbuild into dist/extension/
// (load it unpacked in Chromium from there).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, "../dist/extension");

export async function buildExtension(outdir = out) {
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: {
      content: path.join(here, "src/content.ts"),
      background: path.join(here, "src/background.ts"),
      options: path.join(here, "src/options.ts"),
      "page-hook": path.join(here, "src/page-hook.ts"),
    },
    outdir,
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "chrome120",
    minify: true,
    sourcemap: false,
    legalComments: "none",
    logLevel: "warning",
  });
  fs.copyFileSync(path.join(here, "manifest.json"), path.join(outdir, "manifest.json"));
  fs.copyFileSync(path.join(here, "src/options.html"), path.join(outdir, "options.html"));
  return outdir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = await buildExtension();
  process.stdout.write(`extension built in ${path.relative(process.cwd(), dir) || dir}\n`);
}
