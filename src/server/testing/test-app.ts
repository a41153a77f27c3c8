import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../app";
import { type AppConfig, loadConfig } from "../config";
import type { Database } from "../db/database";
import { createTestDatabase, type DbKind } from "./test-db";

/** A configuration for tests: defaults of design.md, no sample seeding, fixed secret. */
export function testConfig(env: Record<string, string | undefined> = {}): AppConfig {
  return loadConfig(
    {
      SAMPLE_ACCOUNTS: "0",
      LOG_LEVEL: "silent",
      RATE_LIMIT_PER_MINUTE: "100000",
      LOGIN_RATE_LIMIT_PER_MINUTE: "100000",
      // Tests call their fake upstreams many times a minute; pacing has tests of its own.
      SOURCE_PACE_PER_MINUTE: "0",
      // With REDIS_URL, each test app gets keys, locks and job queues of its own.
      REDIS_KEY_PREFIX: `test:${crypto.randomBytes(4).toString("hex")}:`,
      ...env,
    },
    () => "test-secret-".repeat(4),
  );
}

/** A tiny built web app, so page routing is tested without running Vite. */
export function fakeWebRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-web-"));
  fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>app</title><div id=root></div>");
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "assets", "main-abc123.js"), "console.log('app')");
  return dir;
}

export interface TestAppHandle {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
}

/**
 * Registers beforeAll/afterAll that build an app on a fresh database of the given kind.
 * Returns a handle whose fields are filled once beforeAll has run.
 */
export function useTestApp(kind: DbKind, env: Record<string, string | undefined> = {}): TestAppHandle {
  const handle = {} as TestAppHandle;
  beforeAll(async () => {
    handle.config = testConfig(env);
    handle.database = await createTestDatabase(kind);
    handle.app = await buildApp(handle.config, {
      database: handle.database,
      webRoot: fakeWebRoot(),
      logger: false,
    });
    await handle.app.ready();
  });
  afterAll(async () => {
    await handle.app?.close();
    await handle.database?.close();
  });
  return handle;
}
