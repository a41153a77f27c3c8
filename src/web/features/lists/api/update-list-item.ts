import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ListItem, listItemSchema, type UpdateListItemRequest } from "#core/schemas/lists";
import { apiRequest } from "../../../lib/api-client";
import { listPath } from "./get-list";
import { LISTS_KEY } from "./get-lists";

export interface UpdateListItemInput extends UpdateListItemRequest {
  listId: number;
  itemId: number;
}

/** PATCH /api/lists/{id}/items/{itemId} {note?, status?} → the item. */
export async function updateListItem({ listId, itemId, ...body }: UpdateListItemInput): Promise<ListItem> {
  return listItemSchema.parse(
    await apiRequest(`${listPath(listId)}/items/${itemId}`, { method: "PATCH", body }),
  );
}

export function useUpdateListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
  });
}
