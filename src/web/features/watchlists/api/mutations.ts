import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { UNKNOWN_ERROR } from "#core/schemas/errors";
import type { AlertChannel, AlertKind, Cadence } from "#core/schemas/growth";
import type { Platform } from "#core/schemas/platform";
import { api, apiRequest } from "../../../lib/api-client";
import { growthSchemas, parseWhenLoaded } from "../../../lib/parse-when-loaded";
import { WATCHLISTS_PATH } from "./keys";

/**
 * The watchlist writes, one function per endpoint: POST /api/watchlists, DELETE /api/watchlists/{id},
 * POST /api/watchlists/{id}/accounts, DELETE /api/watchlists/{id}/accounts/{platform}/{username},
 * POST /api/watchlists/{id}/alerts, DELETE /api/watchlists/{id}/alerts/{ruleId}. Each refetches the lists.
 */
const listPath = (id: string) => `${WATCHLISTS_PATH}/${encodeURIComponent(id)}`;

export async function createWatchlist(input: { name: string; cadence: Cadence }) {
  return parseWhenLoaded(
    api.post(WATCHLISTS_PATH, input),
    growthSchemas().then((m) => m.watchlistSchema),
  );
}
export async function deleteWatchlist(id: string) {
  await apiRequest(listPath(id), { method: "DELETE" });
}
export async function addWatchedAccount(input: { id: string; platform: Platform; username: string }) {
  await api.post(`${listPath(input.id)}/accounts`, { platform: input.platform, username: input.username });
}
export async function removeWatchedAccount(input: { id: string; platform: Platform; username: string }) {
  await apiRequest(`${listPath(input.id)}/accounts/${input.platform}/${encodeURIComponent(input.username)}`, {
    method: "DELETE",
  });
}
export async function createAlertRule(input: {
  id: string;
  kind: AlertKind;
  threshold?: number;
  channel: AlertChannel;
}) {
  const { id, ...body } = input;
  return parseWhenLoaded(
    api.post(`${listPath(id)}/alerts`, body),
    growthSchemas().then((m) => m.alertRuleCreatedSchema),
  );
}
export async function deleteAlertRule(input: { id: string; ruleId: string }) {
  await apiRequest(`${listPath(input.id)}/alerts/${encodeURIComponent(input.ruleId)}`, { method: "DELETE" });
}

/** A mutation that refetches every watchlist query when it succeeds and toasts its error. */
export function useWatchlistMutation<I, O>(fn: (input: I) => Promise<O>, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [WATCHLISTS_PATH] }),
    onError: (error) => {
      toast.error(failure, { description: error.message || UNKNOWN_ERROR });
    },
  });
}
