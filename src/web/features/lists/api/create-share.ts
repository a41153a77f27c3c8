import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CreatedShare, type CreateShareRequest, createdShareSchema } from "#core/schemas/lists";
import { api } from "../../../lib/api-client";
import { listPath } from "./get-list";
import { sharesQueryKey } from "./get-shares";

/** POST /api/lists/{id}/share {expiresInDays, includeNotes} → {token, url, expiresAt}. */
export async function createShare({
  listId,
  ...body
}: CreateShareRequest & { listId: number }): Promise<CreatedShare> {
  return createdShareSchema.parse(await api.post(`${listPath(listId)}/share`, body));
}

export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShare,
    onSuccess: (_share, input) => queryClient.invalidateQueries({ queryKey: sharesQueryKey(input.listId) }),
  });
}
