import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiRequest, isApiError } from "./api-client";

/** Spec §9: account queries are fresh for 60 s; everything else never goes stale on its own. */
export const ACCOUNTS_STALE_TIME_MS = 60_000;

/** GET /api/auth/me: the signed-in user, or null for a visitor. */
export const ME_PATH = "/api/auth/me";

/** POST /api/auth/logout, also the key of the sign-out mutation. */
export const LOGOUT_PATH = "/api/auth/logout";

/** GET /api/accounts: the recent-accounts and history lists share this path as their first key. */
export const ACCOUNTS_PATH = "/api/accounts";
/** Invalidating this key refreshes every account list (recent and history) after a new report. */
export const ACCOUNTS_LIST_KEY = [ACCOUNTS_PATH] as const;

/**
 * Marks queries whose answer exists only for a signed-in user (history, settings). A sign-out drops
 * them before anything is refetched: refetching one in the moment between the sign-out and the
 * re-render that unmounts its view would only earn a 401 (which browsers log as a console error).
 */
export const SIGNED_IN_ONLY = { signedInOnly: true } as const;

export function isSignedInOnly(query: { meta?: Record<string, unknown> }): boolean {
  return query.meta?.signedInOnly === true;
}

export type On401 = "returnNull" | "throw";

/** Default query function: a GET of the first query-key element (spec §7); a 401 may yield null. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const [path] = queryKey;
    if (typeof path !== "string") throw new Error("The first query key element must be the API path");
    try {
      return await apiRequest<T>(path, { signal });
    } catch (error) {
      if (on401 === "returnNull" && isApiError(error) && error.status === 401) return null;
      throw error;
    }
  };
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
  // A query only a signed-in user may run is disabled while a sign-out is under way and once the
  // session is known to be over (null), whatever its own `enabled` says. Otherwise a view that mounts
  // during the sign-out (a lazily loaded one whose code has just arrived), or renders once more before
  // it unmounts, would fetch its query and earn a 401, which the browser logs as an error.
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    if (options._defaulted) return defaults(options);
    const defaulted = defaults(options);
    if (!isSignedInOnly(defaulted)) return defaulted;
    const own = defaulted.enabled;
    defaulted.enabled = (query) =>
      client.getQueryData([ME_PATH]) !== null &&
      client.isMutating({ mutationKey: [LOGOUT_PATH] }) === 0 &&
      (typeof own === "function" ? own(query) : own) !== false;
    return defaulted;
  }) as typeof client.defaultQueryOptions;
  return client;
}
