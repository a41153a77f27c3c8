import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type WorkspaceDetail,
  type WorkspaceSummary,
  workspaceDetailSchema,
  workspaceSummarySchema,
} from "#core/schemas/workspaces";
import { api, apiRequest } from "../../../lib/api-client";
import { SIGNED_IN_ONLY } from "../../../lib/query-client";
import { WORKSPACES_PATH, workspacesQueryOptions } from "../../../lib/workspace";

export const workspacePath = (id: string) => `${WORKSPACES_PATH}/${encodeURIComponent(id)}`;

/** GET /api/workspaces/:id (a workspace the caller is not in answers 404). */
export function workspaceQueryOptions(id: string) {
  return queryOptions({
    queryKey: [workspacePath(id)],
    queryFn: async ({ signal }): Promise<WorkspaceDetail> =>
      workspaceDetailSchema.parse(await api.get(workspacePath(id), { signal })),
    meta: SIGNED_IN_ONLY,
  });
}

export function useWorkspace(id: string) {
  return useQuery(workspaceQueryOptions(id));
}

/** POST /api/workspaces {name} → the new team workspace, its creator its owner. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string): Promise<WorkspaceSummary> =>
      workspaceSummarySchema.parse(await api.post(WORKSPACES_PATH, { name })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey }),
  });
}

/** PATCH /api/workspaces/:id {name} (owner). */
export function useRenameWorkspace(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      await apiRequest(workspacePath(id), { method: "PATCH", body: { name } });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey }),
      ]),
  });
}

/** DELETE /api/workspaces/:id (owner; a personal workspace cannot be deleted: 409). */
export function useDeleteWorkspace(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest(workspacePath(id), { method: "DELETE" });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey }),
  });
}
