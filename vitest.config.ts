import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts", "extension/**/*.test.ts"],
    exclude: ["e2e/**", "node_modules/**", "dist/**"],
    globalSetup: ["src/server/testing/global-setup.ts"],
    setupFiles: ["src/server/testing/setup-file.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
