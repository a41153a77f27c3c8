import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import type { AppDb, Database } from "../db/database";
import * as schema from "../db/schema";

/**
 * Test PGlite engines, emptied and reused (issue #38 item 3, decision 058).
 *
 * Opening a test PGlite from the run's template unpacks a 43 MB data folder into WebAssembly memory:
 * ~0.4 s of CPU alone, ~1.2 s while the other worker does the same, and about a quarter of the node
 * group's CPU (97 opens a run). The node group keeps a worker's modules from one file to the next, so
 * a closed test database's engine can go back to this worker's pool and the next test gets it emptied
 * (~60 ms) instead of a new one. In the isolated groups the pool lives for one file.
 *
 * Emptied means as the template was:
 * - every table of the app's schema truncated, its sequences restarted;
 * - the planner statistics of those tables deleted (VACUUM ANALYZE leaves them; a fresh database has
 *   none); `truncate` itself resets their page counts and visibility maps;
 * - the session's settings, prepared statements, temporary tables and locks discarded;
 * - and the catalog's fingerprint equal to the template's: relations, columns, access rights and
 *   storage options of the app's tables, constraints, functions, triggers, types, schemas,
 *   extensions, roles, database settings, applied migrations. An engine whose fingerprint differs (a
 *   test created, altered or granted something), that cannot be emptied in time (a transaction left
 *   open), or that a test closed itself, is closed and never reused.
 *
 * A lease's database rejects every call once it is closed, as a closed PGlite does: a late write from
 * a test's leftover timer fails there instead of landing in the next test's database.
 */

const EMPTY_TIMEOUT_MS = 5_000;

interface Shape {
  tables: string[];
  fingerprint: string;
}

const APP_RELATIONS = "(select oid from pg_class where relnamespace = 'public'::regnamespace)";
const FINGERPRINT = `select concat_ws('/',
  (select count(*) || ':' || max(oid::int8) from pg_class),
  (select md5(coalesce(string_agg(concat_ws(':', oid, relkind, relacl, reloptions), ',' order by oid), ''))
     from pg_class where oid in ${APP_RELATIONS}),
  (select md5(coalesce(string_agg(concat_ws(':', attrelid, attnum, attname, atttypid, atttypmod, attnotnull,
     atthasdef, attisdropped), ',' order by attrelid, attnum), '')) from pg_attribute where attrelid in ${APP_RELATIONS}),
  (select count(*) || ':' || max(oid::int8) from pg_constraint),
  (select count(*) || ':' || max(oid::int8) from pg_proc),
  (select count(*) from pg_trigger),
  (select count(*) from pg_type),
  (select count(*) from pg_namespace),
  (select count(*) from pg_extension),
  (select count(*) from pg_authid),
  (select count(*) from pg_db_role_setting
     where setdatabase in (0, (select oid from pg_database where datname = current_database()))),
  (select count(*) || ':' || coalesce(max(created_at), 0) from drizzle.__drizzle_migrations),
  (select count(*) from pg_statistic where starelid in ${APP_RELATIONS})
) as fingerprint`;

async function fingerprintOf(engine: PGlite): Promise<string> {
  const { rows } = await engine.query<{ fingerprint: string }>(FINGERPRINT);
  return rows[0]!.fingerprint;
}

/** What an emptied database must look like, read off a fresh one. */
async function readShape(engine: PGlite): Promise<Shape> {
  const { rows } = await engine.query<{ name: string }>(
    "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' order by 1",
  );
  return { tables: rows.map((r) => r.name), fingerprint: await fingerprintOf(engine) };
}

/** Empties a database a test has closed; true when it is then as the template was. */
async function empty(engine: PGlite, shape: Shape): Promise<boolean> {
  await engine.query(`truncate ${shape.tables.join(", ")} restart identity cascade`);
  await engine.query(`delete from pg_statistic where starelid in ${APP_RELATIONS}`);
  await engine.query("discard all");
  return (await fingerprintOf(engine)) === shape.fingerprint;
}

/** Empties within the time limit: "reuse", "discard" (not as the template), or "stuck" (a lock held). */
async function emptyInTime(work: () => Promise<boolean>): Promise<"reuse" | "discard" | "stuck"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"stuck">((resolve) => {
    timer = setTimeout(() => resolve("stuck"), EMPTY_TIMEOUT_MS);
  });
  const emptied = work().then(
    (same) => (same ? "reuse" : "discard"),
    () => "discard" as const,
  );
  const outcome = await Promise.race([emptied, late]);
  clearTimeout(timer);
  return outcome;
}

export interface PglitePool {
  /** A test database on an idle engine, emptied, or on a new one from `open`. */
  lease(): Promise<Database>;
  /** How many emptied engines wait for the next lease. */
  idle(): number;
}

/** The engine behind a lease: every call rejects once the lease is closed. */
function guarded(engine: PGlite, isClosed: () => boolean): PGlite {
  return new Proxy(engine, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (isClosed())
          return Promise.reject(
            new Error("This test database was closed (its engine went back to the pool)"),
          );
        return value.apply(target, args);
      };
    },
  });
}

/**
 * A pool of test PGlite engines: `open` makes a fresh one from the template (the first one's catalog is the
 * reference for emptied ones); a lease's `close()` empties its engine and keeps it, up to `maxIdle`
 * (a file may hold a few databases at once).
 */
export function pglitePool(open: () => Promise<Database>, maxIdle = 3): PglitePool {
  const idle: PGlite[] = [];
  let shape: Shape | undefined;

  async function giveBack(engine: PGlite): Promise<void> {
    if (engine.closed) return;
    const reference = shape;
    const outcome =
      reference && idle.length < maxIdle ? await emptyInTime(() => empty(engine, reference)) : "discard";
    if (outcome === "reuse") idle.push(engine);
    // An engine stuck behind a transaction left open is left to the garbage collector: closing it
    // would wait for the same lock.
    else if (outcome === "discard") await engine.close().catch(() => undefined);
  }

  return {
    idle: () => idle.length,
    async lease() {
      let engine = idle.pop();
      if (!engine) {
        engine = (await open()).pglite!;
        shape ??= await readShape(engine);
      }
      const owned = engine;
      let closed = false;
      const pglite = guarded(owned, () => closed);
      const db = drizzle(pglite, { schema }) as unknown as AppDb;
      return {
        db,
        kind: "pglite",
        pglite,
        notices: [],
        async checkpoint() {
          if (!closed) await db.execute(sql`CHECKPOINT`);
        },
        async close() {
          if (closed) return;
          closed = true;
          await giveBack(owned);
        },
      };
    },
  };
}
