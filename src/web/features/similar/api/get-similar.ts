import { queryOptions, useQuery } from "@tanstack/react-query";
import { stripAt } from "#core/handles";
import type { Platform } from "#core/schemas/platform";
import type { SimilarResponse } from "#core/schemas/similar";
import { api } from "../../../lib/api-client";
import { parseWhenLoaded } from "../../../lib/parse-when-loaded";
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
  // The schema (with discovery's, which it reuses) is loaded with the first answer, not with the report
  // page: building it took ~25 ms of a slow phone's main thread in the task that starts the page.
  return parseWhenLoaded(
    api.get(similarPath(username, platform), { signal }),
    import("#core/schemas/similar").then((m) => m.similarResponseSchema),
  );
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
