import { queryOptions, useQuery } from "@tanstack/react-query";
import { stripAt } from "#core/handles";
import type { Platform } from "#core/schemas/platform";
import { type SimilarResponse, similarResponseSchema } from "#core/schemas/similar";
import { api } from "../../../lib/api-client";
import { ACCOUNTS_STALE_TIME_MS } from "../../../lib/query-client";

/** GET /api/accounts/{username}/similar?platform=&limit= — similar creators, each with why (issue #36). */
export function similarPath(username: string, platform: Platform, limit = 10): string {
  return `/api/accounts/${encodeURIComponent(stripAt(username))}/similar?platform=${platform}&limit=${limit}`;
}

export async function getSimilar(
  username: string,
  platform: Platform,
  signal?: AbortSignal,
): Promise<SimilarResponse> {
  return similarResponseSchema.parse(await api.get(similarPath(username, platform), { signal }));
}

export function similarQueryOptions(username: string, platform: Platform, lastUpdated?: string) {
  return queryOptions({
    queryKey: [similarPath(username, platform), { lastUpdated: lastUpdated ?? null }],
    queryFn: ({ signal }) => getSimilar(username, platform, signal),
    staleTime: ACCOUNTS_STALE_TIME_MS,
  });
}

export function useSimilar(username: string, platform: Platform, lastUpdated?: string) {
  return useQuery(similarQueryOptions(username, platform, lastUpdated));
}
