import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { AppDb } from "../db/database";
import { workspaceInvites, workspaceMembers } from "../db/schema";
import { queryRows } from "../discovery/sql";
import { ConflictError, ForbiddenError, InviteGoneError, NotFoundError } from "../errors";
import type { WorkspaceRole } from "./workspace-service";

/** An invite link works for 7 days, once. */
export const INVITE_TTL_MS = 7 * 86_400_000;
/** Pending invites per workspace: bounded so a loop cannot fill the table. */
export const PENDING_INVITES_MAX = 200;

export const hashInviteToken = (token: string): string =>
  crypto.createHash("sha256").update(token).digest("hex");

/** The shape of an invite token: 32 random bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type InviteState = "pending" | "accepted" | "expired";

/**
 * Invites to a team workspace by e-mail (issue #37): only the SHA-256 of the token is stored; the
 * invitee signs in with the invited address and accepts once, within 7 days.
 */
export function createInviteService(deps: { db: AppDb; now: () => Date }) {
  const { db } = deps;

  async function findByToken(token: string) {
    if (!TOKEN_SHAPE.test(token)) return null;
    const rows = await queryRows<{
      id: string;
      workspaceId: string;
      workspaceName: string;
      email: string;
      role: WorkspaceRole;
      expiresAt: Date | string;
      acceptedAt: Date | string | null;
    }>(
      db,
      sql`select i.id, i.workspace_id as "workspaceId", w.name as "workspaceName", i.email, i.role,
                 i.expires_at as "expiresAt", i.accepted_at as "acceptedAt"
          from workspace_invites i join workspaces w on w.id = i.workspace_id
          where i.token_hash = ${hashInviteToken(token)} and w.deleted_at is null`,
    );
    const r = rows[0];
    if (!r) return null;
    const expiresAt = new Date(r.expiresAt);
    const state: InviteState = r.acceptedAt
      ? "accepted"
      : expiresAt.getTime() <= deps.now().getTime()
        ? "expired"
        : "pending";
    return { ...r, expiresAt, state };
  }

  return {
    async create(workspaceId: string, createdBy: string, input: { email: string; role: WorkspaceRole }) {
      const token = crypto.randomBytes(32).toString("base64url");
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
      const made = await queryRows<{ id: string }>(
        db,
        sql`insert into workspace_invites (workspace_id, email, role, token_hash, created_by, created_at, expires_at)
            select ${workspaceId}, ${input.email.toLowerCase()}, ${input.role}, ${hashInviteToken(token)},
                   ${createdBy}, ${now}, ${expiresAt}
            where (select count(*) from workspace_invites
                   where workspace_id = ${workspaceId} and accepted_at is null and expires_at > ${now}) < ${PENDING_INVITES_MAX}
            returning id`,
      );
      if (!made[0])
        throw new ConflictError(
          `This workspace already has ${PENDING_INVITES_MAX} pending invites; revoke some first.`,
        );
      return { id: made[0].id, token, expiresAt };
    },

    async pending(workspaceId: string) {
      const rows = await db
        .select({
          id: workspaceInvites.id,
          email: workspaceInvites.email,
          role: workspaceInvites.role,
          expiresAt: workspaceInvites.expiresAt,
          createdAt: workspaceInvites.createdAt,
        })
        .from(workspaceInvites)
        .where(
          and(
            eq(workspaceInvites.workspaceId, workspaceId),
            isNull(workspaceInvites.acceptedAt),
            gt(workspaceInvites.expiresAt, deps.now()),
          ),
        )
        .orderBy(desc(workspaceInvites.createdAt));
      return rows.map((r) => ({
        ...r,
        expiresAt: r.expiresAt.toISOString(),
        createdAt: r.createdAt.toISOString(),
      }));
    },

    /** Revokes a pending invite of the workspace; returns the invited address. */
    async revoke(workspaceId: string, inviteId: string): Promise<string> {
      const gone = await db
        .delete(workspaceInvites)
        .where(
          and(
            eq(workspaceInvites.id, inviteId),
            eq(workspaceInvites.workspaceId, workspaceId),
            isNull(workspaceInvites.acceptedAt),
          ),
        )
        .returning({ email: workspaceInvites.email });
      if (!gone[0]) throw new NotFoundError(`No pending invite ${inviteId} in this workspace.`);
      return gone[0].email;
    },

    /** What the invite page shows: the workspace's name, the role, the address and the state. */
    async view(token: string) {
      const found = await findByToken(token);
      if (!found) throw new NotFoundError("This invite link does not exist or its workspace was deleted.");
      return {
        workspaceName: found.workspaceName,
        role: found.role,
        email: found.email,
        expiresAt: found.expiresAt.toISOString(),
        state: found.state,
      };
    },

    /**
     * Accepts an invite for the signed-in user, whose address must be the invited one. One use: the
     * invite is claimed by a conditional UPDATE, so two accepts at once cannot both succeed.
     */
    async accept(
      token: string,
      user: { id: string; email: string },
    ): Promise<{ workspaceId: string; role: WorkspaceRole; inviteId: string }> {
      const found = await findByToken(token);
      if (!found) throw new NotFoundError("This invite link does not exist or its workspace was deleted.");
      if (found.state === "accepted") throw new InviteGoneError("This invite was already used.");
      if (found.state === "expired")
        throw new InviteGoneError("This invite has expired; ask the workspace owner for a new one.");
      if (found.email !== user.email.toLowerCase())
        throw new ForbiddenError(
          `This invite is for ${found.email}, but you are signed in as ${user.email}. Sign in with the invited address, or ask the workspace owner to invite this one.`,
        );
      return db.transaction(async (tx) => {
        const now = deps.now();
        const claimed = await tx
          .update(workspaceInvites)
          .set({ acceptedAt: now, acceptedBy: user.id })
          .where(
            and(
              eq(workspaceInvites.id, found.id),
              isNull(workspaceInvites.acceptedAt),
              gt(workspaceInvites.expiresAt, now),
            ),
          )
          .returning({ id: workspaceInvites.id });
        if (!claimed[0]) throw new InviteGoneError("This invite was already used.");
        // Someone already in the workspace keeps their role (an invite never demotes an owner).
        await tx
          .insert(workspaceMembers)
          .values({ workspaceId: found.workspaceId, userId: user.id, role: found.role, createdAt: now })
          .onConflictDoNothing();
        const [member] = await tx
          .select({ role: workspaceMembers.role })
          .from(workspaceMembers)
          .where(
            and(eq(workspaceMembers.workspaceId, found.workspaceId), eq(workspaceMembers.userId, user.id)),
          );
        return { workspaceId: found.workspaceId, role: member!.role, inviteId: found.id };
      });
    },
  };
}

export type InviteService = ReturnType<typeof createInviteService>;
