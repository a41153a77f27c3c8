import { analyzeSnapshot } from "../../src/core/engine";
import { generateSampleSnapshots } from "../../src/core/sample";
import { type BenchOptions, type Figure, opsPerSecond } from "./types";

/**
 * engine.reports_per_s on 200 deterministic 30-post sample snapshots (realistic captions with
 * hashtags, mentions, several languages), beside a baseline pass that only sums the posts' numbers.
 */
export async function benchEngine(opts: BenchOptions): Promise<Figure[]> {
  const now = new Date("2026-11-22T00:00:00Z");
  const snaps = generateSampleSnapshots(200, { seed: 42, now, postsPerAccount: 30 });
  const ms = opts.quick ? 1500 : 4000;
  const n = snaps.length;
  opsPerSecond((i) => analyzeSnapshot(snaps[i % n]!, { now }).grade, 300, 20);
  const value = opsPerSecond((i) => analyzeSnapshot(snaps[i % n]!, { now }).grade, ms, 20);
  const baseline = opsPerSecond((i) => {
    let sum = 0;
    for (const p of snaps[i % n]!.posts)
      sum += (p.likes ?? 0) + (p.comments ?? 0) + (p.views ?? 0) + (p.shares ?? 0);
    return sum > 0;
  }, ms);
  return [
    {
      name: "engine.reports_per_s",
      value,
      unit: "reports/s",
      baseline,
      ratio: value / baseline,
      target: 20_000,
    },
  ];
}
