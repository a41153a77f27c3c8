import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder holding the app's package.json, found from this module's own location. The server runs
 * either from its sources (src/server/…, tests and `npm run server`) or from its compiled bundle
 * (dist/server/server.js, `npm start`), and the files it reads beside itself (the web build, the
 * migrations, the blog's articles) sit at the same place relative to this folder in both cases,
 * but not relative to the running module (issue #38, decision 035).
 */
export function findProjectRoot(fromUrl: string): string {
  let dir = path.dirname(fileURLToPath(fromUrl));
  for (;;) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(fromUrl)}`);
    dir = parent;
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.url);
