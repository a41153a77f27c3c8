import { defineConfig } from "vitest/config";

/** Browser journeys (npm run test:e2e): Debian's Chromium through playwright-core, against the built app. */
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
