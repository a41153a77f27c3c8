import { indexFieldsForSnapshot } from "#core/engine/build-report";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { seedSampleAccounts } from "../../server/samples/sample-service";
import { type CliIo, CliUsageError, parseArgs } from "../io";
import { runInBackground } from "./background-job";

/**
 * `seed --sample N [--background [--detach]]`: makes sure N sample creators exist (source "sample",
 * always labelled). With --background an app instance seeds them as a job while this shows progress.
 */
export async function seedCommand(
  argv: string[],
  io: CliIo,
  env: Record<string, string | undefined> = process.env,
  tty: { isTTY?: boolean; write?: (s: string) => void } = process.stderr,
): Promise<number> {
  const { flags } = parseArgs(argv, ["background", "detach"]);
  const raw = flags.sample;
  if (raw === undefined || raw === true)
    throw new CliUsageError("Usage: seed --sample <N>  (e.g. seed --sample 100000)");
  if (!/^\d+$/.test(String(raw)) || Number(raw) < 1 || Number(raw) > 5_000_000) {
    throw new CliUsageError(`Invalid --sample "${raw}": use a whole number from 1 to 5000000`);
  }
  const count = Number(raw);
  const config = loadConfig(env);
  if (flags.background)
    return runInBackground(
      config,
      io,
      (jobs) => jobs.enqueueSeed(count),
      (job) => {
        const r = job.result as { added: number; total: number };
        io.out(
          r.added === 0
            ? `${r.total} sample creators already exist; nothing to add.`
            : `Added ${r.added} sample creators (${r.total} in total). They are labelled as sample data everywhere.`,
        );
        return 0;
      },
      { detach: Boolean(flags.detach), tty },
    );
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const now = new Date();
  const started = performance.now();
  try {
    const result = await seedSampleAccounts(database.db, {
      count,
      now,
      batchSize: 5000,
      indexFields: (s) => indexFieldsForSnapshot(s, now),
      onProgress: (done, total) => {
        if (tty.isTTY && tty.write)
          tty.write(`\r  seeded ${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`);
      },
    });
    if (tty.isTTY && tty.write) tty.write("\n");
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    io.out(
      result.added === 0
        ? `${result.total} sample creators already exist; nothing to add.`
        : `Added ${result.added} sample creators in ${secs} s (${result.total} in total). They are labelled as sample data everywhere.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
