import { queryOptions, useQuery } from "@tanstack/react-query";
import { watchlistListSchema } from "#core/schemas/growth";
import { api } from "../../../lib/api-client";
import { signedInOnly, WATCHLISTS_PATH } from "./keys";

/** GET /api/watchlists — the signed-in user's lists. */
export async function getWatchlists(signal?: AbortSignal) {
  return watchlistListSchema.parse(await api.get(WATCHLISTS_PATH, { signal })).watchlists;
}

export function watchlistsQueryOptions() {
  return queryOptions({
    queryKey: [WATCHLISTS_PATH],
    queryFn: ({ signal }) => getWatchlists(signal),
    meta: signedInOnly,
  });
}

export function useWatchlists({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...watchlistsQueryOptions(), enabled });
}
