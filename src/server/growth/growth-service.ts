import { and, eq, sql } from "drizzle-orm";
import { detectAnomalies, growthChanges, growthSummary, parseHistoryCsv } from "#core/growth/growth";
import type { GrowthResponse } from "#core/schemas/growth";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";
import type { AppDb } from "../db/database";
import { watchlistAccounts, watchlists } from "../db/schema";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors";
import type { DataOwner } from "../shared/data-owner";
import type { GrowthRepo, ViewPoint } from "./growth-repo";

export interface GrowthServiceDeps {
  db: AppDb;
  repo: GrowthRepo;
  now: () => Date;
}

export function toGrowthPoint(p: ViewPoint) {
  return {
    at: p.at.toISOString(),
    followers: p.followers,
    following: p.following,
    postsCount: p.postsCount,
    engagementRate: p.engagementRate,
    medianViews: p.medianViews,
    source: p.source,
  };
}

export function growthInputs(points: ViewPoint[]) {
  return points.map((p) => ({
    at: p.at.toISOString(),
    followers: p.followers,
    engagementRate: p.engagementRate,
    medianInteractions: p.medianInteractions,
  }));
}

/** Growth of one account from its dated points, and imported history for the time before them. */
export function createGrowthService(deps: GrowthServiceDeps) {
  const { repo } = deps;

  async function accountOr404(platform: Platform, username: string) {
    const account = await repo.findAccount(platform, username);
    if (!account)
      throw new NotFoundError(
        `No ${PLATFORM_LABELS[platform]} account @${username} has been analysed yet; analyse it first.`,
      );
    return account;
  }

  return {
    /** An account's growth as `reader` sees it: the public points, plus the reader's own imports. */
    async growth(platform: Platform, username: string, reader?: DataOwner | null): Promise<GrowthResponse> {
      const account = await accountOr404(platform, username);
      const points = await repo.viewPoints(account.id, 3000, reader);
      const inputs = growthInputs(points);
      const change = growthChanges(inputs, deps.now());
      return {
        platform,
        username: account.username,
        points: points.map(toGrowthPoint),
        change,
        summary: growthSummary(change, platform === "youtube" ? "subscribers" : "followers"),
        anomalies: detectAnomalies(inputs),
      };
    },

    /**
     * A history CSV (date, followers) for an account: admins for any account (public points), other
     * users for the accounts on their workspace's watchlists — the points are that workspace's alone
     * (supplied_workspace_id): only its members' growth views, watchlists and growth reads show them (Trust III, #33). Every line is checked first (nothing is stored when one is
     * bad); rows on or after the first measured point are skipped, so measured data always wins.
     */
    async importCsv(
      platform: Platform,
      username: string,
      text: string,
      user: { id: string; isAdmin: boolean },
      /** The acting workspace (issue #37): a non-admin's points are private to it. */
      owner: DataOwner,
    ): Promise<{ imported: number; skipped: number }> {
      const account = await accountOr404(platform, username);
      if (!user.isAdmin) {
        const [watched] = await deps.db
          .select({ one: sql<number>`1` })
          .from(watchlistAccounts)
          .innerJoin(watchlists, eq(watchlists.id, watchlistAccounts.watchlistId))
          .where(
            and(eq(watchlistAccounts.accountId, account.id), eq(watchlists.workspaceId, owner.workspaceId)),
          )
          .limit(1);
        if (!watched)
          throw new ForbiddenError(
            `Add @${account.username} to one of this workspace's watchlists before importing its history.`,
          );
      }
      const parsed = parseHistoryCsv(text, deps.now());
      if (parsed.errors.length > 0) {
        const shown = parsed.errors
          .slice(0, 10)
          .map((e) => (e.line > 0 ? `line ${e.line}: ${e.message}` : e.message))
          .join("; ");
        const more = parsed.errors.length > 10 ? ` (and ${parsed.errors.length - 10} more)` : "";
        throw new ValidationError(`The history file has problems: ${shown}${more}.`, "file");
      }
      const first = await repo.firstMeasuredAt(account.id);
      const rows = first ? parsed.rows.filter((r) => Date.parse(r.at) < first.getTime()) : parsed.rows;
      const imported = await repo.importPoints(account.id, rows, user.isAdmin ? undefined : owner);
      return { imported, skipped: parsed.rows.length - rows.length };
    },
  };
}

export type GrowthService = ReturnType<typeof createGrowthService>;
