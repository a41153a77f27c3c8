import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database";
import { runCli } from "../run-cli";
import { benchmarksCommand } from "./benchmarks";

/** `cli benchmarks` runs the nightly installation-benchmark job now and prints the cells. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-benchmarks-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("cli benchmarks", () => {
  it("recomputes the percentiles from the stored real reports and says which cells reports show", async () => {
    const dataDir = path.join(dir, "data");
    const database = await openDatabase({ dataDir });
    for (let i = 0; i < 3; i++) {
      const res = await database.db.execute(sql`
        insert into accounts (platform, username, followers, source) values ('youtube', ${`ch${i}`}, 20000, 'youtube-api') returning id`);
      const id = Number((res as unknown as { rows: { id: number }[] }).rows[0]!.id);
      const report = { metrics: { engagement: { benchmark: { comparedPct: 0.4 + i * 0.1 } } } };
      await database.db.execute(sql`
        insert into reports (account_id, engine_version, report) values (${id}, '1', ${JSON.stringify(report)}::jsonb)`);
    }
    await database.close();

    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
    expect(await benchmarksCommand([], io, { DATA_DIR: dataDir }), err.join("\n")).toBe(0);
    expect(out[0]).toBe("Installation benchmarks recomputed from 3 real accounts: 1 platform × tier cell.");
    expect(out[1]).toBe(
      "  youtube 10K–50K: median 0.50% (p25 0.45%, p75 0.55%), 3 accounts — not shown (under 50)",
    );
    // Listed among the commands.
    const help: string[] = [];
    await runCli(["help"], { out: (t) => help.push(t), err: () => {} });
    expect(help.join("\n")).toMatch(/benchmarks +recompute this installation's engagement percentiles/);
  }, 90_000);
});
