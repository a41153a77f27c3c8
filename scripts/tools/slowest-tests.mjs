// `node scripts/tools/slowest-tests.mjs <vitest-json-report> [--top=N]`: prints the test files that
// took longest in a run (vitest's own timings, `--reporter=json`), so CI shows where its time goes
// (issue #38 item 3). Prints nothing and fails on a missing or unreadable report.
import fs from "node:fs";
import path from "node:path";

/** The `top` slowest files of a vitest JSON report: { file, seconds, tests } newest-first by time. */
export function slowestFiles(report, root, top = 15) {
  return (report.testResults ?? [])
    .map((r) => ({
      file: path.relative(root, r.name),
      seconds: Math.max(0, (r.endTime ?? 0) - (r.startTime ?? 0)) / 1000,
      tests: (r.assertionResults ?? []).length,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, top);
}

export function formatSlowest(rows, totalFiles) {
  const lines = [`Slowest ${rows.length} of ${totalFiles} test files (wall time of each file):`];
  for (const r of rows) {
    lines.push(`${r.seconds.toFixed(1).padStart(7)} s  ${String(r.tests).padStart(4)} tests  ${r.file}`);
  }
  return `${lines.join("\n")}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const file = process.argv[2];
  const top = Number(process.argv.find((a) => a.startsWith("--top="))?.slice(6) ?? 15);
  if (!file || !fs.existsSync(file)) {
    process.stderr.write(`usage: slowest-tests.mjs <vitest-json-report> [--top=N] (no report at ${file})\n`);
    process.exit(2);
  }
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  process.stdout.write(
    formatSlowest(slowestFiles(report, process.cwd(), top), report.testResults?.length ?? 0),
  );
}
