import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database";
import { users } from "../../server/db/schema";
import { runCli } from "../run-cli";
import { backupCommand, restoreCommand } from "./backup";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-backup-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

describe("backup and restore", () => {
  it("round-trips the embedded database and keeps the replaced one aside", async () => {
    const dataDir = path.join(dir, "data");
    const env = { DATA_DIR: dataDir };
    let database = await openDatabase({ dataDir });
    await database.db.insert(users).values({ email: "before@example.com" });
    await database.close();

    const file = path.join(dir, "backup.tar.gz");
    const c = capture();
    expect(await backupCommand([file], c.io, env)).toBe(0);
    expect(c.out[0]).toContain("Backed up");
    expect(fs.statSync(file).size).toBeGreaterThan(1000);

    database = await openDatabase({ dataDir });
    await database.db.insert(users).values({ email: "after@example.com" });
    await database.close();

    expect(await restoreCommand([file], capture().io, env)).toBe(0);
    database = await openDatabase({ dataDir });
    const emails = (await database.db.select().from(users)).map((u) => u.email);
    await database.close();
    expect(emails).toEqual(["before@example.com"]);
    expect(fs.readdirSync(dataDir).some((f) => f.startsWith("pgdata.before-restore-"))).toBe(true);
  }, 90_000);

  it("refuses to back up while another process holds the folder, naming it", async () => {
    const dataDir = path.join(dir, "busy");
    fs.mkdirSync(dataDir);
    fs.writeFileSync(
      path.join(dataDir, "app.lock"),
      JSON.stringify({ pid: process.ppid, host: os.hostname(), startedAt: "2026-01-01T00:00:00Z" }),
    );
    const c = capture();
    await expect(backupCommand([path.join(dir, "y.tar.gz")], c.io, { DATA_DIR: dataDir })).rejects.toThrow(
      `is in use by process ${process.ppid}`,
    );
  });

  it("gives usage errors for missing arguments and unknown commands", async () => {
    const c = capture();
    expect(await runCli(["backup"], c.io)).toBe(2);
    expect(c.err[0]).toBe("Usage: backup <file.tar.gz>");
    expect(await runCli(["frobnicate"], c.io)).toBe(1);
    expect(c.err[1]).toContain('Unknown command "frobnicate"');
  });
});
