import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/database";
import { pglitePool } from "./pglite-pool";

export type DbKind = "pglite" | "postgres";

/** The database kinds this run tests: PGlite always, PostgreSQL when DATABASE_URL is set. */
export function testedDatabaseKinds(): DbKind[] {
  return process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * This worker's test PGlite engines (pglite-pool.ts): a new one is loaded from the run's template,
 * a closed one is emptied and reused.
 */
const pglites = pglitePool(() => {
  const blob = new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
  return openDatabase({ dataDir: "memory://", loadDataDir: blob, migrate: false });
});

/** A fresh, migrated PGlite in memory: as the run's template, on an engine of this worker's pool. */
export function createTestPglite(): Promise<Database> {
  return pglites.lease();
}

/**
 * A fresh, migrated PostgreSQL database of its own (CREATE DATABASE), dropped on close,
 * so test files can run in parallel against the same server. On the run's DATABASE_URL it is a
 * copy of the run's migrated template (global-setup.ts); on another server it is migrated here.
 */
export async function createTestPostgres(baseUrl = process.env.DATABASE_URL): Promise<Database> {
  if (!baseUrl) throw new Error("DATABASE_URL is not set");
  const name = `apptest_${crypto.randomBytes(6).toString("hex")}`;
  const template = baseUrl === process.env.DATABASE_URL ? inject("postgresTemplate") : "";
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: "memory://",
    poolSize: 5,
    migrate: !template,
  });
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: baseUrl });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  };
  return database;
}

export function createTestDatabase(kind: DbKind): Promise<Database> {
  return kind === "postgres" ? createTestPostgres() : createTestPglite();
}
