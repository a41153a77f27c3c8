import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { listPath } from "./get-list";
import { sharesQueryKey } from "./get-shares";

export type RevokeShareInput = { listId: number } & ({ token: string } | { shareId: number });

/**
 * DELETE /api/lists/{id}/share/{token} (a link just made, its token known), or
 * DELETE /api/lists/{id}/shares/{shareId} (a live link from the list of them).
 */
export async function revokeShare(input: RevokeShareInput): Promise<void> {
  const url =
    "token" in input
      ? `${listPath(input.listId)}/share/${encodeURIComponent(input.token)}`
      : `${listPath(input.listId)}/shares/${input.shareId}`;
  await apiRequest(url, { method: "DELETE" });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShare,
    onSuccess: (_r, input) => queryClient.invalidateQueries({ queryKey: sharesQueryKey(input.listId) }),
  });
}
