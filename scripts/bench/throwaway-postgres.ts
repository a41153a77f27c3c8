import crypto from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../../src/server/db/database";
import type { Figure } from "./types";

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

/**
 * A database benchmark on every size of `--rows` and every engine of `--engines`: PGlite in memory,
 * and PostgreSQL on a throwaway database when DATABASE_URL is set (`run` also gets its URL there).
 */
export async function onEachEngine(
  rowsList: number[],
  engines: ("pglite" | "postgres")[],
  prefix: string,
  run: (database: Database, kind: "pglite" | "postgres", rows: number, url?: string) => Promise<Figure[]>,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const rows of rowsList) {
    if (engines.includes("pglite")) {
      const database = await openDatabase({ dataDir: "memory://" });
      try {
        figures.push(...(await run(database, "pglite", rows)));
      } finally {
        await database.close();
      }
    }
    const base = process.env.DATABASE_URL;
    if (base && engines.includes("postgres"))
      figures.push(
        ...(await withThrowawayPostgres(base, prefix, (database, url) =>
          run(database, "postgres", rows, url),
        )),
      );
  }
  return figures;
}
