import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { listPath } from "./get-list";
import { LISTS_KEY } from "./get-lists";

/** DELETE /api/lists/{id}: the list, its creators and its share links. */
export async function deleteList(id: number): Promise<void> {
  await apiRequest(listPath(id), { method: "DELETE" });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
  });
}
