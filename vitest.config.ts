import { defineConfig } from "vitest/config";

/**
 * Two groups (issue #38 item 3): most files run two at a time (the machine's two cores), then the
 * files that start whole servers or builds, hold a PGlite on disk, or time a child process run one
 * at a time, alone, as the whole suite did before. Timing-sensitive files thus never share the
 * machine with another test file, while the rest no longer leave a core idle.
 */
const ALONE = [
  "src/**/*.process.test.ts",
  "src/server/security-review.test.ts",
  "src/server/db/pglite-template.test.ts",
  "scripts/build.test.ts",
];
const INCLUDE = ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts", "extension/**/*.test.ts"];
const EXCLUDE = ["e2e/**", "node_modules/**", "dist/**"];

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
          name: "shared",
          include: INCLUDE,
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
