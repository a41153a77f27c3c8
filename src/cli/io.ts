/** What a CLI command may touch: its arguments and two output streams. Keeps commands testable. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

export class CliUsageError extends Error {
  override name = "CliUsageError";
}

/** Splits argv into positionals and --flags (`--x v`, `--x=v`, and boolean `--x`). */
export function parseArgs(
  argv: string[],
  booleanFlags: readonly string[] = [],
): { positionals: string[]; flags: Record<string, string | true> } {
  const positionals: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith("--") && a.length > 2) {
      const eq = a.indexOf("=");
      if (eq > 0) flags[a.slice(2, eq)] = a.slice(eq + 1);
      else {
        const key = a.slice(2);
        const next = argv[i + 1];
        if (!booleanFlags.includes(key) && next !== undefined && !next.startsWith("--")) {
          flags[key] = next;
          i++;
        } else flags[key] = true;
      }
    } else positionals.push(a);
  }
  return { positionals, flags };
}
