import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type RemoveSamplesResponse, removeSamplesResponseSchema } from "#core/schemas/account-origin";
import { apiRequest } from "../../../lib/api-client";
import { UNKNOWN_ERROR } from "./messages";

export const SAMPLES_PATH = "/api/settings/samples";

/** DELETE /api/settings/samples → how many sample creators left the index (issue #35). */
export async function removeSamples(): Promise<RemoveSamplesResponse> {
  return removeSamplesResponseSchema.parse(await apiRequest(SAMPLES_PATH, { method: "DELETE" }));
}

/** Remove sample creators → a toast with how many; cached account lists and searches are dropped. */
export function useRemoveSamples() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSamples,
    onSuccess: async (result) => {
      toast.success("Sample creators removed", {
        description: `${result.removed.toLocaleString("en-US")} sample creator${result.removed === 1 ? "" : "s"} left the index.`,
      });
      await queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === "string" &&
          (query.queryKey[0].startsWith("/api/accounts") || query.queryKey[0].startsWith("/api/discovery")),
      });
    },
    onError: (error) => {
      toast.error("Error removing sample creators", { description: error.message || UNKNOWN_ERROR });
    },
  });
}
