/**
 * What `npm start` runs, for the benches that measure the server as users run it: the compiled
 * server (dist/server) under package.json's own Node flags, after making the builds `npm start`
 * would make (not timed).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function ensureBuilds(): void {
  const r = spawnSync(
    process.execPath,
    [
      "-e",
      `import("./scripts/build.mjs").then(async (b) => {
        if (b.webBuildReason()) { if (b.buildWeb(["--logLevel", "error"]) !== 0) process.exit(1); }
        if (b.serverBuildReason()) await b.buildServer();
      })`,
    ],
    { cwd: ROOT, stdio: "inherit" },
  );
  if (r.status !== 0) throw new Error("could not build the web app or the server");
}

/** The Node arguments of `npm start` (package.json), so the bench runs what users run. */
export function npmStartArgs(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const [command, ...args] = pkg.scripts.start.trim().split(/\s+/);
  if (command !== "node") throw new Error(`npm start runs ${command}, not node`);
  return args;
}
