import { queryOptions, useQuery } from "@tanstack/react-query";
import { type SourcesResponse, sourcesResponseSchema } from "#core/schemas/sources";
import { api } from "../../../lib/api-client";
import { SIGNED_IN_ONLY } from "../../../lib/query-client";

export const SOURCES_PATH = "/api/admin/sources";

/** GET /api/admin/sources (admin only) → each data source, whether it is set up, and its state. */
export async function getSources(signal?: AbortSignal): Promise<SourcesResponse> {
  return sourcesResponseSchema.parse(await api.get(SOURCES_PATH, { signal }));
}

export function sourcesQueryOptions() {
  return queryOptions({
    queryKey: [SOURCES_PATH],
    queryFn: ({ signal }) => getSources(signal),
    meta: SIGNED_IN_ONLY,
    refetchInterval: 30_000,
  });
}

export function useSources() {
  return useQuery(sourcesQueryOptions());
}
