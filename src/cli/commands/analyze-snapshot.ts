import { analyzeSnapshot } from "../../core/engine";
import { parseSnapshot } from "../../core/schemas/snapshot";
import { type CliIo, CliUsageError, parseArgs } from "../io";

/**
 * `analyze --snapshot <file.json> [--now <ISO>]`: runs the engine alone on a snapshot file and
 * prints the report JSON. `now` defaults to the snapshot's fetchedAt, so the output is deterministic.
 */
export async function analyzeSnapshotCommand(
  argv: string[],
  io: CliIo,
  readFile: (path: string) => Promise<string>,
): Promise<number> {
  const { flags } = parseArgs(argv);
  const file = flags.snapshot;
  if (typeof file !== "string") {
    throw new CliUsageError(
      "Usage: analyze --snapshot <file.json> [--now <ISO time>]   (live analysis: analyze <platform> <handle>)",
    );
  }
  let text: string;
  try {
    text = await readFile(file);
  } catch (err) {
    throw new CliUsageError(
      `Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new CliUsageError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  const snapshot = parseSnapshot(json);
  let now = new Date(snapshot.fetchedAt);
  if (flags.now !== undefined) {
    now = new Date(String(flags.now));
    if (flags.now === true || !Number.isFinite(now.getTime())) {
      throw new CliUsageError(
        `Invalid --now "${flags.now === true ? "" : flags.now}": use an ISO 8601 date-time`,
      );
    }
  }
  io.out(JSON.stringify(analyzeSnapshot(snapshot, { now }), null, 2));
  return 0;
}
