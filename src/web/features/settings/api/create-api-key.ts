import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type ApiKeyCreate, type ApiKeyCreated, apiKeyCreatedSchema } from "#core/schemas/api-keys";
import { api } from "../../../lib/api-client";
import { API_KEYS_PATH, apiKeysQueryOptions } from "./get-api-keys";
import { UNKNOWN_ERROR } from "./messages";

/** POST /api/keys → the new key, the only time its secret is shown. */
export async function createApiKey(input: ApiKeyCreate): Promise<ApiKeyCreated> {
  return apiKeyCreatedSchema.parse(await api.post(API_KEYS_PATH, input));
}

export function useCreateApiKey({ onCreated }: { onCreated?: (key: ApiKeyCreated) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: async (key) => {
      onCreated?.(key);
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey });
    },
    onError: (error) => {
      toast.error("Error creating the API key", { description: error.message || UNKNOWN_ERROR });
    },
  });
}
