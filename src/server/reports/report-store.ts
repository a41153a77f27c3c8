import { ENGINE_VERSION } from "#core/engine/build-report";
import { canonicalHandle } from "#core/handles";
import { accountSchema, type StoredReportJson } from "#core/schemas/account";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";
import { NotFoundError } from "../errors";
import { type BodyCache, type BodyCacheEntry, bodyCacheKey } from "../shared/body-cache";
import type { AccountRepo, SaveAnalysisInput, StoredReportRow } from "./account-repo";

/**
 * The stored report as the API returns it (spec §3 account + metrics, provenance, recentPosts), before
 * accountSchema parses it (which fills in what older reports lack).
 */
export type AccountView = StoredReportJson & {
  id: number;
  isSample: boolean;
  source: string;
  lastUpdated: string;
};

export function toAccountView(stored: StoredReportRow): AccountView {
  return {
    ...stored.report,
    id: stored.accountId,
    platform: stored.platform,
    username: stored.username,
    isSample: stored.isSample,
    source: stored.source,
    lastUpdated: stored.createdAt.toISOString(),
  };
}

export interface ReportStoreDeps {
  repo: AccountRepo;
  /** Serialised stored reports (short TTL, shared through Redis when configured). */
  bodyCache: BodyCache;
  now: () => Date;
  /**
   * After a report is saved (issue #35): the index's growth notes what it points at and the
   * identities it states. It must not throw (a failure there never fails the report).
   */
  afterSave?: (snapshot: SaveReportInput["snapshot"], accountId: number) => Promise<void>;
}

/** What a report is saved from: the analysis (the store adds the engine version). */
export type SaveReportInput = Omit<SaveAnalysisInput, "engineVersion">;

/**
 * The one home of a stored report (docs/decisions/032): `save` stores the analysis with its growth
 * point and the viewer's history row in one transaction, then clears the account's serialised
 * body so no reader is served the older report; `read` gives the newest stored report as the API
 * sends it. Nothing else calls the repository's saveAnalysis or the body cache's invalidate.
 */
export class ReportStore {
  constructor(private readonly deps: ReportStoreDeps) {}

  /** Stores the analysis (account, posts, snapshot, growth point, report, history row) and answers its view. */
  async save(input: SaveReportInput): Promise<AccountView> {
    const { snapshot } = input;
    const platform = snapshot.platform;
    const username = canonicalHandle(platform, snapshot.username);
    const saved = await this.deps.repo.saveAnalysis({ ...input, engineVersion: ENGINE_VERSION });
    await this.deps.bodyCache.invalidate(username.toLowerCase());
    await this.deps.afterSave?.(snapshot, saved.accountId);
    return toAccountView({
      accountId: saved.accountId,
      platform,
      username,
      isSample: snapshot.source === "sample",
      source: snapshot.source,
      report: input.report,
      createdAt: input.analyzedAt,
    });
  }

  /** Puts an account in the signed-in user's "Recently viewed" (nothing for a visitor). */
  async recordView(userId: string | undefined, accountId: number): Promise<void> {
    if (userId) await this.deps.repo.recordView(userId, accountId, this.deps.now());
  }

  /**
   * The newest stored report of an account as the API sends it: a serialised body from the short
   * body cache, or read and validated once through the response schema and cached.
   */
  async read(platform: Platform | undefined, username: string): Promise<BodyCacheEntry> {
    const key = bodyCacheKey(platform, username);
    const cached = await this.deps.bodyCache.get(key);
    if (cached) return cached;
    const stored = (await this.deps.repo.findReports(username, platform))[0];
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
    await this.deps.bodyCache.set(key, entry);
    return entry;
  }

  /** Every account's serialised body (after a user's data was deleted). */
  clear(): Promise<void> {
    return this.deps.bodyCache.clear();
  }
}
