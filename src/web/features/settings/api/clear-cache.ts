import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type ClearCacheResponse, clearCacheResponseSchema } from "#core/schemas/settings";
import { api } from "../../../lib/api-client";
import { settingsQueryOptions } from "./get-settings";
import { UNKNOWN_ERROR } from "./messages";

export const CLEAR_CACHE_PATH = "/api/settings/cache/clear";

/** POST /api/settings/cache/clear → when the stored reports were expired (nothing is deleted). */
export async function clearCache(): Promise<ClearCacheResponse> {
  return clearCacheResponseSchema.parse(await api.post(CLEAR_CACHE_PATH));
}

/** Spec §8 toast 'Cache cleared'. */
export function useClearCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearCache,
    onSuccess: async () => {
      toast.success("Cache cleared", {
        description: "Every stored report is made again from fresh data at its next analysis.",
      });
      await queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey });
    },
    onError: (error) => {
      toast.error("Error clearing cache", { description: error.message || UNKNOWN_ERROR });
    },
  });
}
