import { and, desc, eq } from "drizzle-orm";
import { canonicalHandle } from "#core/handles";
import type { StoredReportJson } from "#core/schemas/account";
import type { Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { AppDb } from "../db/database";
import { reports, suppliedReports, users } from "../db/schema";
import { insertMeasuredPoint } from "../growth/growth-repo";
import type { DataOwner } from "../shared/data-owner";

export type { DataOwner } from "../shared/data-owner";

/** A report made from data its owner supplied (a browser capture), as the repository reads it. */
export interface SuppliedReportRow {
  id: number;
  platform: Platform;
  username: string;
  source: string;
  report: StoredReportJson;
  createdAt: Date;
}

/** Storage of reports only their supplier sees (table supplied_reports). */
export function createSuppliedReportRepo(db: AppDb) {
  return {
    async save(
      owner: DataOwner,
      input: {
        snapshot: ProfileSnapshot;
        report: StoredReportJson;
        createdAt: Date;
        /**
         * The public account when one exists: the capture also makes a growth point only its owner
         * sees, which their own alert rules evaluate (Trust III, #33).
         */
        growth?: { accountId: number; engagementRate: number | null };
      },
    ): Promise<number> {
      const s = input.snapshot;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(suppliedReports)
          .values({
            suppliedBy: owner.userId,
            workspaceId: owner.workspaceId,
            platform: s.platform,
            username: canonicalHandle(s.platform, s.username),
            source: s.source,
            snapshot: s,
            report: input.report,
            createdAt: input.createdAt,
          })
          .returning({ id: suppliedReports.id });
        if (input.growth) {
          await insertMeasuredPoint(
            tx,
            input.growth.accountId,
            s,
            input.report,
            input.growth.engagementRate,
            input.createdAt,
            owner,
          );
        }
        return row!.id;
      });
    },

    /** The owner's newest supplied report of an account (on one platform or any), or null. */
    async latest(owner: DataOwner, username: string, platform?: Platform): Promise<SuppliedReportRow | null> {
      const platforms: Platform[] = platform ? [platform] : ["instagram", "tiktok", "youtube"];
      let newest: SuppliedReportRow | null = null;
      for (const p of platforms) {
        const [r] = await db
          .select(SUPPLIED_ROW_COLUMNS)
          .from(suppliedReports)
          .where(
            and(
              eq(suppliedReports.workspaceId, owner.workspaceId),
              eq(suppliedReports.platform, p),
              eq(suppliedReports.username, canonicalHandle(p, username)),
            ),
          )
          .orderBy(desc(suppliedReports.createdAt))
          .limit(1);
        if (r && (!newest || r.createdAt > newest.createdAt)) newest = { ...r, platform: p };
      }
      return newest;
    },

    /**
     * The name of whoever made the account's newest public report by a browser capture (an admin),
     * null when that report is not a capture (Trust III, #33, item 8: shown to admins only).
     */
    async publicCapturerName(accountId: number): Promise<string | null> {
      const [row] = await db
        .select({ capturedBy: reports.capturedBy, name: users.name, email: users.email })
        .from(reports)
        .leftJoin(users, eq(users.id, reports.capturedBy))
        .where(eq(reports.accountId, accountId))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(1);
      if (!row?.capturedBy) return null;
      return row.name || row.email || "a deleted user";
    },

    /** The owner's newest supplied report of each account they captured (their lists and compare). */
    newestByAccount(owner: DataOwner): Promise<Map<string, SuppliedReportRow>> {
      return latestSuppliedByOwner(db, owner);
    },
  };
}

export type SuppliedReportRepo = ReturnType<typeof createSuppliedReportRepo>;

/** The columns of a SuppliedReportRow, as every read of supplied reports selects them. */
const SUPPLIED_ROW_COLUMNS = {
  id: suppliedReports.id,
  platform: suppliedReports.platform,
  username: suppliedReports.username,
  source: suppliedReports.source,
  report: suppliedReports.report,
  createdAt: suppliedReports.createdAt,
};

/**
 * The owner's newest supplied report of each account they captured, keyed `platform:username`
 * (Trust III, #33): what their own lists and compare read beside the public reports.
 */
async function latestSuppliedByOwner(db: AppDb, owner: DataOwner): Promise<Map<string, SuppliedReportRow>> {
  const rows = await db
    .select(SUPPLIED_ROW_COLUMNS)
    .from(suppliedReports)
    .where(eq(suppliedReports.workspaceId, owner.workspaceId))
    .orderBy(desc(suppliedReports.createdAt));
  const newest = new Map<string, SuppliedReportRow>();
  for (const r of rows) {
    const key = `${r.platform}:${r.username}`;
    if (!newest.has(key)) newest.set(key, { ...r, platform: r.platform as Platform });
  }
  return newest;
}
