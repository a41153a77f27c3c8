import { queryOptions, useQuery } from "@tanstack/react-query";
import { stripAt } from "#core/handles";
import type { GrowthResponse } from "#core/schemas/growth";
import type { Platform } from "#core/schemas/platform";
import { api } from "../../../lib/api-client";
import { growthSchemas, parseWhenLoaded } from "../../../lib/parse-when-loaded";
import { ACCOUNTS_STALE_TIME_MS } from "../../../lib/query-client";

/** GET /api/accounts/{username}/growth?platform= — the account's dated points, changes and anomalies. */
export function growthPath(username: string, platform: Platform): string {
  return `/api/accounts/${encodeURIComponent(stripAt(username))}/growth?platform=${platform}`;
}

export async function getGrowth(
  username: string,
  platform: Platform,
  signal?: AbortSignal,
): Promise<GrowthResponse> {
  return parseWhenLoaded(
    api.get(growthPath(username, platform), { signal }),
    growthSchemas().then((m) => m.growthResponseSchema),
  );
}

export function growthQueryOptions(username: string, platform: Platform, lastUpdated?: string) {
  return queryOptions({
    // The report's time is part of the key: a refreshed report brings its new point.
    queryKey: [growthPath(username, platform), { lastUpdated: lastUpdated ?? null }],
    queryFn: ({ signal }) => getGrowth(username, platform, signal),
    staleTime: ACCOUNTS_STALE_TIME_MS,
  });
}

export function useGrowth(username: string, platform: Platform, lastUpdated?: string) {
  return useQuery(growthQueryOptions(username, platform, lastUpdated));
}
