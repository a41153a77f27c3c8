import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type SiteSearchResponse, siteSearchResponseSchema } from "#core/schemas/search";
import { api } from "../../../lib/api-client";
import { ACCOUNTS_STALE_TIME_MS } from "../../../lib/query-client";

export const SEARCH_PATH = "/api/search";

/** GET /api/search?q=&limit= → stored reports matching the term. */
export async function searchAccounts(q: string, signal?: AbortSignal): Promise<SiteSearchResponse> {
  const answer = await api.get(`${SEARCH_PATH}?q=${encodeURIComponent(q)}`, { signal });
  return siteSearchResponseSchema.parse(answer);
}

export function searchAccountsQueryOptions(q: string) {
  return queryOptions({
    queryKey: [SEARCH_PATH, { q }],
    queryFn: ({ signal }) => searchAccounts(q, signal),
    staleTime: ACCOUNTS_STALE_TIME_MS,
  });
}

/** Runs only for a non-empty term. */
export function useSearchAccounts(q: string) {
  return useQuery({
    ...searchAccountsQueryOptions(q),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}
