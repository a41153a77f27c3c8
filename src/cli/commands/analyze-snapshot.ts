import { analyzeSnapshot } from "#core/engine/index";
import { InvalidSnapshotError, parseSnapshot } from "#core/schemas/snapshot";
import { type CliIo, CliUsageError, parseArgs } from "../io";

/** An ISO 8601 date or date-time (2026-11-20, 2026-11-20T12:00Z, 2026-11-20T12:00:00.000+01:00). */
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

const USAGE =
  "Usage: analyze --snapshot <file.json> [--now <ISO 8601 date-time>]\n" +
  "  Runs the report engine on a ProfileSnapshot file and prints the report as JSON.\n" +
  "  --now defaults to the snapshot's fetchedAt, so the same file always gives the same report.\n" +
  "  (Live analysis: analyze <platform> <handle>.)";

/**
 * `analyze --snapshot <file.json> [--now <ISO>]`: the engine alone on a snapshot file. `now`
 * defaults to the snapshot's fetchedAt (deterministic output); `readFile` is fs.readFile as utf8.
 */
export async function analyzeSnapshotCommand(
  argv: string[],
  io: CliIo,
  readFile: (path: string) => Promise<string>,
): Promise<number> {
  const { flags } = parseArgs(argv);
  const file = flags.snapshot;
  if (typeof file !== "string" || file === "") throw new CliUsageError(USAGE);

  // Check --now before touching the file.
  let now: Date | null = null;
  if (flags.now !== undefined) {
    const value = flags.now === true ? "" : flags.now;
    now = new Date(value);
    if (!ISO_8601.test(value) || !Number.isFinite(now.getTime())) {
      throw new CliUsageError(`Invalid --now "${value}": use an ISO 8601 date-time`);
    }
  }

  let text: string;
  try {
    text = await readFile(file);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new CliUsageError(`Cannot read ${file}: ${e.code ?? e.message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new CliUsageError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  let snapshot: ReturnType<typeof parseSnapshot>;
  try {
    snapshot = parseSnapshot(json);
  } catch (err) {
    if (err instanceof InvalidSnapshotError) throw new InvalidSnapshotError(`${file}: ${err.message}`);
    throw err;
  }
  const report = analyzeSnapshot(snapshot, { now: now ?? new Date(snapshot.fetchedAt) });
  io.out(JSON.stringify(report, null, 2));
  return 0;
}
