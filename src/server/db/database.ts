import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import { PROJECT_ROOT } from "../lib/project-root";
import { redactUrl } from "../ops/redact-url";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock";
import { PGLITE_START_PARAMS } from "./pglite-settings";
import { readPgliteTemplate } from "./pglite-template";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type every repository takes: the same queries run on PGlite and PostgreSQL. */
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself (repositories take an optional transaction). */
export type DbOrTx = AppDb | Parameters<Parameters<AppDb["transaction"]>[0]>[0];

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, "src/server/db/migrations");

export interface Database {
  db: AppDb;
  kind: "pglite" | "postgres";
  /** Flushes the write-ahead log into the data files (cheap insurance before exit). */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
  /** Present for PGlite: the engine, for backups and test templates. */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** Set when a stale lock or an incomplete folder was dealt with at open (for the start-up log). */
  notices: string[];
}

export class DatabaseOpenError extends Error {
  override name = "DatabaseOpenError";
}

export interface OpenOptions {
  databaseUrl?: string;
  /** A folder, or "memory://" for a throw-away database. */
  dataDir: string;
  /** Apply migrations (default true). */
  migrate?: boolean;
  /** Load this PGlite data-dir dump instead of starting empty (tests, restore). */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Where the build's empty-cluster archive is looked for (pglite-template.ts; tests). */
  pgliteTemplateDir?: string;
}

const READY_MARKER = "app-initialised";

/** Opens the database, takes the folder lock (PGlite), applies migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  return openPglite(opts);
}

/** PostgreSQL's client and its drizzle driver, loaded on first use: a server on PGlite never pays for them. */
const loadPostgresDriver = async () => {
  const [{ default: pgModule }, { drizzle }, { migrate }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  return { pg: pgModule, drizzle, migrate };
};
type PostgresDriver = Awaited<ReturnType<typeof loadPostgresDriver>>;

async function openPostgres(url: string, opts: OpenOptions): Promise<Database> {
  const driver = await loadPostgresDriver();
  const pool = new driver.pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
  });
  pool.on("error", () => {
    /* idle client errors are reported by the next query */
  });
  try {
    const c = await pool.connect();
    c.release();
  } catch (err) {
    await pool.end().catch(() => undefined);
    const safeUrl = redactUrl(url);
    throw new DatabaseOpenError(`Could not connect to PostgreSQL at ${safeUrl}: ${(err as Error).message}`);
  }
  const db = driver.drizzle(pool, { schema }) as unknown as AppDb;
  if (opts.migrate !== false) {
    try {
      await migratePostgresOnce(pool, driver);
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw new DatabaseOpenError(`Could not apply database migrations: ${(err as Error).message}`);
    }
  }
  return {
    db,
    kind: "postgres",
    pool,
    notices: [],
    async checkpoint() {
      /* the server manages its own checkpoints */
    },
    async close() {
      await pool.end();
    },
  };
}

/** Any 64-bit number of our own: the advisory lock that serialises migrations on one PostgreSQL. */
export const MIGRATION_LOCK_ID = 7_301_966_203_411n;

/**
 * Applies pending migrations holding a session advisory lock, so instances (and `cli migrate`)
 * starting together never race: the first applies them, the others wait, then find nothing to do.
 * drizzle's migrator reads the applied list before its transaction, so without the lock two
 * processes would both apply the same migration and one would fail.
 */
async function migratePostgresOnce(pool: pg.Pool, driver: PostgresDriver): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID.toString()]);
    try {
      await driver.migrate(driver.drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID.toString()]);
    }
  } finally {
    client.release();
  }
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  const notices: string[] = [];
  const inMemory = opts.dataDir.startsWith("memory://");
  let lock: DataDirLock | undefined;
  let pgdata: string | undefined;
  if (!inMemory) {
    lock = acquireDataDirLock(opts.dataDir);
    if (lock.tookOverFrom) {
      notices.push(`Took over a stale lock of process ${lock.tookOverFrom.pid} (it is no longer running).`);
    }
    pgdata = path.join(opts.dataDir, "pgdata");
    const marker = path.join(opts.dataDir, READY_MARKER);
    if (fs.existsSync(pgdata) && !fs.existsSync(marker)) {
      // An interrupted first start (PGlite #994): set aside, never delete.
      const aside = `${pgdata}.incomplete-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      fs.renameSync(pgdata, aside);
      notices.push(`Found an incompletely initialised database folder and moved it aside to ${aside}.`);
    }
  }
  // Loaded on first use: importing PGlite costs ~40 MB of memory, which a server on PostgreSQL
  // should not pay.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const open = async (loadDataDir: Blob | undefined) => {
    const engine = await PGlite.create({
      dataDir: inMemory ? undefined : pgdata,
      loadDataDir,
      startParams: [...PGLITE_START_PARAMS],
    });
    await engine.query("select 1");
    return engine;
  };
  // A first start unpacks the build's empty cluster instead of running initdb (pglite-template.ts).
  const template =
    pgdata && !opts.loadDataDir && !fs.existsSync(pgdata)
      ? readPgliteTemplate(opts.pgliteTemplateDir)
      : undefined;
  let pglite: PGlite;
  try {
    try {
      pglite = await open(opts.loadDataDir ?? template);
    } catch (err) {
      if (!template || !pgdata) throw err;
      // The folder was made from the archive just now: set it aside and create the cluster anew.
      const aside = `${pgdata}.from-template-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      if (fs.existsSync(pgdata)) fs.renameSync(pgdata, aside);
      notices.push(
        `The database template could not be used (${(err as Error).message.split("\n")[0]}); created the database anew.`,
      );
      pglite = await open(undefined);
    }
  } catch (err) {
    lock?.release();
    const reason = err instanceof Error ? err.message.split("\n")[0]!.slice(0, 200) : String(err);
    throw new DatabaseOpenError(
      `Could not open the embedded database in ${path.resolve(pgdata ?? opts.dataDir)} (${reason}). ` +
        `It may be damaged. To recover, stop the app, move the folder aside (mv "${pgdata}" "${pgdata}.broken") ` +
        "and start again for a fresh database, or restore a backup with `npm run cli -- restore <file>`.",
    );
  }
  if (!inMemory) fs.writeFileSync(path.join(opts.dataDir, READY_MARKER), new Date().toISOString());
  const db = drizzlePglite(pglite, { schema }) as unknown as AppDb;
  try {
    if (opts.migrate !== false) {
      await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    }
  } catch (err) {
    await pglite.close().catch(() => undefined);
    lock?.release();
    throw new DatabaseOpenError(`Could not apply database migrations: ${(err as Error).message}`);
  }
  let closed = false;
  return {
    db,
    kind: "pglite",
    pglite,
    notices,
    async checkpoint() {
      if (!closed) await db.execute(sql`CHECKPOINT`);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pglite.query("CHECKPOINT").catch(() => undefined);
        await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}
