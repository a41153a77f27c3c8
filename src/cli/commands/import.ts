import fs from "node:fs/promises";
import path from "node:path";
import { MAX_IMPORT_BYTES } from "#core/schemas/jobs";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { importFile } from "../../server/import/import-service";
import { type CliIo, CliUsageError, parseArgs } from "../io";
import { runInBackground } from "./background-job";

/**
 * `import <file.csv|file.ndjson> [--background [--detach]]`: upserts an agency's creator list; bad rows
 * are listed, not fatal. With --background the file goes to the shared job queue and an app instance
 * imports it while this command shows the progress.
 */
export async function importCommand(
  argv: string[],
  io: CliIo,
  env: Record<string, string | undefined> = process.env,
  tty: { isTTY?: boolean; write?: (s: string) => void } = process.stderr,
): Promise<number> {
  const { positionals, flags } = parseArgs(argv, ["background", "detach"]);
  const file = positionals[0];
  if (!file) throw new CliUsageError("Usage: import <file.csv|file.ndjson> [--background [--detach]]");
  if (!/\.(csv|ndjson|jsonl)$/i.test(file))
    throw new CliUsageError(`Unsupported file type: ${file} (use .csv or .ndjson)`);
  const config = loadConfig(env);
  if (flags.background) {
    const size = await fs.stat(file).then(
      (s) => s.size,
      () => {
        throw new CliUsageError(`No file at ${file}`);
      },
    );
    if (size > MAX_IMPORT_BYTES)
      throw new CliUsageError(
        `${path.basename(file)} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB, the most a background import takes; run it without --background.`,
      );
    const content = await fs.readFile(file);
    return runInBackground(
      config,
      io,
      (jobs) =>
        jobs.enqueueImport({
          fileName: path.basename(file),
          format: /\.csv$/i.test(file) ? "csv" : "ndjson",
          content,
        }),
      (job) => {
        const r = job.result as Record<string, number | string> & { bad: { line: number; reason: string }[] };
        io.out(
          `Imported ${r.fileName}: ${r.rows} rows read, ${r.inserted} new, ${r.updated} updated, ${r.unchanged} unchanged, ` +
            `${r.skippedLive} kept (analysed from live data), ${r.posts} posts, ${r.badRows} bad.`,
        );
        for (const b of r.bad) io.err(b.line > 0 ? `  line ${b.line}: ${b.reason}` : `  ${b.reason}`);
        if (Number(r.badRows) > r.bad.filter((b) => b.line > 0).length)
          io.err(`  (the job lists the first ${r.bad.length} problems)`);
        return r.bad.length > 0 ? 1 : 0;
      },
      { detach: Boolean(flags.detach), tty },
    );
  }
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
