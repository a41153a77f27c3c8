import { queryOptions, useQuery } from "@tanstack/react-query";
import { type SharedList, sharedListSchema } from "#core/schemas/lists";
import { api } from "../../../lib/api-client";

const sharedPath = (token: string) => `/api/shared/lists/${encodeURIComponent(token)}`;

/** GET /api/shared/lists/{token} → the list read-only (no sign-in). Expired or revoked: a 404 saying which. */
export async function getSharedList(token: string, signal?: AbortSignal): Promise<SharedList> {
  return sharedListSchema.parse(await api.get(sharedPath(token), { signal }));
}

export function sharedListQueryOptions(token: string) {
  return queryOptions({
    queryKey: [sharedPath(token)],
    queryFn: ({ signal }) => getSharedList(token, signal),
  });
}

export function useSharedList(token: string) {
  return useQuery(sharedListQueryOptions(token));
}
