import { queryOptions } from "@tanstack/react-query";
import type { DiscoverySearchRequest, DiscoverySearchResponse } from "#core/schemas/discovery";
import { api } from "../../../lib/api-client";
import { discoverySchemas, parseWhenLoaded } from "../../../lib/parse-when-loaded";
import { ACCOUNTS_STALE_TIME_MS } from "../../../lib/query-client";

export const DISCOVERY_SEARCH_PATH = "/api/discovery/search";

/**
 * POST /api/discovery/search {platform, followerRange, industry, targetMarkets[]} → {results, total};
 * with `includeWebCandidates: true` (sent only when asked) also `webCandidates`, the note on the
 * accounts the web search added (docs/decisions/009-discovery-web-candidates.md).
 */
export async function searchDiscovery(
  criteria: DiscoverySearchRequest,
  signal?: AbortSignal,
): Promise<DiscoverySearchResponse> {
  const { platform, followerRange, industry, targetMarkets, includeWebCandidates, page, pageSize, samples } =
    criteria;
  const answer = api.post(
    DISCOVERY_SEARCH_PATH,
    {
      platform,
      followerRange,
      industry,
      targetMarkets,
      ...(includeWebCandidates ? { includeWebCandidates: true } : {}),
      ...(page > 1 ? { page } : {}),
      ...(pageSize !== undefined ? { pageSize } : {}),
      ...(samples !== undefined ? { samples } : {}),
    },
    { signal },
  );
  return parseWhenLoaded(
    answer,
    discoverySchemas().then((m) => m.discoverySearchResponseSchema),
  );
}

/** Web-candidate answers worth reusing: the web search ran. Any other note is asked again at once. */
const REUSABLE_WEB_NOTES: ReadonlySet<string> = new Set(["added", "none"]);

/**
 * The same criteria within 60 s (spec §9) are answered from the cache — for a search with web
 * candidates only when the web search ran (a failed one, a limit or a sign-in note is not kept, so
 * trying again really tries). The discovery view runs it with queryClient.fetchQuery when the form
 * is submitted (a search is an action: the form hides once its results are in).
 */
export function discoverySearchQueryOptions(criteria: DiscoverySearchRequest) {
  return queryOptions({
    queryKey: [DISCOVERY_SEARCH_PATH, criteria],
    queryFn: ({ signal }) => searchDiscovery(criteria, signal),
    staleTime: (query) => {
      const note = query.state.data?.webCandidates;
      return criteria.includeWebCandidates && !(note && REUSABLE_WEB_NOTES.has(note.status))
        ? 0
        : ACCOUNTS_STALE_TIME_MS;
    },
  });
}
