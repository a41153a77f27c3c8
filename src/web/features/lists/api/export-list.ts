import type { ExportFormat } from "#core/schemas/lists";
import { listPath } from "./get-list";

/** GET /api/lists/{id}/export?format=csv|xlsx|pdf: a download the browser fetches itself (a link). */
export function listExportUrl(id: number, format: ExportFormat): string {
  return `${listPath(id)}/export?format=${format}`;
}
