import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { listPath } from "./get-list";
import { LISTS_KEY } from "./get-lists";

/** DELETE /api/lists/{id}/items/{itemId}. */
export async function deleteListItem({ listId, itemId }: { listId: number; itemId: number }): Promise<void> {
  await apiRequest(`${listPath(listId)}/items/${itemId}`, { method: "DELETE" });
}

export function useDeleteListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
  });
}
