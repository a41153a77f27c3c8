import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type WorkspaceMember,
  type WorkspaceRole,
  workspaceMembersSchema,
  workspaceUsageSchema,
} from "#core/schemas/workspaces";
import { api, apiRequest } from "../../../lib/api-client";
import { SIGNED_IN_ONLY } from "../../../lib/query-client";
import { workspacesQueryOptions } from "../../../lib/workspace";
import { workspacePath } from "./workspace";

const membersPath = (id: string) => `${workspacePath(id)}/members`;
const memberPath = (id: string, userId: string) => `${membersPath(id)}/${encodeURIComponent(userId)}`;

/** GET /api/workspaces/:id/members (any member). */
export function membersQueryOptions(id: string) {
  return queryOptions({
    queryKey: [membersPath(id)],
    queryFn: async ({ signal }): Promise<WorkspaceMember[]> =>
      workspaceMembersSchema.parse(await api.get(membersPath(id), { signal })).members,
    meta: SIGNED_IN_ONLY,
  });
}

export function useMembers(id: string) {
  return useQuery(membersQueryOptions(id));
}

/** GET /api/workspaces/:id/usage (owner): each member's reports today against their own limit. */
export function useMemberUsage(id: string, { enabled }: { enabled: boolean }) {
  const path = `${workspacePath(id)}/usage`;
  return useQuery({
    queryKey: [path],
    queryFn: async ({ signal }) => workspaceUsageSchema.parse(await api.get(path, { signal })).members,
    meta: SIGNED_IN_ONLY,
    enabled,
  });
}

/** PATCH /api/workspaces/:id/members/:userId {role} (owner; the last owner stays: 409). */
export function useChangeRole(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, role }: { userId: string; role: WorkspaceRole }) => {
      await apiRequest(memberPath(id, userId), { method: "PATCH", body: { role } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions(id).queryKey }),
  });
}

/** DELETE /api/workspaces/:id/members/:userId: an owner removes someone, or a member leaves. */
export function useRemoveMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId }: { userId: string; email: string }) => {
      await apiRequest(memberPath(id, userId), { method: "DELETE" });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey }),
      ]),
  });
}
