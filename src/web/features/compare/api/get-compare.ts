import { queryOptions, useQuery } from "@tanstack/react-query";
import { type CompareResponse, compareResponseSchema } from "#core/schemas/compare";
import { api } from "../../../lib/api-client";

export const COMPARE_PATH = "/api/compare";

/** GET /api/compare?accounts=instagram:a,youtube:b → each creator's stored figures, or why there are none. */
export async function getCompare(accounts: string, signal?: AbortSignal): Promise<CompareResponse> {
  return compareResponseSchema.parse(
    await api.get(`${COMPARE_PATH}?accounts=${encodeURIComponent(accounts)}`, { signal }),
  );
}

export function compareQueryOptions(accounts: string) {
  return queryOptions({
    queryKey: [COMPARE_PATH, accounts],
    queryFn: ({ signal }) => getCompare(accounts, signal),
    staleTime: 60_000,
  });
}

export function useCompare(accounts: string) {
  return useQuery({ ...compareQueryOptions(accounts), enabled: accounts.length > 0 });
}
