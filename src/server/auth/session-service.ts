import crypto from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { User } from "#core/schemas/auth";
import type { AppDb } from "../db/database";
import { sessions, users } from "../db/schema";
import { ConflictError } from "../errors";
import type { GoogleIdentity } from "./google-verifier";
import type { SignupPolicy } from "./signup-policy";

export interface SessionUser extends User {}

/** A signed-in account: its id, and whether this sign-in created it (the analytics "registration"). */
export interface UpsertedUser {
  id: string;
  created: boolean;
}

export interface SessionService {
  /** Upserts the Google user (keyed by `sub`). */
  upsertGoogleUser(identity: GoogleIdentity): Promise<UpsertedUser>;
  /** Dev login: upserts by e-mail. */
  upsertDevUser(email: string, name?: string): Promise<UpsertedUser>;
  /** Starts a session; returns the opaque token for the cookie (only its hash is stored). */
  create(userId: string, userAgent?: string): Promise<{ token: string; expiresAt: Date }>;
  /** The signed-in user for a token, or null when unknown or expired. */
  resolve(token: string): Promise<SessionUser | null>;
  destroy(token: string): Promise<void>;
  purgeExpired(): Promise<number>;
}

/**
 * In `INSERT … ON CONFLICT DO UPDATE … RETURNING`, a freshly inserted row has no deleting
 * transaction (xmax = 0) while an updated one has; PostgreSQL 15 and PGlite (18) agree.
 */
const insertedRow = sql<boolean>`(xmax = 0)`;

const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export function createSessionService(deps: {
  db: AppDb;
  adminEmails: string[];
  ttlMs: number;
  now: () => Date;
  /** SIGNUP and ALLOWED_EMAIL_DOMAINS (issue #37): asked before any account is made or updated. */
  signupPolicy: SignupPolicy;
  /** Issue #37: makes the user's personal workspace on their first session (idempotent). */
  ensureWorkspace?: (userId: string) => Promise<unknown>;
}): SessionService {
  const { db } = deps;
  const admins = new Set(deps.adminEmails);
  return {
    async upsertGoogleUser(identity) {
      await deps.signupPolicy.admit({ email: identity.email, googleSub: identity.sub });
      // The Google subject is the identity (Google: e-mails can be recycled or belong to another
      // domain's account). An e-mail never moves a user to a new subject.
      const now = deps.now();
      const bySub = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.googleSub, identity.sub))
        .limit(1);
      if (bySub[0]) {
        const id = bySub[0].id;
        const emailTaken =
          identity.email !== bySub[0].email &&
          (await db.select({ id: users.id }).from(users).where(eq(users.email, identity.email)).limit(1))
            .length > 0;
        // The account's e-mail changed to one another user holds: keep the stored one (the other
        // user keeps theirs) rather than failing every sign-in on the unique constraint.
        await db
          .update(users)
          .set({
            ...(emailTaken ? {} : { email: identity.email }),
            name: identity.name,
            picture: identity.picture,
            lastLoginAt: now,
          })
          .where(eq(users.id, id));
        return { id, created: false };
      }
      const byEmail = await db
        .select({ id: users.id, googleSub: users.googleSub })
        .from(users)
        .where(eq(users.email, identity.email))
        .limit(1);
      if (byEmail[0]) {
        if (byEmail[0].googleSub !== null) {
          throw new ConflictError(
            "This e-mail address belongs to an account that signs in with a different Google account. Sign in with that Google account.",
          );
        }
        // A user made before Google sign-in was set up (dev login, an admin's e-mail): the first
        // Google account with that verified e-mail claims it, once; claimed only if still unbound.
        const claimed = await db
          .update(users)
          .set({ googleSub: identity.sub, name: identity.name, picture: identity.picture, lastLoginAt: now })
          .where(and(eq(users.id, byEmail[0].id), isNull(users.googleSub)))
          .returning({ id: users.id });
        if (!claimed[0])
          throw new ConflictError("This account was just linked to another sign-in. Please try again.");
        return { id: claimed[0].id, created: false };
      }
      const [row] = await db
        .insert(users)
        .values({
          email: identity.email,
          name: identity.name,
          picture: identity.picture,
          googleSub: identity.sub,
          lastLoginAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!row)
        throw new ConflictError("This account was just created by another sign-in. Please try again.");
      return { id: row.id, created: true };
    },
    async upsertDevUser(email, name) {
      await deps.signupPolicy.admit({ email });
      const [row] = await db
        .insert(users)
        .values({ email, name: name ?? email.split("@")[0]!, lastLoginAt: deps.now() })
        .onConflictDoUpdate({ target: users.email, set: { lastLoginAt: deps.now() } })
        .returning({ id: users.id, created: insertedRow });
      return { id: row!.id, created: row!.created };
    },
    async create(userId, userAgent) {
      await deps.ensureWorkspace?.(userId);
      const token = crypto.randomBytes(32).toString("base64url");
      const expiresAt = new Date(deps.now().getTime() + deps.ttlMs);
      await db
        .insert(sessions)
        .values({ idHash: hash(token), userId, expiresAt, userAgent: userAgent?.slice(0, 300) });
      return { token, expiresAt };
    },
    async resolve(token) {
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          picture: users.picture,
          googleSub: users.googleSub,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.idHash, hash(token)), gt(sessions.expiresAt, deps.now())))
        .limit(1);
      const u = rows[0];
      if (!u) return null;
      return {
        id: u.id,
        email: u.email,
        name: u.name,
        picture: u.picture,
        isAdmin: admins.has(u.email.toLowerCase()),
      };
    },
    async destroy(token) {
      await db.delete(sessions).where(eq(sessions.idHash, hash(token)));
    },
    async purgeExpired() {
      const res = await db
        .delete(sessions)
        .where(lt(sessions.expiresAt, deps.now()))
        .returning({ id: sessions.idHash });
      return res.length;
    },
  };
}
