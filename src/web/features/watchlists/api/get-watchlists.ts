import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { growthSchemas, parseWhenLoaded } from "../../../lib/parse-when-loaded";
import { signedInOnly, WATCHLISTS_PATH } from "./keys";

/** GET /api/watchlists — the signed-in user's lists. */
export async function getWatchlists(signal?: AbortSignal) {
  // The schema loads with the answer: the report page's watch button uses this.
  const list = await parseWhenLoaded(
    api.get(WATCHLISTS_PATH, { signal }),
    growthSchemas().then((m) => m.watchlistListSchema),
  );
  return list.watchlists;
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
