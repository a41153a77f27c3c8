import { useMutation } from "@tanstack/react-query";
import {
  type LookalikesRequest,
  type LookalikesResponse,
  lookalikesResponseSchema,
} from "#core/schemas/similar";
import { api } from "../../../lib/api-client";

export const LOOKALIKES_PATH = "/api/discovery/lookalikes";

/** POST /api/discovery/lookalikes {seeds, excludeListId?, …} → discovery results ranked by similarity. */
export async function findLookalikes(
  request: Partial<LookalikesRequest> & Pick<LookalikesRequest, "seeds">,
  signal?: AbortSignal,
): Promise<LookalikesResponse> {
  return lookalikesResponseSchema.parse(await api.post(LOOKALIKES_PATH, request, { signal }));
}

export function useFindLookalikes() {
  return useMutation({
    mutationFn: (request: Partial<LookalikesRequest> & Pick<LookalikesRequest, "seeds">) =>
      findLookalikes(request),
  });
}
