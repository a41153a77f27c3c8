import path from "node:path";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { importFile } from "../../server/import/import-service";
import { type CliIo, CliUsageError, parseArgs } from "../io";

/** `import <file.csv|file.ndjson>`: upserts an agency's creator list; bad rows are listed, not fatal. */
export async function importCommand(
  argv: string[],
  io: CliIo,
  env: Record<string, string | undefined> = process.env,
  tty: { isTTY?: boolean; write?: (s: string) => void } = process.stderr,
): Promise<number> {
  const { positionals } = parseArgs(argv);
  const file = positionals[0];
  if (!file) throw new CliUsageError("Usage: import <file.csv|file.ndjson>");
  if (!/\.(csv|ndjson|jsonl)$/i.test(file))
    throw new CliUsageError(`Unsupported file type: ${file} (use .csv or .ndjson)`);
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const started = performance.now();
  try {
    const result = await importFile(database.db, file, {
      onProgress: (rows) => {
        if (tty.isTTY && tty.write) {
          const secs = (performance.now() - started) / 1000;
          tty.write(
            `\r  imported ${rows.toLocaleString("en-US")} rows (${Math.round(rows / Math.max(secs, 0.001)).toLocaleString("en-US")} rows/s)`,
          );
        }
      },
    });
    if (tty.isTTY && tty.write) tty.write("\n");
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    io.out(
      `Imported ${path.basename(file)} in ${secs} s: ${result.rows} rows read, ${result.inserted} new, ${result.updated} updated, ` +
        `${result.unchanged} unchanged, ${result.skippedLive} kept (analysed from live data), ${result.posts} posts, ${result.bad.filter((b) => b.line > 0).length} bad.`,
    );
    for (const b of result.bad) io.err(b.line > 0 ? `  line ${b.line}: ${b.reason}` : `  ${b.reason}`);
    return result.bad.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}
