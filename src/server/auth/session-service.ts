import crypto from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { User } from "../../core/schemas/auth";
import type { AppDb } from "../db/database";
import { sessions, users } from "../db/schema";
import type { GoogleIdentity } from "./google-verifier";

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
}): SessionService {
  const { db } = deps;
  const admins = new Set(deps.adminEmails);
  return {
    async upsertGoogleUser(identity) {
      const now = deps.now();
      const bySub = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.googleSub, identity.sub))
        .limit(1);
      if (bySub[0]) {
        await db
          .update(users)
          .set({ email: identity.email, name: identity.name, picture: identity.picture, lastLoginAt: now })
          .where(eq(users.id, bySub[0].id));
        return { id: bySub[0].id, created: false };
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
        .onConflictDoUpdate({
          target: users.email,
          set: { googleSub: identity.sub, name: identity.name, picture: identity.picture, lastLoginAt: now },
        })
        .returning({ id: users.id, created: insertedRow });
      return { id: row!.id, created: row!.created };
    },
    async upsertDevUser(email, name) {
      const [row] = await db
        .insert(users)
        .values({ email, name: name ?? email.split("@")[0]!, lastLoginAt: deps.now() })
        .onConflictDoUpdate({ target: users.email, set: { lastLoginAt: deps.now() } })
        .returning({ id: users.id, created: insertedRow });
      return { id: row!.id, created: row!.created };
    },
    async create(userId, userAgent) {
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
