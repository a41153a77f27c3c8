/**
 * `npm run bench [-- --json] [-- --quick]`: prints each performance figure beside a baseline
 * measured in the same run (these machines are shared and noisy, so ratios are what compare).
 */
import type { BenchOptions, Figure } from "./bench/types";

type Suite = { name: string; run: (opts: BenchOptions) => Promise<Figure[]> };

const SUITES: Suite[] = [
  { name: "parser", run: async (o) => (await import("./bench/parser")).benchParser(o) },
  { name: "engine", run: async (o) => (await import("./bench/engine")).benchEngine(o) },
  { name: "import", run: async (o) => (await import("./bench/import")).benchImport(o) },
  { name: "api", run: async (o) => (await import("./bench/api")).benchApi(o) },
  {
    name: "discovery",
    run: async (o) => [
      ...(await (await import("./bench/discovery")).benchDiscovery(o)),
      // Issue #35: discovery.expand_s, a 50-channel "Find more on YouTube".
      ...(await (await import("./bench/expand")).benchExpand(o)),
    ],
  },
  { name: "search", run: async (o) => (await import("./bench/search")).benchSiteSearch(o) },
  { name: "lists", run: async (o) => (await import("./bench/lists")).benchLists(o) },
  { name: "growth", run: async (o) => (await import("./bench/growth")).benchGrowth(o) },
  { name: "web", run: async (o) => (await import("./bench/web")).benchWeb(o) },
  { name: "sources", run: async (o) => (await import("./bench/sources")).benchSources(o) },
  { name: "server", run: async (o) => (await import("./bench/server")).benchServer(o) },
  // Issue #33: a webhook receiver that trickles cannot hold up other alerts or the shutdown.
  { name: "alerts", run: async (o) => (await import("./bench/alerts")).benchAlerts(o) },
  // Issue #36: similar creators and lookalikes.
  { name: "similar", run: async (o) => (await import("./bench/similar")).benchSimilar(o) },
];

function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 1000) return Math.round(n).toLocaleString("en-US");
  return n.toFixed(Math.abs(n) >= 10 ? 1 : 3);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.includes("--json");
  const opts: BenchOptions = { quick: args.includes("--quick") };
  const only = args
    .find((a) => a.startsWith("--only="))
    ?.slice(7)
    .split(",");
  const figures: Figure[] = [];
  for (const suite of SUITES) {
    if (only && !only.includes(suite.name)) continue;
    const started = performance.now();
    try {
      const got = await suite.run(opts);
      figures.push(...got);
      if (!json) {
        for (const f of got) {
          const base = f.baseline !== undefined ? `  baseline ${fmt(f.baseline)}` : "";
          const ratio = f.ratio !== undefined ? `  ratio ${f.ratio.toFixed(3)}` : "";
          const target = f.target !== undefined ? `  target ${fmt(f.target)}` : "";
          process.stdout.write(
            `${f.name.padEnd(36)} ${fmt(f.value).padStart(12)} ${f.unit}${base}${ratio}${target}\n`,
          );
        }
        process.stderr.write(`  (${suite.name}: ${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
      }
    } catch (err) {
      process.stderr.write(`bench suite ${suite.name} failed: ${(err as Error).stack ?? err}\n`);
      process.exitCode = 1;
    }
  }
  if (json) process.stdout.write(`${JSON.stringify({ figures })}\n`);
}

await main();
