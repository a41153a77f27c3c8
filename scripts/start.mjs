// `npm start`: builds the web app when the build is missing or older than its sources, then runs
// the server in this same process (so SIGTERM/SIGINT reach its graceful shutdown directly).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, "dist/web/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, "src/web"), path.join(root, "src/core")];
const needsBuild =
  !fs.existsSync(built) || sources.some((dir) => newestMtime(dir) > fs.statSync(built).mtimeMs);
if (needsBuild) {
  process.stdout.write("Building the web app…\n");
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const result = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    process.stderr.write("The web app build failed; see the messages above.\n");
    process.exit(result.status ?? 1);
  }
}

const { register } = await import("tsx/esm/api");
register();
await import(path.join(root, "src/server/server.ts"));
