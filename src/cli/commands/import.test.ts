import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importCommand } from "./import";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-cli-import-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("cli import", () => {
  it("prints a summary, lists bad rows, shows progress on a terminal, and exits 1 when rows were bad", async () => {
    const file = path.join(dir, "list.csv");
    fs.writeFileSync(file, "platform,username,followers\ninstagram,good_one,100\nfacebook,zuck,5\n");
    const out: string[] = [];
    const err: string[] = [];
    const progress: string[] = [];
    const code = await importCommand(
      [file],
      { out: (t) => out.push(t), err: (t) => err.push(t) },
      { DATA_DIR: path.join(dir, "data") },
      { isTTY: true, write: (s) => progress.push(s) },
    );
    expect(code).toBe(1);
    expect(out[0]).toMatch(
      /^Imported list\.csv in [\d.]+ s: 2 rows read, 1 new, 0 updated, 0 unchanged, 0 kept/,
    );
    expect(err).toEqual(["  line 3: platform: must be one of instagram, tiktok, youtube"]);
    expect(progress.join("")).toContain("imported 2 rows");
  }, 60_000);

  it("refuses a missing argument or an unsupported file type", async () => {
    const io = { out: () => {}, err: () => {} };
    await expect(importCommand([], io, {})).rejects.toThrow("Usage: import <file.csv|file.ndjson>");
    await expect(importCommand(["x.xls"], io, {})).rejects.toThrow("Unsupported file type: x.xls");
  });
});
