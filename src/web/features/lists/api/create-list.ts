import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createdListSchema } from "#core/schemas/lists";
import { api } from "../../../lib/api-client";
import { LISTS_KEY, LISTS_PATH } from "./get-lists";

/** POST /api/lists {name} → {id, name}. */
export async function createList(name: string): Promise<{ id: number; name: string }> {
  return createdListSchema.parse(await api.post(LISTS_PATH, { name }, { authPrompt: true }));
}

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
  });
}
