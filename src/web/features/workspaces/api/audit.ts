import { useInfiniteQuery } from "@tanstack/react-query";
import { type AuditEntry, auditPageSchema } from "#core/schemas/workspaces";
import { api } from "../../../lib/api-client";
import { SIGNED_IN_ONLY } from "../../../lib/query-client";
import { workspacePath } from "./workspace";

export const AUDIT_PAGE_SIZE = 50;

/**
 * GET /api/workspaces/:id/audit?limit&before&beforeId (owner), newest first: each page continues
 * before the last entry (its time and id, so entries of the same time are not skipped); a short page
 * is the last.
 */
export function useAudit(id: string) {
  const path = `${workspacePath(id)}/audit`;
  return useInfiniteQuery({
    queryKey: [path],
    initialPageParam: null as { at: string; id?: number } | null,
    queryFn: async ({ pageParam, signal }): Promise<AuditEntry[]> => {
      const query = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
      if (pageParam) query.set("before", pageParam.at);
      if (pageParam?.id !== undefined) query.set("beforeId", String(pageParam.id));
      return auditPageSchema.parse(await api.get(`${path}?${query}`, { signal })).entries;
    },
    getNextPageParam: (last) => {
      const end = last.at(-1);
      return last.length < AUDIT_PAGE_SIZE || !end ? null : { at: end.at, id: end.id };
    },
    meta: SIGNED_IN_ONLY,
  });
}
