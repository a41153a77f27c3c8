import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import type { CliIo } from "../io";

/** `migrate`: applies pending migrations once (before a rolling deploy) and exits. */
export async function migrateCommand(
  _argv: string[],
  io: CliIo,
  env: Record<string, string | undefined> = process.env,
) {
  const config = loadConfig(env);
  const started = performance.now();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrate: true,
  });
  await database.close();
  io.out(`Database (${database.kind}) is up to date (${Math.round(performance.now() - started)} ms).`);
  return 0;
}
