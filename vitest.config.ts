import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Three groups of test files (issue #38 item 3):
 * - "node": files that run in Node's environment, two at a time (the machine's two cores), without
 *   isolation: a worker keeps its loaded modules from one file to the next, so fastify, drizzle, the
 *   engine and the schemas load once per worker, not once per file. No test file mocks a module
 *   (`vi.mock`); each builds its own app, database and servers.
 * - "web": the files that run in jsdom (they say so in their first line), two at a time, each in a
 *   fresh module graph: React's and the router's module state must not carry over between them.
 * - "alone", after both: the files that start whole servers or builds, hold a PGlite on disk, or time
 *   a child process, one at a time, as the whole suite did before. Timing-sensitive files thus never
 *   share the machine with another test file.
 */
const ALONE = [
  "src/**/*.process.test.ts",
  "src/server/security-review.test.ts",
  "src/server/db/pglite-template.test.ts",
  "scripts/build.test.ts",
];
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOTS = ["src", "scripts", "extension"];
const INCLUDE = ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts", "extension/**/*.test.ts"];
const EXCLUDE = ["e2e/**", "node_modules/**", "dist/**"];

/** The test files whose first line asks for jsdom (`// @vitest-environment jsdom`). */
function jsdomFiles(): string[] {
  const found: string[] = [];
  for (const root of ROOTS) {
    for (const entry of fs.readdirSync(path.join(HERE, root), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.test\.tsx?$/.test(entry.name)) continue;
      const file = path.relative(HERE, path.join(entry.parentPath, entry.name));
      if (file.includes("node_modules")) continue;
      const head = fs.readFileSync(path.join(HERE, file), "utf8").slice(0, 200);
      if (/^\/\/ @vitest-environment jsdom/m.test(head)) found.push(file.split(path.sep).join("/"));
    }
  }
  return found;
}
const JSDOM = jsdomFiles();

export default defineConfig({
  test: {
    globalSetup: ["src/server/testing/global-setup.ts"],
    setupFiles: ["src/server/testing/setup-file.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: INCLUDE,
          exclude: [...EXCLUDE, ...ALONE, ...JSDOM],
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          include: JSDOM,
          exclude: [...EXCLUDE, ...ALONE],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: "alone", include: ALONE, exclude: EXCLUDE, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
