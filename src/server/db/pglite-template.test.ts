import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database";
import { PGLITE_START_PARAMS } from "./pglite-settings";
import { pgliteTemplateFile } from "./pglite-template";

/**
 * Issue #38: a first start unpacks the build's empty cluster instead of running PGlite's initdb in
 * the server's process (~880 MB peak before, ~450 MB with the archive; docs/performance.md).
 */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});
function tmp(prefix: string): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
}

describe("the embedded database template", () => {
  it("gives a first start its cluster from the archive, then migrates it as usual", async () => {
    // An archive with a table of its own shows that the folder came from it, not from initdb.
    const templates = tmp("pglite-template-");
    const maker = await PGlite.create({ startParams: [...PGLITE_START_PARAMS] });
    await maker.exec("create table from_template (id int)");
    const dump = await maker.dumpDataDir("gzip");
    await maker.close();
    fs.writeFileSync(pgliteTemplateFile(templates), Buffer.from(await dump.arrayBuffer()));

    const dataDir = tmp("pglite-first-");
    const database = await openDatabase({ dataDir, pgliteTemplateDir: templates });
    try {
      const marker = await database.db.execute(sql`select to_regclass('from_template')::text as t`);
      expect((marker as unknown as { rows: { t: string | null }[] }).rows[0]?.t).toBe("from_template");
      const users = await database.db.execute(sql`select count(*)::int as n from users`);
      expect((users as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
      expect(database.notices).toEqual([]);
    } finally {
      await database.close();
    }
    // A second start opens the folder as it is: the archive is only for a folder that does not exist.
    fs.rmSync(pgliteTemplateFile(templates));
    const again = await openDatabase({ dataDir, pgliteTemplateDir: templates });
    const marker = await again.db.execute(sql`select to_regclass('from_template')::text as t`);
    expect((marker as unknown as { rows: { t: string | null }[] }).rows[0]?.t).toBe("from_template");
    await again.close();
  }, 120_000);

  it("falls back to initdb, with a notice, when the archive is damaged", async () => {
    const templates = tmp("pglite-template-bad-");
    fs.writeFileSync(pgliteTemplateFile(templates), "not an archive");
    const dataDir = tmp("pglite-first-bad-");
    const database = await openDatabase({ dataDir, pgliteTemplateDir: templates });
    try {
      const users = await database.db.execute(sql`select count(*)::int as n from users`);
      expect((users as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
      expect(database.notices.join("\n")).toMatch(/template could not be used/);
    } finally {
      await database.close();
    }
  }, 120_000);
});
