import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type Account, accountSchema } from "#core/schemas/account";
import type { ListAccountsQuery } from "#core/schemas/reports-api";
import { api } from "../../../lib/api-client";
import { ACCOUNTS_PATH, ACCOUNTS_STALE_TIME_MS, SIGNED_IN_ONLY } from "../../../lib/query-client";

/** The most rows one request may ask for (the API's limit). */
export const HISTORY_LIMIT = 100;

export type HistoryFilters = Pick<ListAccountsQuery, "sort"> & {
  q: string;
  grade: ListAccountsQuery["grade"] | "";
  market: string;
};

export const DEFAULT_HISTORY_FILTERS: HistoryFilters = { q: "", grade: "", market: "", sort: "recent" };

const accountListSchema = z.array(accountSchema);

/** GET /api/accounts?scope=history&… → the signed-in user's accounts, filtered and sorted by the server. */
export function historyUrl(filters: HistoryFilters): string {
  const params = new URLSearchParams({ scope: "history", limit: String(HISTORY_LIMIT), sort: filters.sort });
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (filters.grade) params.set("grade", filters.grade);
  if (filters.market) params.set("market", filters.market);
  return `${ACCOUNTS_PATH}?${params.toString()}`;
}

export async function getHistory(filters: HistoryFilters, signal?: AbortSignal): Promise<Account[]> {
  return accountListSchema.parse(await api.get(historyUrl(filters), { signal }));
}

export function historyQueryOptions(filters: HistoryFilters) {
  return queryOptions({
    queryKey: [ACCOUNTS_PATH, { scope: "history", ...filters, q: filters.q.trim() }],
    queryFn: ({ signal }) => getHistory(filters, signal),
    staleTime: ACCOUNTS_STALE_TIME_MS,
    meta: SIGNED_IN_ONLY,
  });
}

/** Keeps the previous rows on screen while a new filter's rows load. */
export function useHistory(filters: HistoryFilters) {
  return useQuery({ ...historyQueryOptions(filters), placeholderData: keepPreviousData });
}
