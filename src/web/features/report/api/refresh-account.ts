import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type Account, accountSchema } from "#core/schemas/account";
import { UNKNOWN_ERROR } from "#core/schemas/errors";
import type { Platform } from "#core/schemas/platform";
import { api } from "../../../lib/api-client";
import { ACCOUNTS_LIST_KEY } from "../../../lib/query-client";
import { accountPath, primeAccount } from "./get-account";

/** The account lists (recent accounts, history): GET /api/accounts is their first key element. */

export interface RefreshRequest {
  username: string;
  platform: Platform;
}

/** POST /api/accounts/{username}/refresh {platform} (admin only) → the freshly analysed account. */
export async function refreshAccount({ username, platform }: RefreshRequest): Promise<Account> {
  return accountSchema.parse(await api.post(`${accountPath(username)}/refresh`, { platform }));
}

/** Spec §8: toasts 'Account refreshed' or 'Error refreshing account'; on success the lists refetch. */
export function useRefreshAccount({ onRefreshed }: { onRefreshed?: (account: Account) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshAccount,
    onSuccess: async (account) => {
      primeAccount(queryClient, account);
      onRefreshed?.(account);
      toast.success("Account refreshed", {
        description: `Successfully refreshed data for @${account.username}`,
      });
      await queryClient.invalidateQueries({ queryKey: ACCOUNTS_LIST_KEY });
    },
    onError: (error) => {
      toast.error("Error refreshing account", { description: error.message || UNKNOWN_ERROR });
    },
  });
}
