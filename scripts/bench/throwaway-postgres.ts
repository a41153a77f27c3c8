import crypto from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../../src/server/db/database";

/**
 * Runs `fn` on a fresh PostgreSQL database created beside `baseUrl` (migrated by openDatabase), and
 * drops it afterwards whatever happens, so a benchmark never leaves its rows behind.
 */
export async function withThrowawayPostgres<T>(
  baseUrl: string,
  prefix: string,
  fn: (database: Database, url: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: "memory://", poolSize: 2 });
    return await fn(database, url.toString());
  } finally {
    await database?.close();
    const dropper = new pg.Client({ connectionString: baseUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  }
}
