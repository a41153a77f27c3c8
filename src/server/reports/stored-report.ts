import { accountSchema } from "#core/schemas/account";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";
import { NotFoundError } from "../errors";
import { type BodyCache, type BodyCacheEntry, bodyCacheKey } from "../shared/body-cache";
import type { AccountRepo } from "./account-repo";
import { toAccountView } from "./report-service";

/**
 * The newest stored report of an account as the API sends it: a serialised body from the short
 * body cache, or read and validated once through the response schema and cached. Shared by the
 * cookie route GET /api/accounts/:username and GET /api/v1/accounts/:platform/:username.
 */
export async function storedReportEntry(
  deps: { repo: AccountRepo; bodyCache: BodyCache },
  platform: Platform | undefined,
  username: string,
): Promise<BodyCacheEntry> {
  const key = bodyCacheKey(platform, username);
  const cached = await deps.bodyCache.get(key);
  if (cached) return cached;
  const stored = (await deps.repo.findReports(username, platform))[0];
  if (!stored) {
    const where = platform ? ` on ${PLATFORM_LABELS[platform]}` : "";
    throw new NotFoundError(`No report for @${username}${where} yet. Analyse the account to create one.`);
  }
  // Validated once through the response schema, then kept as a string (no second pass).
  const entry: BodyCacheEntry = {
    body: JSON.stringify(accountSchema.parse(toAccountView(stored))),
    etag: `"r${stored.accountId}-${stored.createdAt.getTime()}"`,
    accountId: stored.accountId,
    platform: stored.platform,
    username: stored.username,
    createdAtMs: stored.createdAt.getTime(),
    isSample: stored.isSample,
    source: stored.source,
  };
  await deps.bodyCache.set(key, entry);
  return entry;
}
