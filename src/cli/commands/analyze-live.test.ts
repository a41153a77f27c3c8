import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import { openDatabase } from "../../server/db/database";
import { seedSampleAccounts } from "../../server/samples/sample-service";
import { analyzeLiveCommand } from "./analyze-live";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-cli-analyze-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("cli analyze <platform> <handle>", () => {
  it("prints a full report for a sample creator offline, labelled as sample data", async () => {
    const dataDir = path.join(dir, "data");
    const now = new Date();
    const db = await openDatabase({ dataDir });
    await seedSampleAccounts(db.db, { count: 20, now, indexFields: (s) => indexFieldsForSnapshot(s, now) });
    const row = (await db.db.query.accounts.findMany({ where: (a, { eq }) => eq(a.isPrivate, false) }))[0]!;
    await db.close();
    const out: string[] = [];
    const io = { out: (t: string) => out.push(t), err: () => {} };
    expect(
      await analyzeLiveCommand([row.platform, row.username], io, { DATA_DIR: dataDir, SAMPLE_ACCOUNTS: "0" }),
    ).toBe(0);
    expect(out[0]).toContain(`@${row.username} on ${row.platform} — SAMPLE DATA`);
    expect(out[0]).toMatch(/Grade: /);
    expect(out[0]).toMatch(/Value per post: .*estimate/);
    out.length = 0;
    expect(await analyzeLiveCommand([row.platform, row.username, "--json"], io, { DATA_DIR: dataDir })).toBe(
      0,
    );
    expect(JSON.parse(out[0]!)).toMatchObject({ username: row.username, isSample: true });
  }, 60_000);

  it("says clearly when no source can analyse the account", async () => {
    const io = { out: () => {}, err: () => {} };
    await expect(
      analyzeLiveCommand(["tiktok", "nobody_real"], io, {
        DATA_DIR: path.join(dir, "d2"),
        COLLECTORS: "sample",
      }),
    ).rejects.toThrow(/nobody_real/);
    await expect(analyzeLiveCommand(["myspace", "x"], io, {})).rejects.toThrow('Unknown platform "myspace"');
  }, 60_000);
});
