import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { parseWhenLoaded } from "../../../lib/parse-when-loaded";
import { signedInOnly, WATCHLISTS_PATH } from "./keys";

/** GET /api/watchlists — the signed-in user's lists. */
export async function getWatchlists(signal?: AbortSignal) {
  // The schema loads with the answer (see get-growth.ts): the report page's watch button uses this.
  const list = await parseWhenLoaded(
    api.get(WATCHLISTS_PATH, { signal }),
    import("#core/schemas/growth").then((m) => m.watchlistListSchema),
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
