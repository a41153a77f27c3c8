import { useMutation } from "@tanstack/react-query";
import { type FinderRequestInput, type FinderResponse, finderResponseSchema } from "#core/schemas/discovery";
import { api } from "../../../lib/api-client";

export const FIND_ACCOUNTS_PATH = "/api/accounts/find";

/**
 * POST /api/accounts/find {platform, description, criteria?} → the finder results and what the
 * description was read as (`interpretedAs`). With `criteria` the server searches with those instead.
 * Errors are ApiErrors; the caller chooses between the sign-in prompt and a toast (spec §8).
 */
export async function findAccounts(
  request: FinderRequestInput,
  signal?: AbortSignal,
): Promise<FinderResponse> {
  return finderResponseSchema.parse(await api.post(FIND_ACCOUNTS_PATH, request, { signal }));
}

export function useFindAccounts() {
  return useMutation({ mutationFn: (request: FinderRequestInput) => findAccounts(request) });
}
