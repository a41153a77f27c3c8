import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ListDetail, listDetailSchema } from "#core/schemas/lists";
import { api } from "../../../lib/api-client";
import { SIGNED_IN_ONLY } from "../../../lib/query-client";
import { LISTS_PATH } from "./get-lists";

export const listPath = (id: number) => `${LISTS_PATH}/${id}`;

/** GET /api/lists/{id} → the list, its creators with their report figures, and totals. */
export async function getList(id: number, signal?: AbortSignal): Promise<ListDetail> {
  return listDetailSchema.parse(await api.get(listPath(id), { signal }));
}

export function listQueryOptions(id: number) {
  return queryOptions({
    queryKey: [LISTS_PATH, "one", id],
    queryFn: ({ signal }) => getList(id, signal),
    meta: SIGNED_IN_ONLY,
  });
}

export function useList(id: number | null) {
  return useQuery({ ...listQueryOptions(id ?? 0), enabled: id !== null });
}
