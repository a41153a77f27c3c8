import fs from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../lib/project-root";
import { PGLITE_START_PARAMS } from "./pglite-settings";

/**
 * A fresh, empty PGlite cluster saved by the build (`dist/pglite-template/<PGlite version>.tar.gz`),
 * from which a first start creates its data folder instead of running initdb.
 *
 * Why: PGlite's initdb runs inside the server's process, in a second WebAssembly instance beside a
 * temporary in-memory database whose files are then copied out through memory; a bare Node process
 * doing only that peaked at ~770 MB, the whole first start of the server at ~880 MB. Unpacking the
 * same cluster from a 4.5 MB archive peaks at ~320 MB (issue #38, docs/performance.md). The build
 * makes the archive in a child process of its own, so that memory is returned before the server
 * starts. The archive is named after the installed PGlite version: another version's (whose
 * catalog may differ) is never used, and without an archive the first start runs initdb as before.
 */
export const PGLITE_TEMPLATE_DIR = path.join(PROJECT_ROOT, "dist/pglite-template");

/** The installed PGlite's version (its package.json). */
export function pgliteVersion(): string {
  const pkg = path.join(PROJECT_ROOT, "node_modules/@electric-sql/pglite/package.json");
  return (JSON.parse(fs.readFileSync(pkg, "utf8")) as { version: string }).version;
}

/** The archive for the installed PGlite, in `dir`. */
export function pgliteTemplateFile(dir = PGLITE_TEMPLATE_DIR): string {
  return path.join(dir, `${pgliteVersion()}.tar.gz`);
}

/** The archive for the installed PGlite, or undefined when the build made none. */
export function readPgliteTemplate(dir = PGLITE_TEMPLATE_DIR): Blob | undefined {
  const file = pgliteTemplateFile(dir);
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/** Creates an empty cluster in memory (initdb, with the server's settings) and saves it as the archive. */
export async function makePgliteTemplate(dir = PGLITE_TEMPLATE_DIR): Promise<string> {
  const { PGlite } = await import("@electric-sql/pglite");
  const pg = await PGlite.create({ startParams: [...PGLITE_START_PARAMS] });
  try {
    const dump = await pg.dumpDataDir("gzip");
    const file = pgliteTemplateFile(dir);
    fs.mkdirSync(dir, { recursive: true });
    // Written whole under a temporary name, then renamed: a build stopped midway leaves no half archive.
    fs.writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(`${file}.partial`, file);
    return file;
  } finally {
    await pg.close();
  }
}

/** `node dist/server/make-pglite-template.js` (run by scripts/build.mjs in a child process). */
export async function main(): Promise<void> {
  const file = await makePgliteTemplate();
  process.stdout.write(`Made the embedded database template: ${path.relative(PROJECT_ROOT, file)}\n`);
}
