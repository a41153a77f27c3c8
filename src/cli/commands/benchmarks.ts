import { INSTALLATION_MIN_ACCOUNTS } from "#core/engine/benchmarks";
import {
  computeInstallationBenchmarks,
  loadInstallationBenchmarks,
} from "../../server/benchmarks/benchmark-service";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import type { CliIo } from "../io";

/**
 * `benchmarks`: recomputes this installation's engagement percentiles now (the job the app runs
 * nightly, issue #24 item 7) and prints each platform × tier cell; cells of 50 accounts or more are
 * the ones reports show.
 */
export async function benchmarksCommand(
  _argv: string[],
  io: CliIo,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const run = await computeInstallationBenchmarks(database.db, new Date());
    const cells = await loadInstallationBenchmarks(database.db);
    io.out(
      `Installation benchmarks recomputed from ${run.accounts.toLocaleString("en-US")} real accounts: ${cells.length} platform × tier cell${cells.length === 1 ? "" : "s"}.`,
    );
    for (const c of cells) {
      const shown =
        c.accounts >= INSTALLATION_MIN_ACCOUNTS
          ? "shown in reports"
          : `not shown (under ${INSTALLATION_MIN_ACCOUNTS})`;
      io.out(
        `  ${c.platform} ${c.tier}: median ${c.p50.toFixed(2)}% (p25 ${c.p25.toFixed(2)}%, p75 ${c.p75.toFixed(2)}%), ${c.accounts} accounts — ${shown}`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}
