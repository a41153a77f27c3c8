import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeSnapshotCommand } from "./analyze-snapshot";

const fixture = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  "../../core/engine/fixtures/tiktok.json",
);

function capture() {
  const out: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: () => {} }, out };
}
const read = (p: string) => fs.readFile(p, "utf8");

describe("cli analyze --snapshot", () => {
  it("prints the engine's report for a snapshot file, deterministically", async () => {
    const a = capture();
    expect(await analyzeSnapshotCommand(["--snapshot", fixture], a.io, read)).toBe(0);
    const report = JSON.parse(a.out[0]!);
    expect(report).toMatchObject({
      platform: "tiktok",
      username: "quickcook",
      engagementRate: "7.75",
      grade: "B+",
    });
    const b = capture();
    await analyzeSnapshotCommand(["--snapshot", fixture], b.io, read);
    expect(b.out[0]).toBe(a.out[0]);
  });
  it("honours --now", async () => {
    const c = capture();
    await analyzeSnapshotCommand(["--snapshot", fixture, "--now", "2027-03-01T00:00:00Z"], c.io, read);
    expect(JSON.parse(c.out[0]!).postFrequency).toContain("last post");
  });
  it("explains bad input", async () => {
    const io = capture().io;
    await expect(analyzeSnapshotCommand([], io, read)).rejects.toThrow("Usage: analyze --snapshot");
    await expect(analyzeSnapshotCommand(["--snapshot", "/nope.json"], io, read)).rejects.toThrow(
      "Cannot read /nope.json: ENOENT",
    );
    await expect(
      analyzeSnapshotCommand(["--snapshot", fixture, "--now", "yesterday"], io, read),
    ).rejects.toThrow('Invalid --now "yesterday": use an ISO 8601 date-time');
    await expect(analyzeSnapshotCommand(["--snapshot", "x"], io, async () => "{bad")).rejects.toThrow(
      "x is not valid JSON",
    );
    await expect(
      analyzeSnapshotCommand(["--snapshot", "x"], io, async () => '{"platform":"myspace"}'),
    ).rejects.toThrow(/^Invalid snapshot: platform: Please select a platform/);
  });
});
