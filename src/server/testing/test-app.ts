import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../app";
import { type AppConfig, loadConfig } from "../config";
import type { Database } from "../db/database";
import { createTestDatabase, type DbKind } from "./test-db";

type Env = Record<string, string | undefined>;

/** A configuration for tests: defaults of design.md, no sample seeding, fixed secret. */
export function testConfig(env: Env = {}): AppConfig {
  return loadConfig(
    {
      SAMPLE_ACCOUNTS: "0",
      LOG_LEVEL: "silent",
      RATE_LIMIT_PER_MINUTE: "100000",
      LOGIN_RATE_LIMIT_PER_MINUTE: "100000",
      // Tests call their fake upstreams many times a minute; pacing has tests of its own.
      SOURCE_PACE_PER_MINUTE: "0",
      // The index's growth reads accounts reports point at; its own tests turn it on (issue #35).
      INDEX_GROWTH_PER_DAY: "0",
      // With REDIS_URL, each test app gets keys, locks and job queues of its own.
      REDIS_KEY_PREFIX: `test:${crypto.randomBytes(4).toString("hex")}:`,
      ...env,
    },
    () => "test-secret-".repeat(4),
  );
}

/** A tiny built web app, so page routing is tested without running Vite. */
function fakeWebRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-web-"));
  fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>app</title><div id=root></div>");
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "assets", "main-abc123.js"), "console.log('app')");
  return dir;
}

export interface TestAppOptions {
  /** Environment over testConfig's. */
  env?: Env;
  /** The app's clock (default the real one). */
  now?: () => Date;
  /** Fills the database before the app is built, so its jobs and housekeeping start on the rows. */
  seed?: (database: Database) => Promise<unknown>;
  /** Folder of the built web app (default fakeWebRoot()). */
  webRoot?: string;
  /** Fastify logger (default none). */
  logger?: FastifyServerOptions["logger"];
}

export interface TestAppHandle {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** Closes the app, then the database if the harness made it. */
  close: () => Promise<void>;
}

/**
 * Builds a ready app, on a fresh database of the given kind (closed with the app) or on a given
 * database (several apps on one database; its owner closes it). Call it in a test for an app of its
 * own, or in a beforeAll that also starts fake upstreams or signs users in.
 */
export async function startTestApp(
  db: DbKind | Database,
  options: TestAppOptions = {},
): Promise<TestAppHandle> {
  const owned = typeof db === "string";
  const database = owned ? await createTestDatabase(db) : db;
  let app: FastifyInstance | undefined;
  const close = async () => {
    await app?.close();
    if (owned) await database.close();
  };
  try {
    await options.seed?.(database);
    const config = testConfig(options.env);
    app = await buildApp(config, {
      database,
      webRoot: options.webRoot ?? fakeWebRoot(),
      logger: options.logger ?? false,
      now: options.now,
    });
    await app.ready();
    return { app, database, config, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Registers beforeAll/afterAll that start an app (startTestApp) on a fresh database of the given
 * kind and close it. Returns a handle whose fields are filled once beforeAll has run.
 */
export function useTestApp(kind: DbKind, options: TestAppOptions = {}): TestAppHandle {
  const handle = {} as TestAppHandle;
  beforeAll(async () => {
    Object.assign(handle, await startTestApp(kind, options));
  });
  afterAll(async () => {
    await handle.close?.();
  });
  return handle;
}
