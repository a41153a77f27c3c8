/**
 * Whether the answer that brought an account spent one of the caller's daily report units
 * (`X-Quota-Spent` on POST /api/analyze, the stream's `quota` event). A stored report that is fresh
 * enough is served free (docs/decisions/024-fair-quotas-and-model-figures.md), so the local report
 * count goes up only for a fresh analysis. Kept beside the account object, not in it: the account
 * is the API's contract.
 */
const spent = new WeakMap<object, boolean>();

export function recordQuotaSpent(account: object, wasSpent: boolean): void {
  spent.set(account, wasSpent);
}

/** True when the account's answer spent a unit, or when nobody said (an older server): count it. */
export function quotaSpent(account: object): boolean {
  return spent.get(account) ?? true;
}

/** Reads the `X-Quota-Spent` header ("0" or "1"); null when absent. */
export function quotaSpentHeader(headers: Headers): boolean | null {
  const value = headers.get("x-quota-spent");
  return value === "1" ? true : value === "0" ? false : null;
}
