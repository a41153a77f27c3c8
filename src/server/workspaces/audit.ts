import { lt, sql } from "drizzle-orm";
import type { AppDb } from "../db/database";
import { workspaceAudit } from "../db/schema";
import { queryRows } from "../discovery/sql";

/** How long audit entries are kept (issue #37): older ones are removed by the housekeeping. */
export const AUDIT_KEEP_DAYS = 365;

export type AuditAction =
  | "workspace.create"
  | "workspace.rename"
  | "list.create"
  | "list.delete"
  | "list.items.add"
  | "list.items.update"
  | "list.items.remove"
  | "list.export"
  | "list.share"
  | "list.share.revoke"
  | "watchlist.create"
  | "watchlist.delete"
  | "watchlist.accounts.add"
  | "watchlist.accounts.remove"
  | "alert.create"
  | "alert.delete"
  | "invite.create"
  | "invite.revoke"
  | "invite.accept"
  | "member.role"
  | "member.remove"
  | "member.leave"
  | "key.create"
  | "key.revoke"
  | "import.growth"
  | "capture.create";

export interface AuditEntryInput {
  workspaceId: string;
  actorUserId: string | null;
  action: AuditAction;
  target?: string;
  details?: Record<string, unknown>;
}

/** The audit log of each workspace (issue #37): who added, removed, exported, shared, invited… when. */
export function createAuditLog(deps: { db: AppDb; now: () => Date }) {
  const { db } = deps;
  return {
    async record(entry: AuditEntryInput): Promise<void> {
      await db.insert(workspaceAudit).values({
        workspaceId: entry.workspaceId,
        actorUserId: entry.actorUserId,
        action: entry.action,
        target: entry.target ?? "",
        details: entry.details ?? {},
        createdAt: deps.now(),
      });
    },

    /**
     * Newest first; `before` (an entry's time) pages back, and with `beforeId` (that entry's id) entries
     * of the very same time are not skipped (one transaction writes several at once).
     */
    async list(workspaceId: string, opts: { limit: number; before?: Date; beforeId?: number }) {
      const cursor = opts.before
        ? opts.beforeId !== undefined
          ? sql`and (a.created_at, a.id) < (${opts.before}, ${opts.beforeId})`
          : sql`and a.created_at < ${opts.before}`
        : sql``;
      const rows = await queryRows<{
        id: number | string;
        at: Date | string;
        actorUserId: string | null;
        email: string | null;
        action: string;
        target: string;
        details: Record<string, unknown> | string;
      }>(
        db,
        sql`select a.id, a.created_at as at, a.actor_user_id as "actorUserId", u.email, a.action, a.target, a.details
            from workspace_audit a left join users u on u.id = a.actor_user_id
            where a.workspace_id = ${workspaceId}
              ${cursor}
            order by a.created_at desc, a.id desc
            limit ${opts.limit}`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        at: (r.at instanceof Date ? r.at : new Date(r.at)).toISOString(),
        actor: { userId: r.actorUserId, email: r.email },
        action: r.action,
        target: r.target,
        details:
          typeof r.details === "string" ? (JSON.parse(r.details) as Record<string, unknown>) : r.details,
      }));
    },

    /** Removes entries older than AUDIT_KEEP_DAYS (housekeeping). */
    async purgeOld(): Promise<number> {
      const cutoff = new Date(deps.now().getTime() - AUDIT_KEEP_DAYS * 86_400_000);
      const gone = await db
        .delete(workspaceAudit)
        .where(lt(workspaceAudit.createdAt, cutoff))
        .returning({ id: workspaceAudit.id });
      return gone.length;
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
