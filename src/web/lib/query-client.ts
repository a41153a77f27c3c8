import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { apiRequest, isApiError } from "./api-client";

/** Spec §9: account queries are fresh for 60 s; everything else never goes stale on its own. */
export const ACCOUNTS_STALE_TIME_MS = 60_000;

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
  return new QueryClient({
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
}
