import { growthImportResponseSchema } from "#core/schemas/growth";
import type { Platform } from "#core/schemas/platform";
import { apiRequest } from "../../../lib/api-client";

/**
 * POST /api/accounts/{username}/growth/import?platform= with a `date,followers` CSV as the body
 * (text/csv) → how many points were imported and how many skipped (on or after the first measured one).
 */
export async function importHistory(input: { platform: Platform; username: string; csv: string }) {
  const path = `/api/accounts/${encodeURIComponent(input.username)}/growth/import?platform=${input.platform}`;
  return growthImportResponseSchema.parse(
    await apiRequest(path, { method: "POST", text: { body: input.csv, contentType: "text/csv" } }),
  );
}
