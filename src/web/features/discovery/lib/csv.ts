import { csvCell } from "#core/csv";
import { FOLLOWER_RANGE_LABELS } from "#core/discovery/options";
import { FIGURES_SOURCE_HEADER, figuresSourceText } from "#core/model-figures";
import { PLATFORM_LABELS } from "#core/platforms";
import type { DiscoveryResult } from "#core/schemas/discovery";

/**
 * CSV export of the discovery rows on screen (RFC 4180: comma-separated, CRLF line ends, fields
 * with a comma, quote or line break in double quotes with quotes doubled). A cell that a spreadsheet
 * would run as a formula (starting with =, +, -, @, a tab or a carriage return) gets a leading
 * apostrophe, so an account's name or bio can never execute in the marketer's spreadsheet (OWASP
 * "CSV injection"). "Found on the Web" says which rows the AI web search added (verified and measured
 * like the rest; docs/decisions/009-discovery-web-candidates.md). "Source of figures" says whether a
 * row's numbers are measured, generated sample data, or the model's web-search estimate.
 */

export { csvCell };

export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n");
}

export const CSV_COLUMNS = [
  "Username",
  "Name",
  "Platform",
  "Verified",
  "Followers",
  "Match %",
  "Industry",
  "Description",
  "Engagement Rate",
  "Countries",
  "Sample Data",
  "Found on the Web",
  FIGURES_SOURCE_HEADER,
] as const;

/** The header line and one line per row, in the order given. */
export function discoveryCsv(rows: readonly DiscoveryResult[]): string {
  return `${toCsv([
    CSV_COLUMNS,
    ...rows.map((r) => [
      r.username,
      r.name,
      PLATFORM_LABELS[r.platform],
      r.verified ? "Yes" : "No",
      r.followers,
      r.matchPercentage,
      r.industry,
      r.description,
      r.engagementRate,
      r.countries.join("; "),
      r.isSample ? "Yes" : "No",
      r.foundVia === "web" ? "Yes" : "No",
      figuresSourceText(r),
    ]),
  ])}\r\n`;
}

/** e.g. "instagram-10k-100k-fitness-2026-05-01.csv". */
export function csvFileName(
  criteria: { platform: string; followerRange: keyof typeof FOLLOWER_RANGE_LABELS; industry: string },
  now: Date,
): string {
  const slug = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  const parts = [
    "discovery",
    criteria.platform,
    slug(FOLLOWER_RANGE_LABELS[criteria.followerRange]),
    criteria.industry === "any" ? "any-industry" : slug(criteria.industry),
    now.toISOString().slice(0, 10),
  ];
  return `${parts.filter(Boolean).join("-")}.csv`;
}

/** Starts the browser download of `text` as `fileName` (UTF-8 with a BOM, so spreadsheets read accents). */
export function downloadCsv(text: string, fileName: string): void {
  const blob = new Blob(["\uFEFF", text], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
