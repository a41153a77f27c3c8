import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiKeyDeletedSchema } from "#core/schemas/api-keys";
import { apiRequest } from "../../../lib/api-client";
import { API_KEYS_PATH, apiKeysQueryOptions } from "./get-api-keys";
import { UNKNOWN_ERROR } from "./messages";

/** DELETE /api/keys/:id: the key stops working at once. */
export async function revokeApiKey(id: string): Promise<void> {
  apiKeyDeletedSchema.parse(
    await apiRequest(`${API_KEYS_PATH}/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) => revokeApiKey(id),
    onSuccess: async (_result, { name }) => {
      toast.success("API key revoked", { description: `"${name}" no longer works.` });
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey });
    },
    onError: (error) => {
      toast.error("Error revoking the API key", { description: error.message || UNKNOWN_ERROR });
    },
  });
}
