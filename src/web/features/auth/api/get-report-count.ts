import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { ReportCount } from "#core/schemas/auth";
import { api } from "../../../lib/api-client";
import { authSchemas, parseWhenLoaded } from "../../../lib/parse-when-loaded";

export const REPORT_COUNT_PATH = "/api/reports/count";
export const reportCountQueryKey = [REPORT_COUNT_PATH] as const;

export async function getReportCount(signal?: AbortSignal): Promise<ReportCount> {
  return parseWhenLoaded(
    api.get(REPORT_COUNT_PATH, { signal }),
    authSchemas().then((m) => m.reportCountSchema),
  );
}

export function reportCountQueryOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return queryOptions({
    queryKey: reportCountQueryKey,
    queryFn: ({ signal }) => getReportCount(signal),
    enabled,
  });
}

export function useReportCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(reportCountQueryOptions({ enabled }));
}

/**
 * Spec §4: the report count goes up locally after each report, without asking the server.
 * The analyser calls this (through the page that composes it) when a report arrives.
 */
export function incrementReportCount(queryClient: QueryClient): void {
  queryClient.setQueryData<ReportCount>(reportCountQueryKey, (old) =>
    old ? { ...old, count: old.count + 1, remaining: Math.max(0, old.remaining - 1) } : old,
  );
}

/** Spec §4: logout resets the count to 0 (the next fetch brings the server's figure for the visitor). */
export function resetReportCount(queryClient: QueryClient): void {
  queryClient.setQueryData<ReportCount>(reportCountQueryKey, (old) =>
    old ? { ...old, count: 0, remaining: old.limit, signedIn: false } : old,
  );
}
