import { queryOptions, useQuery } from "@tanstack/react-query";
import { type IdentitiesResponse, identitiesResponseSchema } from "#core/schemas/index-growth";
import type { Platform } from "#core/schemas/platform";
import { api } from "../../../lib/api-client";
import { ACCOUNTS_STALE_TIME_MS } from "../../../lib/query-client";
import { accountPath } from "./get-account";

/** GET /api/accounts/{username}/identities?platform= — the creator's stated profiles elsewhere (issue #35). */
async function getIdentities(
  username: string,
  platform: Platform,
  signal?: AbortSignal,
): Promise<IdentitiesResponse> {
  return identitiesResponseSchema.parse(
    await api.get(`${accountPath(username)}/identities?platform=${platform}`, { signal }),
  );
}

export function useIdentities(username: string, platform: Platform, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: [`${accountPath(username)}/identities`, { platform }],
      queryFn: ({ signal }) => getIdentities(username, platform, signal),
      staleTime: ACCOUNTS_STALE_TIME_MS,
      retry: false,
      enabled,
    }),
  );
}
