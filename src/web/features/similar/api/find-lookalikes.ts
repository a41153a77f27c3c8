import { useMutation } from "@tanstack/react-query";
import type { LookalikesRequest, LookalikesResponse } from "#core/schemas/similar";
import { api } from "../../../lib/api-client";
import { parseWhenLoaded } from "../../../lib/parse-when-loaded";

export const LOOKALIKES_PATH = "/api/discovery/lookalikes";

/** POST /api/discovery/lookalikes {seeds, excludeListId?, …} → discovery results ranked by similarity. */
export async function findLookalikes(
  request: Partial<LookalikesRequest> & Pick<LookalikesRequest, "seeds">,
  signal?: AbortSignal,
): Promise<LookalikesResponse> {
  // Loaded with the answer, as get-similar.ts does: the lists page need not build it to open.
  return parseWhenLoaded(
    api.post(LOOKALIKES_PATH, request, { signal }),
    import("#core/schemas/similar").then((m) => m.lookalikesResponseSchema),
  );
}

export function useFindLookalikes() {
  return useMutation({
    mutationFn: (request: Partial<LookalikesRequest> & Pick<LookalikesRequest, "seeds">) =>
      findLookalikes(request),
  });
}
