import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { syncEmbeddings } from "../../server/similar/embedding-store";
import { type CliIo, parseArgs } from "../io";

/**
 * `embeddings [--rebuild]` (issue #36): builds the accounts' representations for similar creators,
 * lookalikes and the finder's meaning match — the missing and stale ones, or all of them with
 * --rebuild (after the concept table or the representation changed) — showing progress as it goes.
 * The app keeps serving meanwhile: each batch is its own statement, and old representations stay
 * until replaced.
 */
export async function embeddingsCommand(
  argv: string[],
  io: CliIo,
  env: Record<string, string | undefined> = process.env,
  tty: { isTTY?: boolean; write?: (s: string) => void } = process.stderr,
): Promise<number> {
  const { flags } = parseArgs(argv, ["rebuild"]);
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const started = performance.now();
  let lastLine = 0;
  try {
    const { built } = await syncEmbeddings(database.db, {
      all: Boolean(flags.rebuild),
      batchSize: 5000,
      onProgress: (done, total) => {
        const line = `  built ${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} representations`;
        if (tty.isTTY && tty.write) tty.write(`\r${line}`);
        else if (performance.now() - lastLine > 5000 || done === total) {
          lastLine = performance.now();
          io.err(line);
        }
      },
    });
    if (tty.isTTY && tty.write) tty.write("\n");
    const secs = (performance.now() - started) / 1000;
    io.out(
      built === 0
        ? "Every account's representation is up to date; nothing to build."
        : `Built ${built.toLocaleString("en-US")} representations in ${secs.toFixed(1)} s (${Math.round(built / Math.max(secs, 0.001)).toLocaleString("en-US")} accounts/s).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
