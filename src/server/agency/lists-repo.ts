import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { isModelFigures } from "#core/model-figures";
import type { ListItem, ListStatus } from "#core/schemas/lists";
import type { Platform } from "#core/schemas/platform";
import type { Grade } from "#core/schemas/report";
import type { AppDb } from "../db/database";
import { creatorListItems, creatorListShares, creatorLists } from "../db/schema";
import { queryRows } from "../discovery/sql";

export interface ListRow {
  id: number;
  userId: string;
  workspaceId: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface ShareRow {
  id: number;
  listId: number;
  hint: string;
  includeNotes: boolean;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

interface ItemDbRow {
  id: number | string;
  platform: Platform;
  username: string;
  note: string;
  status: ListStatus;
  addedAt: Date | string;
  name: string | null;
  followers: number | string | null;
  engagementRate: number | string | null;
  grade: Grade | null;
  isSample: boolean | null;
  /** The account's newest data source ("web-search": the model's estimate); null when not indexed. */
  source: string | null;
  reportDate: Date | string | null;
  estimatedPostValue: string | null;
  costLow: number | string | null;
  costHigh: number | string | null;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));
const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();

/**
 * Storage of shortlists, their items and share links. Every read and write of a list names its
 * workspace (issue #37), so a list of another workspace is never found (the routes answer 404).
 */
export function createListsRepo(db: AppDb) {
  return {
    /** Creates a list unless the workspace already has `max` of them (one statement: no read-then-write). */
    async create(
      owner: { userId: string; workspaceId: string },
      name: string,
      max: number,
      now: Date,
    ): Promise<ListRow | null> {
      const { userId, workspaceId } = owner;
      const rows = await queryRows<{ id: number | string }>(
        db,
        sql`insert into creator_lists (user_id, workspace_id, name, created_at, updated_at)
            select ${userId}, ${workspaceId}, ${name}, ${now}, ${now}
            where (select count(*) from creator_lists where workspace_id = ${workspaceId}) < ${max}
            returning id`,
      );
      const id = rows[0]?.id;
      return id === undefined
        ? null
        : { id: Number(id), userId, workspaceId, name, createdAt: now, updatedAt: now };
    },

    async listForWorkspace(
      workspaceId: string,
    ): Promise<{ id: number; name: string; creators: number; createdAt: Date; updatedAt: Date }[]> {
      const rows = await queryRows<{
        id: number | string;
        name: string;
        creators: number | string;
        createdAt: Date | string;
        updatedAt: Date | string;
      }>(
        db,
        sql`select l.id, l.name, l.created_at as "createdAt", l.updated_at as "updatedAt",
                   (select count(*) from creator_list_items i where i.list_id = l.id) as creators
            from creator_lists l
            where l.workspace_id = ${workspaceId}
            order by l.updated_at desc, l.id desc`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        creators: Number(r.creators),
        createdAt: new Date(r.createdAt),
        updatedAt: new Date(r.updatedAt),
      }));
    },

    /** The list when it belongs to the workspace, else null. */
    async findOwned(listId: number, workspaceId: string): Promise<ListRow | null> {
      const [row] = await db
        .select()
        .from(creatorLists)
        .where(and(eq(creatorLists.id, listId), eq(creatorLists.workspaceId, workspaceId)))
        .limit(1);
      return row ?? null;
    },

    async findById(listId: number): Promise<ListRow | null> {
      const [row] = await db.select().from(creatorLists).where(eq(creatorLists.id, listId)).limit(1);
      return row ?? null;
    },

    async deleteOwned(listId: number, workspaceId: string): Promise<boolean> {
      const rows = await db
        .delete(creatorLists)
        .where(and(eq(creatorLists.id, listId), eq(creatorLists.workspaceId, workspaceId)))
        .returning({ id: creatorLists.id });
      return rows.length > 0;
    },

    async touch(listId: number, now: Date): Promise<void> {
      await db.update(creatorLists).set({ updatedAt: now }).where(eq(creatorLists.id, listId));
    },

    /**
     * The items of a list with the figures of each creator's newest stored report (figures from the
     * account row when the creator is indexed but has no report yet), in the order they were added.
     */
    async items(listId: number): Promise<ListItem[]> {
      const rows = await queryRows<ItemDbRow>(
        db,
        sql`select i.id, i.platform, i.username, i.note, i.status, i.added_at as "addedAt",
                   a.name, a.followers, a.engagement_rate as "engagementRate", a.grade,
                   a.is_sample as "isSample", a.source,
                   r.created_at as "reportDate", r.epv as "estimatedPostValue",
                   r.v->>'low' as "costLow", r.v->>'high' as "costHigh"
            from creator_list_items i
            left join accounts a on a.platform = i.platform and a.username = i.username
            left join lateral (
              -- jsonb_to_record reads each stored report once (an -> per field would detoast it each time).
              select created_at, x."estimatedPostValue" as epv, x.metrics->'value' as v
              from reports, jsonb_to_record(report) as x("estimatedPostValue" text, metrics jsonb)
              where account_id = a.id order by created_at desc limit 1
            ) r on true
            where i.list_id = ${listId}
            order by i.added_at asc, i.id asc`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        platform: r.platform,
        username: r.username,
        name: r.name ?? "",
        followers: num(r.followers),
        engagementRate:
          num(r.engagementRate) === null ? null : Math.round(Number(r.engagementRate) * 100) / 100,
        grade: r.grade,
        estimatedPostValue: r.estimatedPostValue,
        estimatedCostLow: num(r.costLow),
        estimatedCostHigh: num(r.costHigh),
        reportDate: r.reportDate === null ? null : iso(r.reportDate),
        isSample: r.isSample ?? false,
        modelFigures: isModelFigures(r.source),
        note: r.note,
        status: r.status,
        addedAt: iso(r.addedAt),
      }));
    },

    /**
     * Adds a creator unless the list already has `max` items; null when it is full, "duplicate" when
     * the creator is already on it.
     */
    async addItem(
      listId: number,
      input: { platform: Platform; username: string; note: string; status: ListStatus },
      max: number,
      now: Date,
    ): Promise<number | null | "duplicate"> {
      const rows = await queryRows<{ id: number | string }>(
        db,
        sql`insert into creator_list_items (list_id, platform, username, note, status, added_at, updated_at)
            select ${listId}, ${input.platform}, ${input.username}, ${input.note}, ${input.status}, ${now}, ${now}
            where (select count(*) from creator_list_items where list_id = ${listId}) < ${max}
            on conflict (list_id, platform, username) do nothing
            returning id`,
      );
      if (rows[0]) return Number(rows[0].id);
      const [existing] = await db
        .select({ id: creatorListItems.id })
        .from(creatorListItems)
        .where(
          and(
            eq(creatorListItems.listId, listId),
            eq(creatorListItems.platform, input.platform),
            eq(creatorListItems.username, input.username),
          ),
        )
        .limit(1);
      return existing ? "duplicate" : null;
    },

    async updateItem(
      listId: number,
      itemId: number,
      patch: { note?: string; status?: ListStatus },
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(creatorListItems)
        .set({ ...patch, updatedAt: now })
        .where(and(eq(creatorListItems.id, itemId), eq(creatorListItems.listId, listId)))
        .returning({ id: creatorListItems.id });
      return rows.length > 0;
    },

    async deleteItem(listId: number, itemId: number): Promise<boolean> {
      const rows = await db
        .delete(creatorListItems)
        .where(and(eq(creatorListItems.id, itemId), eq(creatorListItems.listId, listId)))
        .returning({ id: creatorListItems.id });
      return rows.length > 0;
    },

    /** Stores a share link unless the list already has `max` live ones. */
    async createShare(
      input: { listId: number; tokenHash: string; hint: string; includeNotes: boolean; expiresAt: Date },
      max: number,
      now: Date,
    ): Promise<number | null> {
      const rows = await queryRows<{ id: number | string }>(
        db,
        sql`insert into creator_list_shares (list_id, token_hash, hint, include_notes, created_at, expires_at)
            select ${input.listId}, ${input.tokenHash}, ${input.hint}, ${input.includeNotes}, ${now}, ${input.expiresAt}
            where (select count(*) from creator_list_shares
                   where list_id = ${input.listId} and revoked_at is null and expires_at > ${now}) < ${max}
            returning id`,
      );
      return rows[0] ? Number(rows[0].id) : null;
    },

    async liveShares(listId: number, now: Date): Promise<ShareRow[]> {
      return db
        .select({
          id: creatorListShares.id,
          listId: creatorListShares.listId,
          hint: creatorListShares.hint,
          includeNotes: creatorListShares.includeNotes,
          createdAt: creatorListShares.createdAt,
          expiresAt: creatorListShares.expiresAt,
          revokedAt: creatorListShares.revokedAt,
        })
        .from(creatorListShares)
        .where(
          and(
            eq(creatorListShares.listId, listId),
            isNull(creatorListShares.revokedAt),
            gt(creatorListShares.expiresAt, now),
          ),
        )
        .orderBy(desc(creatorListShares.createdAt), asc(creatorListShares.id));
    },

    /** Revokes a link of the list, by its token's hash or its id; false when the list has no such live link. */
    async revokeShare(
      listId: number,
      by: { tokenHash: string } | { id: number },
      now: Date,
    ): Promise<boolean> {
      const match =
        "tokenHash" in by ? eq(creatorListShares.tokenHash, by.tokenHash) : eq(creatorListShares.id, by.id);
      const rows = await db
        .update(creatorListShares)
        .set({ revokedAt: now })
        .where(and(eq(creatorListShares.listId, listId), match, isNull(creatorListShares.revokedAt)))
        .returning({ id: creatorListShares.id });
      return rows.length > 0;
    },

    async findShareByHash(tokenHash: string): Promise<ShareRow | null> {
      const [row] = await db
        .select({
          id: creatorListShares.id,
          listId: creatorListShares.listId,
          hint: creatorListShares.hint,
          includeNotes: creatorListShares.includeNotes,
          createdAt: creatorListShares.createdAt,
          expiresAt: creatorListShares.expiresAt,
          revokedAt: creatorListShares.revokedAt,
        })
        .from(creatorListShares)
        .where(eq(creatorListShares.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },
  };
}

export type ListsRepo = ReturnType<typeof createListsRepo>;
