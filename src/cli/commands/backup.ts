import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { type CliIo, CliUsageError, parseArgs } from "../io";

/**
 * `backup <file>`: writes the embedded database as a gzip'd data-folder archive (PGlite dumpDataDir).
 * It takes the folder lock, so it refuses while the server runs (stop it first: the copy is then
 * consistent). With DATABASE_URL it points to pg_dump, the right tool for a server database.
 */
export async function backupCommand(argv: string[], io: CliIo, env = process.env): Promise<number> {
  const { positionals } = parseArgs(argv);
  const file = positionals[0];
  if (!file) throw new CliUsageError("Usage: backup <file.tar.gz>");
  const config = loadConfig(env);
  if (config.isPostgres) {
    throw new CliUsageError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump (e.g. pg_dump -Fc "$DATABASE_URL" > backup.dump).',
    );
  }
  if (fs.existsSync(file)) throw new CliUsageError(`${file} already exists; choose a new file name.`);
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    await database.checkpoint();
    const dump = await database.pglite!.dumpDataDir("gzip");
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const tmp = `${file}.partial`;
    // A backup holds the same private data as the database: readable by this account only.
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    fs.chmodSync(tmp, 0o600);
    fs.renameSync(tmp, file);
    io.out(
      `Backed up ${path.resolve(config.dataDir)} to ${path.resolve(file)} (${fs.statSync(file).size} bytes).`,
    );
  } finally {
    await database.close();
  }
  return 0;
}

/**
 * `restore <file>`: replaces the embedded database with a backup. The current folder is moved
 * aside (never deleted), so a wrong restore can itself be undone.
 */
export async function restoreCommand(argv: string[], io: CliIo, env = process.env): Promise<number> {
  const { positionals } = parseArgs(argv);
  const file = positionals[0];
  if (!file) throw new CliUsageError("Usage: restore <file.tar.gz>");
  if (!fs.existsSync(file)) throw new CliUsageError(`No backup file at ${file}.`);
  const config = loadConfig(env);
  if (config.isPostgres) throw new CliUsageError("DATABASE_URL is set: restore PostgreSQL with pg_restore.");
  const pgdata = path.join(config.dataDir, "pgdata");
  // Take the lock first by opening nothing: openDatabase below takes it; move aside only after.
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const { acquireDataDirLock } = await import("../../server/db/data-dir-lock");
  const lock = acquireDataDirLock(config.dataDir);
  let aside: string | null = null;
  if (fs.existsSync(pgdata)) {
    aside = `${pgdata}.before-restore-${stamp}`;
    fs.renameSync(pgdata, aside);
  }
  lock.release();
  const blob = new Blob([fs.readFileSync(file)]);
  try {
    const database = await openDatabase({ dataDir: config.dataDir, loadDataDir: blob });
    await database.close();
  } catch (err) {
    if (aside) {
      fs.rmSync(pgdata, { recursive: true, force: true });
      fs.renameSync(aside, pgdata);
    }
    throw new CliUsageError(
      `Could not restore from ${file}: ${(err as Error).message}. The previous database was put back.`,
    );
  }
  io.out(
    `Restored ${path.resolve(file)} into ${path.resolve(pgdata)}.${aside ? ` The previous database is at ${aside}.` : ""}`,
  );
  return 0;
}
