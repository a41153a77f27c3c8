import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const script = path.resolve(path.dirname(new URL(import.meta.url).pathname), "slowest-tests.mjs");

describe("slowest-tests.mjs (CI prints where the unit suite spends its time)", () => {
  it("lists the slowest files first with their wall time and test count", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "slowest-"));
    const report = {
      testResults: [
        { name: path.join(dir, "fast.test.ts"), startTime: 1000, endTime: 1500, assertionResults: [{}] },
        {
          name: path.join(dir, "slow.test.ts"),
          startTime: 1000,
          endTime: 13_000,
          assertionResults: [{}, {}],
        },
        { name: path.join(dir, "mid.test.ts"), startTime: 2000, endTime: 5000, assertionResults: [] },
      ],
    };
    const file = path.join(dir, "report.json");
    fs.writeFileSync(file, JSON.stringify(report));
    const r = spawnSync(process.execPath, [script, file, "--top=2"], { cwd: dir, encoding: "utf8" });
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toBe("Slowest 2 of 3 test files (wall time of each file):");
    expect(lines[1]).toMatch(/^\s+12\.0 s\s+2 tests\s+slow\.test\.ts$/);
    expect(lines[2]).toMatch(/^\s+3\.0 s\s+0 tests\s+mid\.test\.ts$/);
    expect(lines).toHaveLength(3);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("fails with a usage line when the report is missing", () => {
    const r = spawnSync(process.execPath, [script, "/nonexistent/report.json"], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("usage:");
  });
});
