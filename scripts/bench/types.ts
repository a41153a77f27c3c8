/** One figure of `npm run bench` (design.md contract). */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  baseline?: number;
  ratio?: number;
  target?: number;
  note?: string;
}

export interface BenchOptions {
  quick: boolean;
}

/** Runs fn repeatedly for at least `ms` milliseconds and returns operations per second. */
export function opsPerSecond(fn: (i: number) => unknown, ms: number, batch = 100): number {
  let ops = 0;
  let sink = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < batch; i++) {
      const r = fn(ops + i);
      if (r) sink++;
    }
    ops += batch;
    elapsed = performance.now() - start;
  }
  if (sink < 0) console.log(sink);
  return (ops / elapsed) * 1000;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

/** `--rows=N[,M…]` of the database benchmarks: 100,000 rows by default, 20,000 with --quick. */
export function rowsOption(quick: boolean): number[] {
  const arg = process.argv.find((a) => a.startsWith("--rows="));
  if (!arg) return [quick ? 20_000 : 100_000];
  const rows = arg
    .slice(7)
    .split(",")
    .map((s) => Number(s.replace(/[_,]/g, "")));
  if (rows.some((n) => !Number.isInteger(n) || n < 1000 || n > 10_000_000)) {
    throw new Error(`--rows takes whole numbers from 1,000 to 10,000,000 (got ${arg.slice(7)})`);
  }
  return rows;
}

/**
 * `--engines=postgres` (or `pglite`, or both, the default): which databases the database benchmarks
 * measure. PGlite holds the whole table in memory (about 5 GB at 1M rows), so the 1M figures are
 * usually PostgreSQL only.
 */
export function enginesOption(): ("pglite" | "postgres")[] {
  const arg = process.argv.find((a) => a.startsWith("--engines="));
  if (!arg) return ["pglite", "postgres"];
  const engines = arg.slice(10).split(",");
  const bad = engines.filter((e) => e !== "pglite" && e !== "postgres");
  if (bad.length > 0 || engines.length === 0) {
    throw new Error(`--engines takes pglite, postgres or both (got ${arg.slice(10)})`);
  }
  return engines as ("pglite" | "postgres")[];
}
