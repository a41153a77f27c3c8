import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type Account, accountSchema } from "#core/schemas/account";
import { api } from "../../../lib/api-client";
import { ACCOUNTS_PATH, ACCOUNTS_STALE_TIME_MS } from "../../../lib/query-client";

/** Spec §9: ten recent accounts. */
export const RECENT_ACCOUNTS_LIMIT = 10;

const accountListSchema = z.array(accountSchema);

/**
 * GET /api/accounts?limit=N → the most recently analysed accounts. The server lets browsers keep the
 * answer 60 s, but this list is refetched right after a new report: it asks past the browser's cache
 * (the query cache keeps it 60 s all the same).
 */
export async function getRecentAccounts(
  limit = RECENT_ACCOUNTS_LIMIT,
  signal?: AbortSignal,
): Promise<Account[]> {
  const answer = await api.get(`${ACCOUNTS_PATH}?limit=${limit}`, {
    signal,
    headers: { "cache-control": "no-cache" },
  });
  return accountListSchema.parse(answer);
}

/** Cached 60 s (spec §7); the key starts with the path, so a new report or a refresh refetches it. */
export function recentAccountsQueryOptions(limit = RECENT_ACCOUNTS_LIMIT) {
  return queryOptions({
    queryKey: [ACCOUNTS_PATH, { scope: "recent", limit }],
    queryFn: ({ signal }) => getRecentAccounts(limit, signal),
    staleTime: ACCOUNTS_STALE_TIME_MS,
  });
}

export function useRecentAccounts(limit = RECENT_ACCOUNTS_LIMIT) {
  return useQuery(recentAccountsQueryOptions(limit));
}
