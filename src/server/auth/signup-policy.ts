import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { AppConfig } from "../config";
import type { AppDb } from "../db/database";
import { users, workspaceInvites, workspaces } from "../db/schema";
import { SignupRefusedError } from "../errors";

/**
 * Who may sign in (issue #37, SIGNUP and ALLOWED_EMAIL_DOMAINS): `open` admits anyone, `invite` the
 * people who already have an account or a pending, unexpired invite for their address, `domain` the
 * addresses at one of the listed domains. ADMIN_EMAILS are always admitted. Asked at every sign-in
 * (Google and the dev login), before any account is made or updated.
 */
export interface SignupPolicy {
  /** Resolves when this address may sign in; throws SignupRefusedError (403) saying why and whom to ask. */
  admit(identity: { email: string; googleSub?: string }): Promise<void>;
}

/** The domain of an address: what follows its last "@", lower-cased ("" when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0 ? "" : email.slice(at + 1).toLowerCase();
}

export const INVITE_ONLY_MESSAGE =
  "This server admits only invited people. Ask an owner of a workspace here for an invite, then open its link.";

export function domainOnlyMessage(domains: readonly string[], adminEmails: readonly string[]): string {
  const at = domains.length === 1 ? domains[0] : `${domains.slice(0, -1).join(", ")} or ${domains.at(-1)}`;
  const whom =
    adminEmails.length > 0
      ? `Ask the administrator (${adminEmails.join(", ")}) if you need access.`
      : "Ask the administrator of this server if you need access.";
  return `Only addresses at ${at} can sign in here. ${whom}`;
}

export function createSignupPolicy(deps: {
  db: AppDb;
  signup: AppConfig["signup"];
  adminEmails: readonly string[];
  now: () => Date;
}): SignupPolicy {
  const { db, signup } = deps;
  const admins = new Set(deps.adminEmails.map((e) => e.toLowerCase()));
  const domains = new Set(signup.allowedEmailDomains);

  async function knownOrInvited(email: string, googleSub?: string): Promise<boolean> {
    const byAccount = await db
      .select({ id: users.id })
      .from(users)
      .where(
        googleSub === undefined
          ? sql`lower(${users.email}) = ${email}`
          : or(eq(users.googleSub, googleSub), sql`lower(${users.email}) = ${email}`),
      )
      .limit(1);
    if (byAccount.length > 0) return true;
    // workspace_invites keeps the invited address lower-cased; a revoked invite is deleted, and one
    // of a deleted workspace admits nobody.
    const invites = await db
      .select({ id: workspaceInvites.id })
      .from(workspaceInvites)
      .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
      .where(
        and(
          eq(workspaceInvites.email, email),
          isNull(workspaceInvites.acceptedAt),
          gt(workspaceInvites.expiresAt, deps.now()),
          isNull(workspaces.deletedAt),
        ),
      )
      .limit(1);
    return invites.length > 0;
  }

  return {
    async admit({ email, googleSub }) {
      const address = email.trim().toLowerCase();
      if (signup.mode === "open" || admins.has(address)) return;
      if (signup.mode === "domain") {
        if (domains.has(emailDomain(address))) return;
        throw new SignupRefusedError(domainOnlyMessage([...domains], deps.adminEmails));
      }
      if (await knownOrInvited(address, googleSub)) return;
      throw new SignupRefusedError(INVITE_ONLY_MESSAGE);
    },
  };
}
