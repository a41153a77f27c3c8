import type { accountSchema } from "#core/schemas/account";

/**
 * The schema of an account with its report, loaded when a response needs it: it is large (building
 * it takes tens of milliseconds on a phone) and no page needs it for its first render except a
 * report, so it is not part of the initial JavaScript (decision 028).
 */
export function loadAccountSchema(): Promise<typeof accountSchema> {
  return import("#core/schemas/account").then((m) => m.accountSchema);
}
