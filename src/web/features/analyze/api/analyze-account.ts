import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Account } from "#core/schemas/account";
import type { AnalyzeRequest } from "#core/schemas/input";
import { loadAccountSchema } from "../../../lib/account-schema";
import { api } from "../../../lib/api-client";
import { ACCOUNTS_LIST_KEY } from "../../../lib/query-client";
import { quotaSpentHeader, recordQuotaSpent } from "../../../lib/quota-spent";

export const ANALYZE_PATH = "/api/analyze";

/**
 * POST /api/analyze {username, platform} → the account with its report. Errors are ApiErrors; the
 * caller decides between the sign-in dialog and a toast (lib/analysis-error.ts), so no auth prompt here.
 */
export async function analyzeAccount(request: AnalyzeRequest, signal?: AbortSignal): Promise<Account> {
  const response = await api.post<Response>(ANALYZE_PATH, request, { signal, raw: true });
  const [accountSchema, body] = await Promise.all([loadAccountSchema(), response.json()]);
  const account = accountSchema.parse(body);
  const spent = quotaSpentHeader(response.headers);
  if (spent !== null) recordQuotaSpent(account, spent);
  return account;
}

/**
 * analyzeAccount for screens other than the analyser (discovery, the finder): a new report also
 * refreshes the account lists (recent accounts, history), as the analyser's own mutation does.
 */
export function useAnalyzeAccount() {
  const queryClient = useQueryClient();
  return useCallback(
    async (request: AnalyzeRequest, signal?: AbortSignal): Promise<Account> => {
      const account = await analyzeAccount(request, signal);
      void queryClient.invalidateQueries({ queryKey: ACCOUNTS_LIST_KEY });
      return account;
    },
    [queryClient],
  );
}
