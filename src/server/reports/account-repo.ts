import { and, desc, eq, sql } from "drizzle-orm";
import { resolveTargets } from "#core/discovery/match";
import type { IndexFields } from "#core/engine/build-report";
import { canonicalHandle } from "#core/handles";
import type { StoredReportJson } from "#core/schemas/account";
import { originOfSource } from "#core/schemas/account-origin";
import { canonicalTargetMarket } from "#core/schemas/discovery";
import type { Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { AppDb, DbOrTx } from "../db/database";
import { accountSnapshots, accounts, growthPoints, history, posts, reports } from "../db/schema";
import { coversTargetSql } from "../discovery/sql";
import { insertMeasuredPoint, visiblePoints } from "../growth/growth-repo";
import { saveRepresentationOf } from "../similar/embedding-store";

/** The index fields the engine derives, stored on the account row for listing, search and discovery. */
export type AccountIndexFields = IndexFields;

/** An account's stored report with the account row's identity, as the repository reads it. */
export interface StoredReportRow {
  accountId: number;
  platform: Platform;
  username: string;
  isSample: boolean;
  source: string;
  report: StoredReportJson;
  createdAt: Date;
}

export interface SaveAnalysisInput {
  snapshot: ProfileSnapshot;
  report: StoredReportJson;
  index: AccountIndexFields;
  engineVersion: string;
  analyzedAt: Date;
  /** The signed-in user whose history gets the account. */
  userId?: string;
  /**
   * False for a web-search estimate: its "snapshot" holds figures a model read on the web, so no
   * posts and no follower-history point are stored from it (growth is computed from measured data only).
   */
  measured?: boolean;
}

/**
 * Storage of accounts, their posts, snapshots and reports. Repositories take an optional
 * transaction (conventions §8); no network call ever runs inside one.
 */
/** Posts a fallback report reads from stored data (the collectors fetch about as many). */
const STORED_POSTS_LIMIT = 50;

export function createAccountRepo(db: AppDb) {
  async function upsertAccount(tx: DbOrTx, input: SaveAnalysisInput): Promise<number> {
    const s = input.snapshot;
    const values = {
      platform: s.platform,
      username: canonicalHandle(s.platform, s.username),
      name: s.name ?? "",
      bio: s.bio ?? "",
      verified: s.verified ?? false,
      isPrivate: s.isPrivate ?? false,
      category: s.category ?? null,
      avatarUrl: s.avatarUrl ?? null,
      externalUrl: s.externalUrl ?? null,
      followers: Math.round(s.followers),
      following: s.following ?? null,
      postsCount: s.postsCount ?? null,
      industry: input.index.industry,
      engagementRate: input.index.engagementRate,
      grade: input.index.grade,
      countries: input.index.countries,
      marketBasis: input.index.marketBasis ?? [],
      locatedCountries: input.index.locatedCountries ?? [],
      source: s.source,
      isSample: s.source === "sample",
      origin: originOfSource(s.source),
      lastFetchedAt: new Date(s.fetchedAt),
      lastAnalyzedAt: input.analyzedAt,
      updatedAt: input.analyzedAt,
    };
    // The origin says where the row first came from: a report refreshing it keeps it (issue #35).
    const { platform: _p, username: _u, origin: _o, ...updatable } = values;
    const [row] = await tx
      .insert(accounts)
      .values(values)
      .onConflictDoUpdate({ target: [accounts.platform, accounts.username], set: updatable })
      .returning({ id: accounts.id });
    return row!.id;
  }

  async function upsertPosts(tx: DbOrTx, accountId: number, snapshot: ProfileSnapshot): Promise<void> {
    if (snapshot.posts.length === 0) return;
    const rows = snapshot.posts.map((p) => ({
      accountId,
      externalId: p.id,
      type: p.type,
      caption: p.caption ?? null,
      postedAt: new Date(p.postedAt),
      likes: p.likes ?? null,
      comments: p.comments ?? null,
      views: p.views ?? null,
      shares: p.shares ?? null,
      durationSec: p.durationSec == null ? null : Math.round(p.durationSec),
    }));
    await tx
      .insert(posts)
      .values(rows)
      .onConflictDoUpdate({
        target: [posts.accountId, posts.externalId],
        set: {
          caption: sql`excluded.caption`,
          likes: sql`excluded.likes`,
          comments: sql`excluded.comments`,
          views: sql`excluded.views`,
          shares: sql`excluded.shares`,
        },
      });
  }

  return {
    /** Stores one analysis atomically: account, posts, snapshot, report and the caller's history row. */
    async saveAnalysis(input: SaveAnalysisInput): Promise<{ accountId: number; reportId: number }> {
      return db.transaction(async (tx) => {
        const accountId = await upsertAccount(tx, input);
        // Issue #36: the account's representation for similar creators, from the snapshot being stored.
        await saveRepresentationOf(tx, accountId, input.snapshot, input.index.industry);
        // A web-search estimate stores no posts, snapshot or growth point: it measured nothing.
        if (input.measured !== false) {
          await upsertPosts(tx, accountId, input.snapshot);
          await tx.insert(accountSnapshots).values({
            accountId,
            fetchedAt: new Date(input.snapshot.fetchedAt),
            source: input.snapshot.source,
            followers: Math.round(input.snapshot.followers),
            following: input.snapshot.following ?? null,
            postsCount: input.snapshot.postsCount ?? null,
            data: input.snapshot,
          });
          await insertMeasuredPoint(
            tx,
            accountId,
            input.snapshot,
            input.report,
            input.index.engagementRate,
            input.analyzedAt,
          );
        }
        const [rep] = await tx
          .insert(reports)
          .values({
            accountId,
            engineVersion: input.engineVersion,
            report: input.report,
            createdAt: input.analyzedAt,
            // Trust III (#33, item 8): the capturer of a public capture, for admins' eyes only.
            capturedBy: input.snapshot.source === "capture" ? (input.userId ?? null) : null,
          })
          .returning({ id: reports.id });
        if (input.userId) await recordViewIn(tx, input.userId, accountId, input.analyzedAt);
        return { accountId, reportId: rep!.id };
      });
    },

    /** The newest report of an account, or null. */
    async latestReport(platform: Platform, username: string): Promise<StoredReportRow | null> {
      const rows = await db
        .select({
          accountId: accounts.id,
          platform: accounts.platform,
          username: accounts.username,
          isSample: accounts.isSample,
          source: accounts.source,
          report: reports.report,
          createdAt: reports.createdAt,
        })
        .from(accounts)
        .innerJoin(reports, eq(reports.accountId, accounts.id))
        .where(
          and(eq(accounts.platform, platform), eq(accounts.username, canonicalHandle(platform, username))),
        )
        .orderBy(desc(reports.createdAt))
        .limit(1);
      const r = rows[0];
      return r ? { ...r, platform: r.platform as Platform } : null;
    },

    /**
     * The account as this installation last stored it (an import, a browser capture or an earlier
     * fetch), with its newest posts: the snapshot a report falls back to when no live source
     * answers. Null for sample creators, unknown accounts and accounts without posts.
     */
    async storedSnapshot(platform: Platform, username: string): Promise<ProfileSnapshot | null> {
      const [a] = await db
        .select()
        .from(accounts)
        .where(
          and(eq(accounts.platform, platform), eq(accounts.username, canonicalHandle(platform, username))),
        )
        .limit(1);
      if (!a || a.isSample || a.source === "sample" || a.source === "web-search") return null;
      const rows = await db
        .select()
        .from(posts)
        .where(eq(posts.accountId, a.id))
        .orderBy(desc(posts.postedAt))
        .limit(STORED_POSTS_LIMIT);
      if (rows.length === 0) return null;
      const at = a.lastFetchedAt ?? a.updatedAt;
      return {
        platform,
        username: a.username,
        name: a.name,
        bio: a.bio,
        verified: a.verified,
        isPrivate: a.isPrivate,
        category: a.category,
        avatarUrl: a.avatarUrl,
        externalUrl: a.externalUrl,
        followers: a.followers,
        following: a.following ?? undefined,
        postsCount: a.postsCount ?? undefined,
        fetchedAt: at.toISOString(),
        source: a.source,
        posts: rows.map((p) => ({
          id: p.externalId,
          type: p.type as ProfileSnapshot["posts"][number]["type"],
          caption: p.caption ?? undefined,
          postedAt: p.postedAt.toISOString(),
          likes: p.likes,
          comments: p.comments,
          views: p.views,
          shares: p.shares,
          durationSec: p.durationSec,
        })),
      };
    },

    /**
     * Follower history of an account (oldest first), for the grade's growth sub-score and anomalies:
     * its growth points, measured and imported (issue #21).
     */
    async followerHistory(
      platform: Platform,
      username: string,
      limit = 60,
    ): Promise<
      {
        fetchedAt: string;
        followers: number;
        engagementRate: number | null;
        medianInteractions: number | null;
      }[]
    > {
      const rows = await db
        .select({
          at: growthPoints.at,
          followers: growthPoints.followers,
          engagementRate: growthPoints.engagementRate,
          medianInteractions: growthPoints.medianInteractions,
        })
        .from(growthPoints)
        .innerJoin(accounts, eq(accounts.id, growthPoints.accountId))
        .where(
          and(
            eq(accounts.platform, platform),
            eq(accounts.username, canonicalHandle(platform, username)),
            // The public report's history: no user's private import (Trust III, #33).
            visiblePoints(null),
          ),
        )
        .orderBy(desc(growthPoints.at))
        .limit(limit);
      return rows.reverse().map((r) => ({
        fetchedAt: r.at.toISOString(),
        followers: r.followers,
        engagementRate: r.engagementRate,
        medianInteractions: r.medianInteractions,
      }));
    },

    /**
     * The newest report of each account, newest first: the home page's recently analysed accounts,
     * or (with userId) that user's history with search, grade and market filters and the four sorts.
     */
    async listReports(opts: {
      limit: number;
      userId?: string;
      q?: string;
      grade?: string;
      market?: string;
      sort?: "recent" | "oldest" | "engagement" | "followers";
    }): Promise<StoredReportRow[]> {
      const conds = [sql`true`];
      if (opts.q) {
        const like = `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conds.push(sql`(a.username ilike ${like} or a.name ilike ${like} or a.industry ilike ${like})`);
      }
      if (opts.grade) conds.push(sql`a.grade like ${`${opts.grade}%`}`);
      if (opts.market) {
        // A market of spec §2 means its countries ("europe" → France, Germany, …; "global" → an
        // audience over two or more regions), as in discovery; any other text is matched as before,
        // case-insensitively inside the country names.
        const market = canonicalTargetMarket(opts.market);
        if (market) conds.push(coversTargetSql(resolveTargets([market])[0]!));
        else {
          const like = `%${opts.market.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          conds.push(sql`exists (select 1 from unnest(a.countries) c where c ilike ${like})`);
        }
      }
      const viewed = opts.userId ? sql`h.viewed_at` : sql`a.last_analyzed_at`;
      const order =
        opts.sort === "oldest"
          ? sql`${viewed} asc`
          : opts.sort === "engagement"
            ? sql`a.engagement_rate desc nulls last, ${viewed} desc`
            : opts.sort === "followers"
              ? sql`a.followers desc, ${viewed} desc`
              : sql`${viewed} desc`;
      const where = sql.join(conds, sql` and `);
      const from = opts.userId
        ? sql`history h join accounts a on a.id = h.account_id and h.user_id = ${opts.userId}`
        : sql`accounts a`;
      const res = await db.execute(sql`
        select a.id as "accountId", a.platform, a.username, a.is_sample as "isSample", a.source,
               r.report, r.created_at as "createdAt"
        from ${from}
        join lateral (select report, created_at from reports where account_id = a.id order by created_at desc limit 1) r on true
        where ${where} ${opts.userId ? sql`` : sql`and a.last_analyzed_at is not null`}
        order by ${order}
        limit ${opts.limit}`);
      return (
        res as unknown as {
          rows: (Omit<StoredReportRow, "createdAt"> & {
            createdAt: string | Date;
            accountId: number | string;
          })[];
        }
      ).rows.map((r) => ({
        ...r,
        accountId: Number(r.accountId),
        platform: r.platform as Platform,
        createdAt: new Date(r.createdAt),
      }));
    },

    /** Stored accounts with this handle, on one platform or any, newest report first. */
    async findReports(username: string, platform?: Platform): Promise<StoredReportRow[]> {
      const platforms: Platform[] = platform ? [platform] : ["instagram", "tiktok", "youtube"];
      const found: StoredReportRow[] = [];
      for (const p of platforms) {
        const r = await this.latestReport(p, username);
        if (r) found.push(r);
      }
      return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    },

    recordView(userId: string, accountId: number, at: Date): Promise<void> {
      return recordViewIn(db, userId, accountId, at);
    },
  };

  async function recordViewIn(tx: DbOrTx, userId: string, accountId: number, at: Date): Promise<void> {
    await tx
      .insert(history)
      .values({ userId, accountId, viewedAt: at })
      .onConflictDoUpdate({ target: [history.userId, history.accountId], set: { viewedAt: at } });
  }
}

export type AccountRepo = ReturnType<typeof createAccountRepo>;
