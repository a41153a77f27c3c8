import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { stripAt } from "#core/handles";
import type { Account } from "#core/schemas/account";
import type { Platform } from "#core/schemas/platform";
import { loadAccountSchema } from "../../../lib/account-schema";
import { api } from "../../../lib/api-client";
import { ACCOUNTS_STALE_TIME_MS } from "../../../lib/query-client";

/** GET /api/accounts/{username}[?platform=] — the stored report of one account. */
export function accountPath(username: string): string {
  return `/api/accounts/${encodeURIComponent(stripAt(username))}`;
}

export async function getAccount(
  username: string,
  platform?: Platform,
  signal?: AbortSignal,
): Promise<Account> {
  const query = platform ? `?platform=${platform}` : "";
  const [accountSchema, body] = await Promise.all([
    loadAccountSchema(),
    api.get(`${accountPath(username)}${query}`, { signal }),
  ]);
  return accountSchema.parse(body);
}

export function accountQueryKey(username: string, platform?: Platform) {
  return [accountPath(username), { platform: platform ?? null }] as const;
}

/** Spec §7: enabled only when a username exists; fresh for 60 s. */
export function accountQueryOptions(username: string, platform?: Platform) {
  return queryOptions({
    queryKey: accountQueryKey(username, platform),
    queryFn: ({ signal }) => getAccount(username, platform, signal),
    enabled: username.trim().length > 0,
    staleTime: ACCOUNTS_STALE_TIME_MS,
  });
}

export function useAccount(username: string, platform?: Platform) {
  return useQuery(accountQueryOptions(username, platform));
}

/**
 * Keeps an account the page already has (just analysed, refreshed, or picked from a list) so the
 * report screen shows it without asking again — under its platform and without one.
 */
export function primeAccount(
  queryClient: QueryClient,
  account: Account,
  options?: { updatedAt?: number },
): void {
  queryClient.setQueryData(accountQueryKey(account.username, account.platform), account, options);
  queryClient.setQueryData(accountQueryKey(account.username), account, options);
}
