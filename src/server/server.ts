import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { DatabaseOpenError, openDatabase } from "./db/database";
import { indexFieldsForSnapshot } from "./reports/engine-adapter";
import { seedSampleAccounts } from "./samples/sample-service";

/**
 * Without SESSION_SECRET on the embedded database, keep a generated secret beside the data
 * (mode 0600) so sign-ins survive a restart of `npm start`. Production requires SESSION_SECRET.
 */
function persistentDevSecret(dataDir: string): { sessionSecret: string; sessionSecretIsEphemeral: boolean } {
  const file = path.join(dataDir, "session-secret");
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    if (!fs.existsSync(file)) {
      fs.writeFileSync(file, crypto.randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
    }
    const secret = fs.readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return { sessionSecret: secret, sessionSecretIsEphemeral: false };
  } catch {
    /* fall back to the random in-memory secret */
  }
  return { sessionSecret: crypto.randomBytes(48).toString("base64url"), sessionSecretIsEphemeral: true };
}

/** Up to this many sample creators are seeded before listening; more are seeded by a background job. */
const INLINE_SEED_MAX = 20_000;
/**
 * SIGTERM: stop taking requests, finish those in flight, give running jobs JOB_DRAIN_MS (10 s) and
 * hand back the rest, close Redis, then the database. Past this limit the process exits anyway.
 */
const SHUTDOWN_LIMIT_MS = 25_000;

/** The process entry point: config → database → app → listen, and a graceful shutdown. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  if (config.sessionSecretIsEphemeral && !config.isPostgres && !config.dataDir.startsWith("memory://")) {
    config = { ...config, ...persistentDevSecret(config.dataDir) };
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof DatabaseOpenError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(3);
    }
    throw err;
  }
  // Many instances (Redis) or a large count: one background job seeds them (see below), so starts
  // are not held up and instances do not all seed at once.
  const seedInBackground =
    config.sampleAccounts > 0 && (config.hasRedis || config.sampleAccounts > INLINE_SEED_MAX);
  if (config.sampleAccounts > 0 && !seedInBackground) {
    // First start (or a larger SAMPLE_ACCOUNTS): make sure the sample creators exist. Idempotent.
    const now = new Date();
    const seeded = await seedSampleAccounts(database.db, {
      count: config.sampleAccounts,
      now,
      indexFields: (s) => indexFieldsForSnapshot(s, now),
    });
    if (seeded.added > 0)
      process.stdout.write(`Seeded ${seeded.added} sample creators (labelled as sample data).\n`);
  }
  const app = await buildApp(config, { database });
  for (const notice of database.notices) app.log.warn(notice);
  if (config.sessionSecretIsEphemeral) {
    app.log.warn("SESSION_SECRET is not set: using a random one, so sign-ins end when the server restarts.");
  }

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests and running jobs");
    const force = setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    try {
      await app.close();
      await database.close();
      app.log.info("shutdown complete");
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    const address = await app.listen({ port: config.port, host: config.host });
    app.log.info({ address, db: database.kind, jobs: app.jobs.backend }, `ready at ${address}`);
    if (seedInBackground) {
      const job = await app.jobs.enqueueSeed(config.sampleAccounts);
      app.log.info({ job: job.id }, `seeding ${config.sampleAccounts} sample creators in the background`);
    }
  } catch (err) {
    app.log.error({ err }, `could not listen on ${config.host}:${config.port}`);
    process.stderr.write(`Could not listen on ${config.host}:${config.port}: ${(err as Error).message}\n`);
    await database.close();
    process.exit(4);
  }
}

void main();
