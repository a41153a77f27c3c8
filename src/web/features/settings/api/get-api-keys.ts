import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiKey, apiKeyListSchema } from "#core/schemas/api-keys";
import { api } from "../../../lib/api-client";
import { SIGNED_IN_ONLY } from "../../../lib/query-client";

export const API_KEYS_PATH = "/api/keys";

/** GET /api/keys → the signed-in user's keys (an admin's list has every user's, with owners). */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return apiKeyListSchema.parse(await api.get(API_KEYS_PATH, { signal }));
}

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: [API_KEYS_PATH],
    queryFn: ({ signal }) => getApiKeys(signal),
    meta: SIGNED_IN_ONLY,
  });
}

export function useApiKeys({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...apiKeysQueryOptions(), enabled });
}
