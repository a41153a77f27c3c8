import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { DataDirLockedError } from "./db/data-dir-lock";
import { DatabaseOpenError, openDatabase } from "./db/database";
import { addressToOpen, createProcessOutput } from "./ops/log-output";
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
 * hand back the rest, close Redis, then the database. Past this limit the process exits anyway,
 * with code 1. Whatever became of the output (closed, full), nothing here waits on it.
 */
const SHUTDOWN_LIMIT_MS = 25_000;
/** At most this long for queued output to reach a slow reader before an orderly exit. */
const OUTPUT_DRAIN_MS = 1000;

/**
 * On a terminal outside production, log lines are pretty-printed (pino-pretty, loaded only then);
 * anywhere else they stay one JSON object a line, for log shippers.
 */
async function prettyPrinter(isProduction: boolean): Promise<((line: string) => string) | undefined> {
  if (isProduction || process.stdout.isTTY !== true) return undefined;
  const { prettyFactory } = await import("pino-pretty");
  return prettyFactory({
    colorize: true,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname",
    singleLine: true,
  });
}

/** The process entry point: config → database → app → listen, and a graceful shutdown. */
async function main(): Promise<void> {
  // Until the log destination exists, plain output goes through the same never-blocking writer.
  const output = createProcessOutput();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      output.err.write(`${err.message}\n`);
      await output.drain(OUTPUT_DRAIN_MS);
      process.exit(2);
    }
    throw err;
  }
  const pretty = await prettyPrinter(config.isProduction);
  if (pretty) output.setPretty(pretty);
  if (config.sessionSecretIsEphemeral && !config.isPostgres && !config.dataDir.startsWith("memory://")) {
    config = { ...config, ...persistentDevSecret(config.dataDir) };
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof DatabaseOpenError) {
      output.err.write(`${err.message}\n`);
      await output.drain(OUTPUT_DRAIN_MS);
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
      output.out.write(`Seeded ${seeded.added} sample creators (labelled as sample data).\n`);
  }
  const app = await buildApp(config, { database, output });
  for (const notice of database.notices) app.log.warn(notice);
  if (config.sessionSecretIsEphemeral) {
    app.log.warn("SESSION_SECRET is not set: using a random one, so sign-ins end when the server restarts.");
  }

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    const started = Date.now();
    // Should the event loop run dry before the end (a close that never settles), that is a failure.
    process.exitCode = 1;
    app.log.info({ signal }, "shutting down: finishing in-flight requests and running jobs");
    const force = setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    let code = 0;
    try {
      await app.close();
      await database.close();
      app.log.info({ ms: Date.now() - started }, "shutdown complete");
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      code = 1;
    }
    // The last lines get a moment to reach a slow reader; a closed or full output is not waited for.
    await output.drain(Math.min(OUTPUT_DRAIN_MS, Math.max(0, SHUTDOWN_LIMIT_MS - (Date.now() - started))));
    process.exit(code);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    const address = await app.listen({ port: config.port, host: config.host });
    app.log.info({ address, db: database.kind, jobs: app.jobs.backend }, `ready at ${address}`);
    if (pretty) output.out.write(`\n  Ready: open ${addressToOpen(address)} in your browser\n\n`);
    if (seedInBackground) {
      const job = await app.jobs.enqueueSeed(config.sampleAccounts);
      app.log.info({ job: job.id }, `seeding ${config.sampleAccounts} sample creators in the background`);
    }
  } catch (err) {
    app.log.error({ err }, `could not listen on ${config.host}:${config.port}`);
    output.err.write(`Could not listen on ${config.host}:${config.port}: ${(err as Error).message}\n`);
    await database.close();
    await output.drain(OUTPUT_DRAIN_MS);
    process.exit(4);
  }
}

void main();
