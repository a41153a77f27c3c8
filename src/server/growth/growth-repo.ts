import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { HistoryCsvRow } from "#core/growth/growth";
import { canonicalHandle } from "#core/handles";
import type { StoredReportJson } from "#core/schemas/account";
import type { Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { AppDb, DbOrTx } from "../db/database";
import { rowsOf } from "../db/rows";
import { accounts, growthPoints } from "../db/schema";
import type { DataOwner } from "../shared/data-owner";

/**
 * The points a reader may see (Trust III, #33): the public ones (live sources, admins) and, for the
 * members of the workspace they were supplied in (Teams, #37), that workspace's own points. No reader: the public points only.
 */
export function visiblePoints(reader?: DataOwner | null) {
  return reader
    ? sql`(${growthPoints.suppliedWorkspaceId} is null or ${growthPoints.suppliedWorkspaceId} = ${reader.workspaceId})`
    : sql`${growthPoints.suppliedWorkspaceId} is null`;
}

/** One stored point as the services read it. */
export interface StoredPoint {
  id: number;
  at: Date;
  source: string;
  imported: boolean;
  followers: number;
  following: number | null;
  postsCount: number | null;
  engagementRate: number | null;
  medianViews: number | null;
  medianInteractions: number | null;
  grade: string | null;
  sponsoredPostIds: string[];
}

/** A point as the growth view and watchlists read it. */
export type ViewPoint = Pick<
  StoredPoint,
  | "at"
  | "source"
  | "followers"
  | "following"
  | "postsCount"
  | "engagementRate"
  | "medianViews"
  | "medianInteractions"
>;

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * The point a measured analysis or refresh keeps (followers, following, posts, engagement rate,
 * median views, grade, sponsored posts, source), from its snapshot and its report. Called inside the
 * analysis's transaction (account-repo.saveAnalysis).
 */
export async function insertMeasuredPoint(
  tx: DbOrTx,
  accountId: number,
  snapshot: ProfileSnapshot,
  report: StoredReportJson,
  engagementRate: number | null,
  /** The analysis's time: a point is never dated after the report that made it (issue #33). */
  notAfter?: Date,
  /** Trust III (#33): a non-admin's capture makes a point only they (and their own alert rules) see. */
  owner?: DataOwner,
): Promise<void> {
  const e = report.metrics.engagement;
  const fetched = new Date(snapshot.fetchedAt);
  const likes = num(e.medianLikes);
  const comments = num(e.medianComments);
  await tx.insert(growthPoints).values({
    accountId,
    at: notAfter && fetched > notAfter ? notAfter : fetched,
    source: snapshot.source,
    followers: Math.round(snapshot.followers),
    following: snapshot.following ?? null,
    postsCount: snapshot.postsCount ?? null,
    engagementRate: num(engagementRate),
    medianViews: num(e.medianViews),
    medianInteractions: likes === null && comments === null ? null : (likes ?? 0) + (comments ?? 0),
    grade: report.grade,
    sponsoredPostIds: report.metrics.advertiser.sponsoredPostIds.slice(0, 100),
    // Sample creators are generated: nothing to alert on.
    alertsChecked: snapshot.source === "sample",
    suppliedBy: owner?.userId ?? null,
    suppliedWorkspaceId: owner?.workspaceId ?? null,
  });
}

export function createGrowthRepo(db: AppDb) {
  return {
    /** The stored account of a handle, or null. */
    async findAccount(
      platform: Platform,
      username: string,
      tx: DbOrTx = db,
    ): Promise<{ id: number; username: string; name: string; platform: Platform } | null> {
      const [row] = await tx
        .select({ id: accounts.id, username: accounts.username, name: accounts.name })
        .from(accounts)
        .where(
          and(eq(accounts.platform, platform), eq(accounts.username, canonicalHandle(platform, username))),
        )
        .limit(1);
      return row ? { ...row, platform } : null;
    },

    /** An account's points, oldest first (the newest `limit`). */
    async points(accountId: number, limit = 3000, reader?: DataOwner | null): Promise<StoredPoint[]> {
      const rows = await db
        .select({
          id: growthPoints.id,
          at: growthPoints.at,
          source: growthPoints.source,
          imported: growthPoints.imported,
          followers: growthPoints.followers,
          following: growthPoints.following,
          postsCount: growthPoints.postsCount,
          engagementRate: growthPoints.engagementRate,
          medianViews: growthPoints.medianViews,
          medianInteractions: growthPoints.medianInteractions,
          grade: growthPoints.grade,
          sponsoredPostIds: growthPoints.sponsoredPostIds,
        })
        .from(growthPoints)
        .where(and(eq(growthPoints.accountId, accountId), visiblePoints(reader)))
        .orderBy(desc(growthPoints.at), desc(growthPoints.id))
        .limit(limit);
      return rows.reverse();
    },

    /**
     * The figures the growth view needs (no grade or sponsored posts), oldest first, the newest `limit`:
     * one JSON value from the database, which PGlite returns far faster than a thousand decoded rows.
     */
    async viewPoints(accountId: number, limit = 3000, reader?: DataOwner | null): Promise<ViewPoint[]> {
      const res = await db.execute(sql`
        select coalesce(json_agg(json_build_array(
                 (extract(epoch from t.at) * 1000)::float8, t.source, t.followers, t.following, t.posts_count,
                 t.engagement_rate, t.median_views, t.median_interactions) order by t.at, t.id), '[]'::json) as points
        from (select id, at, source, followers, following, posts_count, engagement_rate, median_views, median_interactions
              from growth_points where account_id = ${accountId} and ${visiblePoints(reader)}
              order by at desc, id desc limit ${limit}) t`);
      const raw = rowsOf<{ points: unknown }>(res)[0]?.points;
      const list = (typeof raw === "string" ? JSON.parse(raw) : (raw ?? [])) as [
        number,
        string,
        number | string,
        number | string | null,
        number | string | null,
        number | null,
        number | null,
        number | null,
      ][];
      const n = (v: number | string | null) => (v === null ? null : Number(v));
      return list.map(([ms, source, followers, following, postsCount, er, views, ix]) => ({
        at: new Date(Math.round(ms)),
        source,
        followers: Number(followers),
        following: n(following),
        postsCount: n(postsCount),
        engagementRate: er,
        medianViews: views,
        medianInteractions: ix,
      }));
    },

    /** The time of the account's first measured point (imports may only fill the time before it). */
    async firstMeasuredAt(accountId: number): Promise<Date | null> {
      const [row] = await db
        .select({ at: growthPoints.at })
        .from(growthPoints)
        .where(
          and(eq(growthPoints.accountId, accountId), eq(growthPoints.imported, false), visiblePoints(null)),
        )
        .orderBy(asc(growthPoints.at))
        .limit(1);
      return row?.at ?? null;
    },

    /**
     * Imported rows (idempotent per date: a second upload of a date replaces its count). With an
     * owner (a non-admin's import) the rows are theirs alone and never replace public ones.
     */
    async importPoints(accountId: number, rows: HistoryCsvRow[], owner?: DataOwner): Promise<number> {
      if (rows.length === 0) return 0;
      let n = 0;
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += 500) {
          const chunk = rows.slice(i, i + 500);
          const res = await tx
            .insert(growthPoints)
            .values(
              chunk.map((r) => ({
                accountId,
                at: new Date(r.at),
                source: "import",
                imported: true,
                followers: r.followers,
                alertsChecked: true,
                suppliedBy: owner?.userId ?? null,
                suppliedWorkspaceId: owner?.workspaceId ?? null,
              })),
            )
            .onConflictDoUpdate(
              owner
                ? {
                    target: [growthPoints.accountId, growthPoints.suppliedWorkspaceId, growthPoints.at],
                    targetWhere: sql`"imported" = true AND "supplied_workspace_id" IS NOT NULL`,
                    set: { followers: sql`excluded.followers` },
                  }
                : {
                    target: [growthPoints.accountId, growthPoints.at],
                    targetWhere: sql`"imported" = true AND "supplied_by" IS NULL`,
                    set: { followers: sql`excluded.followers` },
                  },
            )
            .returning({ id: growthPoints.id });
          n += res.length;
        }
      });
      return n;
    },

    /**
     * Claims up to `limit` points no alert evaluator has looked at yet (one statement: every instance
     * gets different points), oldest first.
     */
    async claimUncheckedPoints(
      limit = 100,
    ): Promise<{ id: number; accountId: number; suppliedWorkspaceId: string | null }[]> {
      const res = await db.execute(sql`
        update growth_points set alerts_checked = true
        where id in (
          select id from growth_points where alerts_checked = false order by id limit ${limit}
          for update skip locked)
        returning id, account_id as "accountId", supplied_workspace_id as "suppliedWorkspaceId"`);
      return rowsOf<{ id: number | string; accountId: number | string; suppliedWorkspaceId: string | null }>(
        res,
      )
        .map((r) => ({
          id: Number(r.id),
          accountId: Number(r.accountId),
          suppliedWorkspaceId: r.suppliedWorkspaceId ?? null,
        }))
        .sort((a, b) => a.id - b.id);
    },
  };
}

export type GrowthRepo = ReturnType<typeof createGrowthRepo>;
