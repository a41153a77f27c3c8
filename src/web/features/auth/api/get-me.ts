import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "#core/schemas/auth";
import { api, isApiError } from "../../../lib/api-client";
import { authSchemas, parseWhenLoaded } from "../../../lib/parse-when-loaded";
import { ME_PATH } from "../../../lib/query-client";

export { ME_PATH };

/** The signed-in user, or null when the visitor is signed out (401). */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  try {
    return await parseWhenLoaded(
      api.get(ME_PATH, { signal }),
      authSchemas().then((m) => m.userSchema),
    );
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function meQueryOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return queryOptions({ queryKey: [ME_PATH], queryFn: ({ signal }) => getMe(signal), enabled });
}

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(meQueryOptions({ enabled }));
}
