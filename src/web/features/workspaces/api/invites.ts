import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type InviteCreate,
  type InviteCreated,
  type InviteInfo,
  inviteAcceptedSchema,
  inviteCreatedSchema,
  inviteInfoSchema,
  type PendingInvite,
  pendingInvitesSchema,
} from "#core/schemas/workspaces";
import { api, apiRequest } from "../../../lib/api-client";
import { SIGNED_IN_ONLY } from "../../../lib/query-client";
import { workspacesQueryOptions } from "../../../lib/workspace";
import { workspacePath } from "./workspace";

const invitesPath = (id: string) => `${workspacePath(id)}/invites`;
const invitePath = (token: string) => `/api/invites/${encodeURIComponent(token)}`;

/** GET /api/workspaces/:id/invites (owner): invites not yet accepted. */
export function pendingInvitesQueryOptions(id: string) {
  return queryOptions({
    queryKey: [invitesPath(id)],
    queryFn: async ({ signal }): Promise<PendingInvite[]> =>
      pendingInvitesSchema.parse(await api.get(invitesPath(id), { signal })).invites,
    meta: SIGNED_IN_ONLY,
  });
}

export function usePendingInvites(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...pendingInvitesQueryOptions(id), enabled });
}

/** POST /api/workspaces/:id/invites {email, role} → the link (shown once) and its expiry. */
export function useCreateInvite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: InviteCreate): Promise<InviteCreated> =>
      inviteCreatedSchema.parse(await api.post(invitesPath(id), input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pendingInvitesQueryOptions(id).queryKey }),
  });
}

/** DELETE /api/workspaces/:id/invites/:inviteId (owner): the link stops working. */
export function useRevokeInvite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ inviteId }: { inviteId: string; email: string }) => {
      await apiRequest(`${invitesPath(id)}/${encodeURIComponent(inviteId)}`, { method: "DELETE" });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingInvitesQueryOptions(id).queryKey }),
  });
}

/** GET /api/invites/:token: the workspace's name, the role and the invited address (no sign-in needed). */
export function useInvite(token: string) {
  return useQuery({
    queryKey: [invitePath(token)],
    queryFn: async ({ signal }): Promise<InviteInfo> =>
      inviteInfoSchema.parse(await api.get(invitePath(token), { signal })),
  });
}

/** POST /api/invites/:token/accept (the signed-in invitee) → the workspace joined. */
export function useAcceptInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => inviteAcceptedSchema.parse(await api.post(`${invitePath(token)}/accept`)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: [invitePath(token)] }),
      ]),
  });
}
