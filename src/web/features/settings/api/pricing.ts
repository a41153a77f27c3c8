import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { PricingAssumptions } from "#core/engine/pricing";
import { type PricingResponse, pricingResponseSchema } from "#core/schemas/pricing";
import { api, apiRequest } from "../../../lib/api-client";
import { SIGNED_IN_ONLY } from "../../../lib/query-client";
import { UNKNOWN_ERROR } from "./messages";

export const PRICING_PATH = "/api/settings/pricing";

/** GET /api/settings/pricing (admin only) → the assumptions in use, the published defaults and their sources. */
export async function getPricing(signal?: AbortSignal): Promise<PricingResponse> {
  return pricingResponseSchema.parse(await api.get(PRICING_PATH, { signal }));
}

export function pricingQueryOptions() {
  return queryOptions({
    queryKey: [PRICING_PATH],
    queryFn: ({ signal }) => getPricing(signal),
    meta: SIGNED_IN_ONLY,
  });
}

export function usePricing() {
  return useQuery(pricingQueryOptions());
}

/** PUT saves the admin's assumptions; DELETE goes back to the published defaults. */
export function useSavePricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (assumptions: PricingAssumptions | null) =>
      pricingResponseSchema.parse(
        assumptions === null
          ? await apiRequest(PRICING_PATH, { method: "DELETE" })
          : await apiRequest(PRICING_PATH, { method: "PUT", body: assumptions }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(pricingQueryOptions().queryKey, saved);
      toast.success(
        saved.source === "default" ? "Pricing reset to the published defaults" : "Pricing saved",
        {
          description: "Reports made from now on use these assumptions.",
        },
      );
    },
    onError: (error) => {
      toast.error("Error saving pricing", { description: error.message || UNKNOWN_ERROR });
    },
  });
}
