import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type AddListItemRequest, type ListItem, listItemSchema } from "#core/schemas/lists";
import { api } from "../../../lib/api-client";
import { listPath } from "./get-list";
import { LISTS_KEY } from "./get-lists";

/** POST /api/lists/{id}/items {platform, username, note?, status?} → the new item. */
export async function addListItem({
  listId,
  ...body
}: AddListItemRequest & { listId: number }): Promise<ListItem> {
  return listItemSchema.parse(await api.post(`${listPath(listId)}/items`, body, { authPrompt: true }));
}

export function useAddListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addListItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
  });
}
