import { csvCell } from "#core/csv";
import type { ExportFormat } from "#core/schemas/lists";

// exceljs and pdfkit are loaded on the first export, not with the server: together they held
// ~50 MB of every server's memory, used or not (issue #38, docs/performance.md).
const loadExcelJS = async () => (await import("exceljs")).default;
const loadPDFDocument = async () => (await import("pdfkit")).default;

/**
 * One table, three files (issue 22): CSV for any spreadsheet, XLSX with typed cells, PDF for a client.
 * Every cell is data: text is never a formula (CSV: leading apostrophe; XLSX: string cells; PDF: ink).
 */

export type ColumnKind = "text" | "integer" | "decimal" | "money" | "date";
export type Cell = string | number | Date | null;

export interface ExportColumn {
  header: string;
  kind: ColumnKind;
  /** Relative width in the PDF (default 1). */
  width?: number;
}

export interface ExportTable {
  title: string;
  /** A line under the title (what the figures are). */
  subtitle?: string;
  columns: ExportColumn[];
  rows: Cell[][];
  /** The totals row, same columns. */
  totals?: Cell[];
  generatedAt: Date;
  brandName: string;
  /** PNG or JPEG bytes of the brand logo (PDF only). */
  logo?: Buffer | null;
  /** A closing line in the PDF (what the estimates are). */
  footnote?: string;
}

export interface ExportFile {
  body: Buffer;
  contentType: string;
  extension: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

export async function renderExport(table: ExportTable, format: ExportFormat): Promise<ExportFile> {
  const body =
    format === "csv"
      ? renderCsv(table)
      : format === "xlsx"
        ? await renderXlsx(table)
        : await renderPdf(table);
  return { body, contentType: CONTENT_TYPES[format], extension: format };
}

/** A file name from a title: letters, digits and dashes only (no header injection, no path). */
export function exportFileName(title: string, generatedAt: Date, extension: string): string {
  const slug =
    title
      .normalize("NFKD")
      .replace(/[^\w\s-]/g, "")
      .trim()
      .replace(/[\s_]+/g, "-")
      .replace(/-+/g, "-")
      .toLowerCase()
      .slice(0, 60) || "export";
  return `${slug}-${generatedAt.toISOString().slice(0, 10)}.${extension}`;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function csvValue(cell: Cell): unknown {
  return cell instanceof Date ? isoDay(cell) : cell;
}

/** UTF-8 with a byte-order mark (so spreadsheet programs read it as UTF-8), CRLF rows (RFC 4180). */
export function renderCsv(table: ExportTable): Buffer {
  const lines = [table.columns.map((c) => csvCell(c.header)).join(",")];
  for (const row of table.rows) lines.push(row.map((c) => csvCell(csvValue(c))).join(","));
  if (table.totals) lines.push(table.totals.map((c) => csvCell(csvValue(c))).join(","));
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}

const NUMBER_FORMATS: Partial<Record<ColumnKind, string>> = {
  integer: "#,##0",
  decimal: "0.00",
  money: '"$"#,##0',
  date: "yyyy-mm-dd",
};

/**
 * A worksheet name Excel accepts for any title: no \\ / ? * [ ] :, at most 31 characters, no apostrophe
 * at either end, not the reserved "History".
 */
export function sheetName(title: string): string {
  const name = title
    .replace(/[\\/?*[\]:]/g, " ")
    .trim()
    .slice(0, 31)
    .replace(/^'+|'+$/g, "")
    .trim();
  return name && name.toLowerCase() !== "history" ? name : "List";
}

/** An XLSX workbook: bold frozen header row, numbers as numbers, dates as dates, text as plain strings. */
export async function renderXlsx(table: ExportTable): Promise<Buffer> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = table.brandName;
  workbook.created = table.generatedAt;
  const sheet = workbook.addWorksheet(sheetName(table.title), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  sheet.columns = table.columns.map((c) => ({
    header: c.header,
    width: Math.max(10, Math.min(60, Math.round((c.width ?? 1) * 14))),
    style: NUMBER_FORMATS[c.kind] ? { numFmt: NUMBER_FORMATS[c.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  // A string cell whose text starts with "=" stays text: exceljs writes a formula only when given {formula}.
  const put = (cells: Cell[]) => sheet.addRow(cells);
  for (const r of table.rows) put(r);
  if (table.totals) put(table.totals).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The standard PDF fonts shipped inside pdfkit (no download) encode WinAnsi only: characters outside it
 * (CJK, emoji) print as "?" instead of as wrong glyphs.
 */
export function pdfSafe(text: string): string {
  return text.replace(
    /[^\t\n\x20-\x7E\xA0-\xFF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u20AC]/gu,
    "?",
  );
}

function pdfCell(cell: Cell, kind: ColumnKind): string {
  if (cell === null) return "—";
  if (cell instanceof Date) return isoDay(cell);
  if (typeof cell === "number") {
    if (kind === "money") return `$${Math.round(cell).toLocaleString("en-US")}`;
    if (kind === "decimal") return cell.toFixed(2);
    return Math.round(cell).toLocaleString("en-US");
  }
  return pdfSafe(cell);
}

const MAX_LINES_PER_CELL = 3;

/** A branded, landscape A4 PDF: logo and brand name, title, one row per line of the table, totals. */
export async function renderPdf(table: ExportTable): Promise<Buffer> {
  const PDFDocument = await loadPDFDocument();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      layout: "landscape",
      margin: 36,
      info: {
        Title: pdfSafe(table.title),
        Author: pdfSafe(table.brandName),
        Creator: pdfSafe(table.brandName),
      },
      bufferPages: false,
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    const left = doc.page.margins.left;
    const usable = doc.page.width - left - doc.page.margins.right;
    const bottom = doc.page.height - doc.page.margins.bottom;
    const totalWeight = table.columns.reduce((s, c) => s + (c.width ?? 1), 0);
    const widths = table.columns.map((c) => ((c.width ?? 1) / totalWeight) * usable);
    const pad = 3;
    const fontSize = 8;

    let y = doc.page.margins.top;
    let logoDrawn = false;
    if (table.logo) {
      try {
        doc.image(table.logo, left, y, { fit: [120, 36] });
        logoDrawn = true;
      } catch {
        logoDrawn = false;
      }
    }
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .fillColor("#444444")
      .text(pdfSafe(table.brandName), logoDrawn ? left + 130 : left, y + (logoDrawn ? 12 : 0), {
        width: usable - (logoDrawn ? 130 : 0),
        lineBreak: false,
      });
    y += logoDrawn ? 44 : 20;
    doc
      .font("Helvetica-Bold")
      .fontSize(16)
      .fillColor("#000000")
      .text(pdfSafe(table.title), left, y, { width: usable });
    y = doc.y + 2;
    const sub = [table.subtitle, `Generated ${isoDay(table.generatedAt)}`].filter(Boolean).join(" · ");
    doc.font("Helvetica").fontSize(9).fillColor("#555555").text(pdfSafe(sub), left, y, { width: usable });
    y = doc.y + 10;

    const lineHeight = doc.font("Helvetica").fontSize(fontSize).currentLineHeight(true);
    const rowHeight = (texts: string[], bold: boolean) => {
      doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(fontSize);
      let h = lineHeight;
      texts.forEach((t, i) => {
        h = Math.max(
          h,
          Math.min(doc.heightOfString(t, { width: widths[i]! - 2 * pad }), lineHeight * MAX_LINES_PER_CELL),
        );
      });
      return h + 2 * pad;
    };
    const drawRow = (
      texts: string[],
      opts: { bold?: boolean; fill?: string },
      h = rowHeight(texts, Boolean(opts.bold)),
    ) => {
      if (opts.fill) doc.rect(left, y, usable, h).fill(opts.fill);
      let x = left;
      doc
        .font(opts.bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(fontSize)
        .fillColor("#000000");
      texts.forEach((t, i) => {
        const kind = table.columns[i]!.kind;
        doc.text(t, x + pad, y + pad, {
          width: widths[i]! - 2 * pad,
          height: h - 2 * pad,
          ellipsis: true,
          align: kind === "text" || kind === "date" ? "left" : "right",
        });
        x += widths[i]!;
      });
      doc
        .moveTo(left, y + h)
        .lineTo(left + usable, y + h)
        .lineWidth(0.5)
        .strokeColor("#dddddd")
        .stroke();
      y += h;
    };
    const headers = table.columns.map((c) => pdfSafe(c.header));
    const header = () => drawRow(headers, { bold: true, fill: "#eeeeee" });
    header();
    /** Starts a new page (with the header row) when this row does not fit; returns the row's height. */
    const ensureRoom = (texts: string[], bold: boolean) => {
      const h = rowHeight(texts, bold);
      if (y + h > bottom) {
        doc.addPage();
        y = doc.page.margins.top;
        header();
      }
      return h;
    };
    for (const row of table.rows) {
      const texts = row.map((c, i) => pdfCell(c, table.columns[i]!.kind));
      drawRow(texts, {}, ensureRoom(texts, false));
    }
    if (table.totals) {
      const texts = table.totals.map((c, i) => (c === null ? "" : pdfCell(c, table.columns[i]!.kind)));
      drawRow(texts, { bold: true, fill: "#f6f6f6" }, ensureRoom(texts, true));
    }
    if (table.footnote) {
      if (y + 30 > bottom) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      doc
        .font("Helvetica")
        .fontSize(7)
        .fillColor("#666666")
        .text(pdfSafe(table.footnote), left, y + 8, { width: usable });
    }
    doc.end();
  });
}
