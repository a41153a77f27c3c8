import fs from "node:fs/promises";
import { ConfigError } from "../server/config";
import { DataDirLockedError } from "../server/db/data-dir-lock";
import { DatabaseOpenError } from "../server/db/database";
import { type CliIo, CliUsageError } from "./io";

/** `npm run cli -- <command>`: each command lives in ./commands and is loaded on demand. */
type Command = (argv: string[], io: CliIo) => Promise<number>;

const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  parse: {
    summary: "parse <input> [--platform p]          parse a handle, URL or name (JSON)",
    load: async () => (await import("./commands/parse")).parseCommand,
  },
  analyze: {
    summary:
      "analyze <platform> <handle> [--json] | analyze --snapshot <file.json> [--now <ISO>]   report on an account, or run the engine on a snapshot file",
    load: async () => {
      const { analyzeSnapshotCommand } = await import("./commands/analyze-snapshot");
      const { analyzeLiveCommand } = await import("./commands/analyze-live");
      return (argv, io) =>
        argv.some((a) => a === "--snapshot" || a.startsWith("--snapshot="))
          ? analyzeSnapshotCommand(argv, io, (p) => fs.readFile(p, "utf8"))
          : analyzeLiveCommand(argv, io);
    },
  },
  import: {
    summary:
      "import <file.csv|file.ndjson> [--background]   upsert creators from a CSV or NDJSON file (bad rows listed); --background: as a job on the app's instances",
    load: async () => (await import("./commands/import")).importCommand,
  },
  seed: {
    summary:
      "seed --sample <N> [--background]      make sure N sample creators exist (labelled as sample data); --background: as a job",
    load: async () => (await import("./commands/seed")).seedCommand,
  },
  migrate: {
    summary: "migrate                               apply database migrations once (before a rolling deploy)",
    load: async () => (await import("./commands/migrate")).migrateCommand,
  },
  benchmarks: {
    summary:
      "benchmarks                            recompute this installation's engagement percentiles now (the nightly job)",
    load: async () => (await import("./commands/benchmarks")).benchmarksCommand,
  },
  // Issue #36: representations for similar creators, lookalikes and the finder's meaning match.
  embeddings: {
    summary:
      "embeddings [--rebuild]                build missing or stale account representations (all with --rebuild), with progress",
    load: async () => (await import("./commands/embeddings")).embeddingsCommand,
  },
  backup: {
    summary: "backup <file.tar.gz>                  dump the embedded database (server stopped)",
    load: async () => (await import("./commands/backup")).backupCommand,
  },
  restore: {
    summary: "restore <file.tar.gz>                 replace the embedded database with a backup",
    load: async () => (await import("./commands/backup")).restoreCommand,
  },
};

function usage(): string {
  return [
    "Usage: npm run cli -- <command> [options]",
    "",
    "Commands:",
    ...Object.values(COMMANDS).map((c) => `  ${c.summary}`),
  ].join("\n");
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    io.out(usage());
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${usage()}`);
    return 1;
  }
  try {
    return await (await command.load())(rest, io);
  } catch (err) {
    if (
      err instanceof CliUsageError ||
      err instanceof ConfigError ||
      err instanceof DataDirLockedError ||
      err instanceof DatabaseOpenError ||
      (err as Error).name === "InvalidSnapshotError"
    ) {
      io.err((err as Error).message);
      return 2;
    }
    throw err;
  }
}
