import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type SourceTestResponse, sourceTestResponseSchema } from "#core/schemas/sources";
import { api } from "../../../lib/api-client";
import { sourcesQueryOptions } from "./get-sources";
import { UNKNOWN_ERROR } from "./messages";

/** POST /api/admin/sources/:name/test → one known public account fetched through that source alone. */
export async function testSource(name: string): Promise<SourceTestResponse> {
  return sourceTestResponseSchema.parse(
    await api.post(`/api/admin/sources/${encodeURIComponent(name)}/test`),
  );
}

export function useTestSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testSource,
    onSuccess: async (result) => {
      if (result.ok && result.account)
        toast.success(`${result.name} works`, {
          description: `Read @${result.account.username}: ${result.account.followers.toLocaleString("en-US")} followers, ${result.account.posts} posts (${result.ms} ms).`,
        });
      else toast.error(`${result.name} failed`, { description: result.error?.message ?? UNKNOWN_ERROR });
      await queryClient.invalidateQueries({ queryKey: sourcesQueryOptions().queryKey });
    },
    onError: (error) => {
      toast.error("The test could not run", { description: error.message || UNKNOWN_ERROR });
    },
  });
}
