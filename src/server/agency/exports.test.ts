import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { type ExportTable, exportFileName, pdfSafe, renderPdf, renderXlsx } from "./exports";
import { pdfText } from "./testing/read-back";

const table = (rows: number, over: Partial<ExportTable> = {}): ExportTable => ({
  title: "Campaign",
  brandName: "Acme Talent",
  generatedAt: new Date("2026-11-22T12:00:00Z"),
  columns: [
    { header: "Username", kind: "text" },
    { header: "Followers", kind: "integer" },
    { header: "Est. cost low (USD)", kind: "money" },
    { header: "Report date", kind: "date" },
  ],
  rows: Array.from({ length: rows }, (_, i) => [
    `creator_${i}`,
    1000 + i,
    50 + i,
    new Date("2026-11-20T00:00:00Z"),
  ]),
  totals: ["Total", 12345, 678, null],
  ...over,
});

describe("exports", () => {
  it("repeats the header row on every PDF page and ends with the totals", async () => {
    const { pages, text } = await pdfText(await renderPdf(table(120)));
    expect(pages).toBeGreaterThan(1);
    const byPage = text.split("\f");
    for (const page of byPage) expect(page).toContain("Followers");
    expect(byPage[0]).toContain("Acme Talent");
    expect(byPage[0]).toContain("Generated 2026-11-22");
    expect(text).toContain("creator_119");
    expect(byPage.at(-1)).toMatch(/Total\s+12,345\s+\$678/);
  });

  it("still renders when the logo bytes are not an image", async () => {
    const pdf = await renderPdf(table(2, { logo: Buffer.from("not an image at all") }));
    expect((await pdfText(pdf)).text).toContain("creator_1");
  });

  it("exports XLSX for any list name, even ones Excel refuses as a sheet name", async () => {
    for (const [title, sheet] of [
      ["'quoted'", "quoted"],
      ["History", "List"],
      ["a:b/c?*[x]", "a b c   x"],
      ["   ", "List"],
      ["=1+1", "=1+1"],
      ["x".repeat(40), "x".repeat(31)],
    ] as const) {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await renderXlsx(table(1, { title }))) as unknown as ArrayBuffer);
      expect(wb.worksheets[0]!.name, title).toBe(sheet);
    }
  });

  it("prints characters the built-in fonts lack as ?, and makes safe file names", () => {
    expect(pdfSafe("Café – “quoted” 名前 😀")).toBe("Café – “quoted” ?? ?");
    expect(exportFileName('Spring / "launch" ../x', new Date("2026-11-22T00:00:00Z"), "pdf")).toBe(
      "spring-launch-x-2026-11-22.pdf",
    );
    expect(exportFileName("名前", new Date("2026-11-22T00:00:00Z"), "csv")).toBe("export-2026-11-22.csv");
  });
});
