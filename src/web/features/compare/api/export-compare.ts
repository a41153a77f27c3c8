import type { ExportFormat } from "#core/schemas/lists";
import { COMPARE_PATH } from "./get-compare";

/** GET /api/compare/export?accounts=…&format=csv|xlsx|pdf: a download the browser fetches itself (a link). */
export function compareExportUrl(accounts: string, format: ExportFormat): string {
  return `${COMPARE_PATH}/export?accounts=${encodeURIComponent(accounts)}&format=${format}`;
}
