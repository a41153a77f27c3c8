// `npm run test:e2e`: build the web app, then run the browser journeys in Debian's Chromium.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  process.stderr.write(
    `No Chromium at ${chromium}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.\n`,
  );
  process.exit(1);
}
const node = process.execPath;
const steps = [
  [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
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
