import { queryOptions, useQuery } from "@tanstack/react-query";
import { type SettingsResponse, settingsResponseSchema } from "#core/schemas/settings";
import { api } from "../../../lib/api-client";
import { SIGNED_IN_ONLY } from "../../../lib/query-client";

export const SETTINGS_PATH = "/api/settings";

/** GET /api/settings (admin only) → the settings, their defaults and the models offered. */
export async function getSettings(signal?: AbortSignal): Promise<SettingsResponse> {
  return settingsResponseSchema.parse(await api.get(SETTINGS_PATH, { signal }));
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: [SETTINGS_PATH],
    queryFn: ({ signal }) => getSettings(signal),
    meta: SIGNED_IN_ONLY,
  });
}

export function useSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...settingsQueryOptions(), enabled });
}
