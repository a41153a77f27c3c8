// `npm run test:e2e`: build the web app (unless dist/web is a current production build, as after
// `npm run build` in CI: issue #38, no second identical build), then run the browser journeys in
// Debian's Chromium.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildWeb, webBuildReason } from "./build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  process.stderr.write(
    `No Chromium at ${chromium}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.\n`,
  );
  process.exit(1);
}
const node = process.execPath;
const webReason = webBuildReason(root);
if (webReason) {
  process.stdout.write(`Building the web app (the build is ${webReason})…\n`);
  const status = buildWeb(["--logLevel", "warn"]);
  if (status !== 0) process.exit(status);
} else {
  process.stdout.write("The web build (dist/web) is current; the journeys use it.\n");
}
const steps = [
  [
    path.join(root, "node_modules/vitest/vitest.mjs"),
    "run",
    "--config",
    "vitest.e2e.config.ts",
    ...process.argv.slice(2),
  ],
];
for (const args of steps) {
  const r = spawnSync(node, args, { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
