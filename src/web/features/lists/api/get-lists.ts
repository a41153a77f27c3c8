import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type ListSummary, listSummarySchema } from "#core/schemas/lists";
import { api } from "../../../lib/api-client";
import { SIGNED_IN_ONLY } from "../../../lib/query-client";

export const LISTS_PATH = "/api/lists";
/** Every list query starts with this key: invalidating it refreshes the lists and each list. */
export const LISTS_KEY = [LISTS_PATH] as const;

const listsSchema = z.array(listSummarySchema);

/** GET /api/lists → the signed-in user's lists, most recently changed first. */
export async function getLists(signal?: AbortSignal): Promise<ListSummary[]> {
  return listsSchema.parse(await api.get(LISTS_PATH, { signal }));
}

export function listsQueryOptions() {
  return queryOptions({
    queryKey: [LISTS_PATH, "all"],
    queryFn: ({ signal }) => getLists(signal),
    meta: SIGNED_IN_ONLY,
  });
}

export function useLists({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...listsQueryOptions(), enabled });
}
