import { parse as parseCsv } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { accounts } from "../db/schema";
import { createTestDatabase } from "../testing/test-db";
import { createAccountDataService, csvCell, exportFileName } from "./account-data-service";

describe("CSV cells", () => {
  it("neutralise text a spreadsheet would run as a formula", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell(["@a", "b"])).toBe("'@a; b");
  });

  it("quote commas, quotes and line breaks and leave plain values alone", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("Ünïcode 🎉")).toBe("Ünïcode 🎉");
    expect(csvCell(-2.5)).toBe("-2.5");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
  });

  it("name the file by format and UTC date", () => {
    expect(exportFileName("csv", new Date("2026-11-22T23:30:00Z"))).toBe("accounts-2026-11-22.csv");
    expect(exportFileName("json", new Date("2026-01-02T00:00:00Z"))).toBe("accounts-2026-01-02.json");
  });
});

describe("export in batches", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await database.db.insert(accounts).values(
      Array.from({ length: 7 }, (_, i) => ({
        platform: "instagram",
        username: `batch_${i}`,
        name: i === 3 ? 'Comma, "Quoted"\nName' : `Creator ${i}`,
        followers: 1000 * (i + 1),
        source: "import",
      })),
    );
  });
  afterAll(async () => {
    await database?.close();
  });

  const collect = async (gen: AsyncGenerator<string>) => {
    let text = "";
    let pieces = 0;
    for await (const piece of gen) {
      text += piece;
      pieces++;
    }
    return { text, pieces };
  };

  it("pages through every account exactly once, in id order, whatever the batch size", async () => {
    const data = createAccountDataService({ db: database.db, batchSize: { csv: 2, json: 3 } });
    const csv = await collect(data.exportCsv());
    const rows = parseCsv(csv.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.username)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `batch_${i}`));
    expect(rows[3]!.name).toBe('Comma, "Quoted"\nName');
    expect(rows[6]!.followers).toBe("7000");

    const json = await collect(data.exportJson(new Date("2026-11-22T00:00:00Z")));
    const doc = JSON.parse(json.text) as { exportedAt: string; accounts: { username: string }[] };
    expect(doc.exportedAt).toBe("2026-11-22T00:00:00.000Z");
    expect(doc.accounts.map((a) => a.username)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `batch_${i}`));
    // Written piece by piece, never as one string: opening, one piece per account, closing.
    expect(json.pieces).toBe(9);
  });

  it("exports an empty store as a header line and an empty list", async () => {
    const empty = await createTestDatabase("pglite");
    try {
      const data = createAccountDataService({ db: empty.db });
      const csv = await collect(data.exportCsv());
      expect(csv.text.startsWith("\uFEFFid,platform,username,")).toBe(true);
      expect(csv.text.trim().split("\n")).toHaveLength(1);
      const json = await collect(data.exportJson(new Date("2026-11-22T00:00:00Z")));
      expect(JSON.parse(json.text).accounts).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
