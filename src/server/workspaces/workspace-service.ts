import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppDb, DbOrTx } from "../db/database";
import { apiKeys, workspaceMembers, workspaces } from "../db/schema";
import { queryRows } from "../discovery/sql";
import { ConflictError, NotFoundError } from "../errors";

export type WorkspaceRole = "owner" | "editor" | "viewer";
export type WorkspaceKind = "personal" | "team";

/** A user's place in one live workspace. */
export interface Membership {
  workspaceId: string;
  name: string;
  kind: WorkspaceKind;
  role: WorkspaceRole;
}

export const PERSONAL_NAME = "Personal";
/** Team workspaces one user may create: bounded so a loop cannot fill the table. */
export const TEAMS_PER_USER_MAX = 50;

const PERSONAL_ALONE =
  "A personal workspace belongs to its owner alone; create a team workspace to work with others.";

const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();

/**
 * Workspaces and their members (issue #37, docs/decisions/038-teams-workspaces.md). Membership is
 * read on every request that acts in a workspace, so a removed member loses access at once.
 */
export function createWorkspaceService(deps: {
  db: AppDb;
  now: () => Date;
  /** Called after a member's access changed (removed, role, workspace deleted): caches forget it. */
  onAccessChange?: (workspaceId: string, userId?: string) => Promise<void>;
}) {
  const { db } = deps;
  const changed = async (workspaceId: string, userId?: string) => {
    await deps.onAccessChange?.(workspaceId, userId);
  };

  /** Serialises changes of one workspace's members (the last-owner rule), inside a transaction. */
  async function lockWorkspace(tx: DbOrTx, workspaceId: string): Promise<WorkspaceKind> {
    const rows = await queryRows<{ kind: WorkspaceKind }>(
      tx,
      sql`select kind from workspaces where id = ${workspaceId} and deleted_at is null for update`,
    );
    if (!rows[0]) throw new NotFoundError(`No workspace ${workspaceId} was found.`);
    return rows[0].kind;
  }

  async function ownerCount(tx: DbOrTx, workspaceId: string): Promise<number> {
    const rows = await queryRows<{ n: number | string }>(
      tx,
      sql`select count(*) as n from workspace_members where workspace_id = ${workspaceId} and role = 'owner'`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  return {
    /** The user's personal workspace id, made on first use (one per user: a unique index). */
    async ensurePersonal(userId: string): Promise<string> {
      const found = await queryRows<{ id: string }>(
        db,
        sql`select id from workspaces where kind = 'personal' and created_by = ${userId} limit 1`,
      );
      if (found[0]) return found[0].id;
      return db.transaction(async (tx) => {
        const made = await queryRows<{ id: string }>(
          tx,
          sql`insert into workspaces (name, kind, created_by, created_at)
              values (${PERSONAL_NAME}, 'personal', ${userId}, ${deps.now()})
              on conflict (created_by) where kind = 'personal' do nothing
              returning id`,
        );
        const id =
          made[0]?.id ??
          (
            await queryRows<{ id: string }>(
              tx,
              sql`select id from workspaces where kind = 'personal' and created_by = ${userId}`,
            )
          )[0]!.id;
        await tx
          .insert(workspaceMembers)
          .values({ workspaceId: id, userId, role: "owner", createdAt: deps.now() })
          .onConflictDoNothing();
        return id;
      });
    },

    /** The user's membership of a live workspace, or null (not a member, deleted, or unknown). */
    async membership(workspaceId: string, userId: string): Promise<Membership | null> {
      const rows = await queryRows<Membership>(
        db,
        sql`select w.id as "workspaceId", w.name, w.kind, m.role
            from workspace_members m join workspaces w on w.id = m.workspace_id
            where m.workspace_id = ${workspaceId} and m.user_id = ${userId} and w.deleted_at is null`,
      );
      return rows[0] ?? null;
    },

    async listFor(userId: string) {
      const rows = await queryRows<{
        id: string;
        name: string;
        kind: WorkspaceKind;
        role: WorkspaceRole;
        memberCount: number | string;
      }>(
        db,
        sql`select w.id, w.name, w.kind, m.role,
                   (select count(*) from workspace_members x where x.workspace_id = w.id) as "memberCount"
            from workspace_members m join workspaces w on w.id = m.workspace_id
            where m.user_id = ${userId} and w.deleted_at is null
            order by (w.kind = 'personal') desc, lower(w.name), w.created_at`,
      );
      return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) }));
    },

    async create(userId: string, name: string) {
      return db.transaction(async (tx) => {
        const made = await queryRows<{ id: string }>(
          tx,
          sql`insert into workspaces (name, kind, created_by, created_at)
              select ${name}, 'team', ${userId}, ${deps.now()}
              where (select count(*) from workspaces
                     where created_by = ${userId} and kind = 'team' and deleted_at is null) < ${TEAMS_PER_USER_MAX}
              returning id`,
        );
        if (!made[0])
          throw new ConflictError(
            `You already created ${TEAMS_PER_USER_MAX} team workspaces; delete one you no longer use first.`,
          );
        await tx
          .insert(workspaceMembers)
          .values({ workspaceId: made[0].id, userId, role: "owner", createdAt: deps.now() });
        return { id: made[0].id, name, kind: "team" as const, role: "owner" as const };
      });
    },

    async detail(m: Membership) {
      const rows = await queryRows<{ createdAt: Date | string; members: number | string }>(
        db,
        sql`select w.created_at as "createdAt",
                   (select count(*) from workspace_members x where x.workspace_id = w.id) as members
            from workspaces w where w.id = ${m.workspaceId}`,
      );
      const members = Number(rows[0]?.members ?? 0);
      return {
        id: m.workspaceId,
        name: m.name,
        kind: m.kind,
        role: m.role,
        members,
        memberCount: members,
        createdAt: iso(rows[0]?.createdAt ?? deps.now()),
      };
    },

    async rename(workspaceId: string, name: string): Promise<void> {
      await db
        .update(workspaces)
        .set({ name })
        .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.deletedAt)));
    },

    /**
     * Deletes a team workspace: marked deleted (so nothing of it can be reached, its keys included)
     * and its data removed with it. A personal workspace cannot be deleted.
     */
    async remove(workspaceId: string): Promise<void> {
      await db.transaction(async (tx) => {
        if ((await lockWorkspace(tx, workspaceId)) === "personal")
          throw new ConflictError("A personal workspace cannot be deleted.");
        await tx.update(workspaces).set({ deletedAt: deps.now() }).where(eq(workspaces.id, workspaceId));
        await tx.delete(apiKeys).where(eq(apiKeys.workspaceId, workspaceId));
        for (const table of ["creator_lists", "watchlists", "supplied_reports"] as const)
          await tx.execute(sql`delete from ${sql.identifier(table)} where workspace_id = ${workspaceId}`);
        await tx.execute(sql`delete from growth_points where supplied_workspace_id = ${workspaceId}`);
        await tx.execute(sql`delete from workspace_invites where workspace_id = ${workspaceId}`);
      });
      await changed(workspaceId);
    },

    async members(workspaceId: string) {
      const rows = await queryRows<{
        userId: string;
        email: string;
        name: string;
        role: WorkspaceRole;
        joinedAt: Date | string;
      }>(
        db,
        sql`select m.user_id as "userId", u.email, u.name, m.role, m.created_at as "joinedAt"
            from workspace_members m join users u on u.id = m.user_id
            where m.workspace_id = ${workspaceId}
            order by m.created_at, u.email`,
      );
      return rows.map((r) => ({ ...r, name: r.name || null, joinedAt: iso(r.joinedAt) }));
    },

    /** Changes a member's role; the last owner cannot be demoted (409). */
    async setRole(workspaceId: string, userId: string, role: WorkspaceRole): Promise<WorkspaceRole> {
      const from = await db.transaction(async (tx) => {
        if ((await lockWorkspace(tx, workspaceId)) === "personal") throw new ConflictError(PERSONAL_ALONE);
        const [current] = await tx
          .select({ role: workspaceMembers.role })
          .from(workspaceMembers)
          .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
        if (!current) throw new NotFoundError(`No member ${userId} in this workspace.`);
        if (current.role === "owner" && role !== "owner" && (await ownerCount(tx, workspaceId)) <= 1)
          throw new ConflictError("The last owner cannot be demoted: make another member an owner first.");
        await tx
          .update(workspaceMembers)
          .set({ role })
          .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
        return current.role;
      });
      await changed(workspaceId, userId);
      return from;
    },

    /**
     * Removes a member (or a member leaving): their access ends at once, and the API keys they made
     * in this workspace are deleted. The last owner cannot leave or be removed (409).
     */
    async removeMember(workspaceId: string, userId: string): Promise<{ keys: string[] }> {
      const removed = await db.transaction(async (tx) => {
        if ((await lockWorkspace(tx, workspaceId)) === "personal") throw new ConflictError(PERSONAL_ALONE);
        const [current] = await tx
          .select({ role: workspaceMembers.role })
          .from(workspaceMembers)
          .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
        if (!current) throw new NotFoundError(`No member ${userId} in this workspace.`);
        if (current.role === "owner" && (await ownerCount(tx, workspaceId)) <= 1)
          throw new ConflictError(
            "The last owner cannot leave or be removed: make another member an owner first, or delete the workspace.",
          );
        await tx
          .delete(workspaceMembers)
          .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
        const keys = await tx
          .delete(apiKeys)
          .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.userId, userId)))
          .returning({ id: apiKeys.id });
        return { keys: keys.map((k) => k.id) };
      });
      await changed(workspaceId, userId);
      return removed;
    },

    /** Each member's reports today against the per-person daily limit (quotas stay per person). */
    async usage(workspaceId: string, day: string, limit: number) {
      const rows = await queryRows<{
        userId: string;
        email: string;
        name: string;
        role: WorkspaceRole;
        used: number | string | null;
      }>(
        db,
        sql`select m.user_id as "userId", u.email, u.name, m.role, r.count as used
            from workspace_members m join users u on u.id = m.user_id
            left join report_usage r on r.subject = 'user:' || m.user_id::text and r.day = ${day}::date
            where m.workspace_id = ${workspaceId}
            order by u.email`,
      );
      return {
        day,
        members: rows.map((r) => ({
          userId: r.userId,
          email: r.email,
          name: r.name || null,
          role: r.role,
          used: Number(r.used ?? 0),
          limit,
        })),
      };
    },
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
