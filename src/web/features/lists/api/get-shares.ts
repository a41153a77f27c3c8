import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type ShareSummary, shareSummarySchema } from "#core/schemas/lists";
import { api } from "../../../lib/api-client";
import { SIGNED_IN_ONLY } from "../../../lib/query-client";
import { listPath } from "./get-list";
import { LISTS_PATH } from "./get-lists";

export const sharesQueryKey = (listId: number) => [LISTS_PATH, "shares", listId] as const;

const sharesSchema = z.array(shareSummarySchema);

/** GET /api/lists/{id}/shares → the list's live share links (their first characters, never the token). */
export async function getShares(listId: number, signal?: AbortSignal): Promise<ShareSummary[]> {
  return sharesSchema.parse(await api.get(`${listPath(listId)}/shares`, { signal }));
}

export function sharesQueryOptions(listId: number) {
  return queryOptions({
    queryKey: sharesQueryKey(listId),
    queryFn: ({ signal }) => getShares(listId, signal),
    meta: SIGNED_IN_ONLY,
  });
}

export function useShares(listId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...sharesQueryOptions(listId), enabled });
}
