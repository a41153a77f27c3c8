import { queryOptions, useQuery } from "@tanstack/react-query";
import { watchlistDetailSchema } from "#core/schemas/growth";
import { api } from "../../../lib/api-client";
import { signedInOnly, WATCHLISTS_PATH } from "./keys";

/** GET /api/watchlists/{id} — accounts with their latest figures and changes, rules, delivery log. */
export async function getWatchlist(id: string, signal?: AbortSignal) {
  return watchlistDetailSchema.parse(
    await api.get(`${WATCHLISTS_PATH}/${encodeURIComponent(id)}`, { signal }),
  );
}

export function watchlistQueryOptions(id: string) {
  return queryOptions({
    queryKey: [WATCHLISTS_PATH, id],
    queryFn: ({ signal }) => getWatchlist(id, signal),
    meta: signedInOnly,
  });
}

export function useWatchlist(id: string | null) {
  return useQuery({ ...watchlistQueryOptions(id ?? ""), enabled: Boolean(id) });
}
