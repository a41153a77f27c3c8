import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { engineReportSchema } from "#core/schemas/report";
import { InvalidSnapshotError } from "#core/schemas/snapshot";
import { CliUsageError } from "../io";
import { analyzeSnapshotCommand } from "./analyze-snapshot";

const fixture = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  "../../core/engine/fixtures/tiktok.json",
);

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}
const read = (p: string) => fs.readFile(p, "utf8");

describe("cli analyze --snapshot", () => {
  it("prints the engine's report (pretty JSON) for a snapshot file, deterministically", async () => {
    const a = capture();
    expect(await analyzeSnapshotCommand(["--snapshot", fixture], a.io, read)).toBe(0);
    expect(a.out).toHaveLength(1);
    expect(a.out[0]).toContain('\n  "platform": "tiktok"');
    const report = JSON.parse(a.out[0]!);
    expect(engineReportSchema.safeParse(report).success).toBe(true);
    expect(report).toMatchObject({
      platform: "tiktok",
      username: "quickcook",
      engagementRate: "7.75",
      engagementLevel: "Medium",
      grade: "B+",
    });
    const b = capture();
    await analyzeSnapshotCommand([`--snapshot=${fixture}`], b.io, read);
    expect(b.out[0]).toBe(a.out[0]);
  });

  it("uses the snapshot's fetchedAt as now unless --now is given", async () => {
    const a = capture();
    await analyzeSnapshotCommand(["--snapshot", fixture], a.io, read);
    expect(JSON.parse(a.out[0]!).postFrequency).toBe("7.0 posts per week");
    const c = capture();
    await analyzeSnapshotCommand(["--snapshot", fixture, "--now", "2027-03-01T00:00:00Z"], c.io, read);
    // last post Nov 19 12:00 → Mar 1 00:00 = 101.5 days
    expect(JSON.parse(c.out[0]!).postFrequency).toBe("7.0 posts per week (last post 102 days ago)");
  });

  it("explains a missing --snapshot with the usage", async () => {
    const { io } = capture();
    await expect(analyzeSnapshotCommand([], io, read)).rejects.toThrow(CliUsageError);
    await expect(analyzeSnapshotCommand([], io, read)).rejects.toThrow(/Usage: analyze --snapshot/);
    await expect(analyzeSnapshotCommand(["--snapshot"], io, read)).rejects.toThrow(/Usage/);
  });

  it.each(["yesterday", "12345", "2026-13-45T00:00:00Z", ""])("rejects --now %j", async (bad) => {
    const { io } = capture();
    let reads = 0;
    const counting = async (p: string) => {
      reads++;
      return read(p);
    };
    const argv = bad === "" ? ["--snapshot", fixture, "--now"] : ["--snapshot", fixture, "--now", bad];
    await expect(analyzeSnapshotCommand(argv, io, counting)).rejects.toThrow(
      new CliUsageError(`Invalid --now "${bad}": use an ISO 8601 date-time`),
    );
    expect(reads).toBe(0);
  });

  it("names the file when it cannot be read, is not JSON, or is not a snapshot", async () => {
    const { io } = capture();
    await expect(analyzeSnapshotCommand(["--snapshot", "/nope.json"], io, read)).rejects.toThrow(
      "Cannot read /nope.json: ENOENT",
    );
    await expect(analyzeSnapshotCommand(["--snapshot", "x.json"], io, async () => "{bad")).rejects.toThrow(
      /^x\.json is not valid JSON: /,
    );
    const bad = analyzeSnapshotCommand(["--snapshot", "x.json"], io, async () => '{"platform":"myspace"}');
    await expect(bad).rejects.toThrow(InvalidSnapshotError);
    await expect(
      analyzeSnapshotCommand(["--snapshot", "x.json"], io, async () => '{"platform":"myspace"}'),
    ).rejects.toThrow(/^x\.json: Invalid snapshot: platform: Please select a platform/);
  });
});
