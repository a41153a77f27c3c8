import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type DeleteAllResponse, deleteAllResponseSchema } from "#core/schemas/settings";
import { apiRequest } from "../../../lib/api-client";
import { UNKNOWN_ERROR } from "./messages";

export const DATA_PATH = "/api/settings/data";

/** DELETE /api/settings/data → what was deleted (the sample creators are kept). */
export async function deleteAllData(): Promise<DeleteAllResponse> {
  return deleteAllResponseSchema.parse(await apiRequest(DATA_PATH, { method: "DELETE" }));
}

const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

/** Delete all → toast 'All data deleted'; every cached account list and report is dropped. */
export function useDeleteAllData({ onDeleted }: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAllData,
    onSuccess: async (result) => {
      onDeleted?.();
      toast.success("All data deleted", {
        description: `Deleted ${plural(result.deleted.accounts, "account")} and ${plural(result.deleted.reports, "report")}. Sample creators were kept.`,
      });
      // Account lists and stored reports the page may hold are gone on the server.
      await queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith("/api/accounts"),
      });
    },
    onError: (error) => {
      toast.error("Error deleting data", { description: error.message || UNKNOWN_ERROR });
    },
  });
}
