import crypto from "node:crypto";
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { Redis } from "ioredis";
import { API_KEY_PREFIX, type ApiKey, type ApiKeyCreated, type ApiKeyScope } from "#core/schemas/api-keys";
import type { AppDb } from "../db/database";
import { apiKeys, users, workspaceMembers, workspaces } from "../db/schema";
import { ConflictError, NotFoundError } from "../errors";

/** A key's owner as /api/v1 sees it: quotas and "captured by" labels are theirs. */
export interface ApiKeyOwner {
  keyId: string;
  userId: string;
  /** Issue #37: the workspace the key acts in, and its maker's role there now. */
  workspaceId: string;
  role: "owner" | "editor" | "viewer";
  email: string;
  name: string;
  scopes: ApiKeyScope[];
}

/** Keys per user: enough for every tool an agency wires in, bounded so a loop cannot fill the table. */
export const MAX_KEYS_PER_USER = 50;
/**
 * How long this process trusts a key it has looked up. A key revoked here stops at once. With Redis
 * (several instances), every revocation or change of a member's access bumps a shared epoch that each
 * cached look-up is checked against, so it stops at once on every instance (issue #37); if Redis does
 * not answer, the key is looked up in the database. Without Redis there is one instance.
 */
export const KEY_CACHE_MS = 10_000;
/** How long a call waits for the shared epoch before it looks the key up in the database instead. */
const EPOCH_TIMEOUT_MS = 500;
/** lastUsedAt is written at most this often per key (one UPDATE a minute, not one per call). */
export const LAST_USED_EVERY_MS = 60_000;
/** Characters of the key kept for display: "ca_" and 8 of the secret (48 bits: tells keys apart, opens nothing). */
const VISIBLE = API_KEY_PREFIX.length + 8;

export const hashApiKey = (key: string): string => crypto.createHash("sha256").update(key).digest("hex");

/** The shape of a key: "ca_" and 43 base64url characters (32 random bytes). */
const KEY_SHAPE = /^ca_[A-Za-z0-9_-]{43}$/;

/**
 * API keys: made from 32 random bytes, stored as their SHA-256 (a key is as unguessable as a session
 * token, so a fast hash is enough; docs/decisions/020-public-api-keys.md), shown once.
 */
export function createApiKeyService(deps: {
  db: AppDb;
  now: () => Date;
  /** Shared by the instances: the epoch of revocations (see KEY_CACHE_MS). */
  redis?: Redis;
  redisKeyPrefix?: string;
}) {
  const { db, redis } = deps;
  /** When each key's lastUsedAt was last written by this process. */
  const touched = new Map<string, number>();
  /** Keys looked up recently (by hash), so a burst of calls costs one query (KEY_CACHE_MS). */
  const known = new Map<string, { owner: ApiKeyOwner; until: number; epoch: string | null }>();
  const epochKey = `${deps.redisKeyPrefix ?? ""}api-keys:epoch`;

  /** The shared epoch ("" without Redis); undefined when Redis did not answer in time (no cache then). */
  async function currentEpoch(): Promise<string | null | undefined> {
    if (!redis) return "";
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        redis.get(epochKey),
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), EPOCH_TIMEOUT_MS);
        }),
      ]);
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Tells the other instances that cached look-ups may be out of date. */
  async function bumpEpoch(): Promise<void> {
    if (!redis) return;
    // A Redis failure must not undo the revocation, which is already in the database.
    await redis.incr(epochKey).catch(() => undefined);
  }

  const toView = (row: typeof apiKeys.$inferSelect): ApiKey => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  });

  return {
    /** A key of the acting workspace (issue #37), made by an editor or owner of it. */
    async create(
      owner: { userId: string; workspaceId: string },
      input: { name: string; scopes: ApiKeyScope[] },
    ): Promise<ApiKeyCreated> {
      const { userId, workspaceId } = owner;
      const count = await db.$count(apiKeys, eq(apiKeys.userId, userId));
      if (count >= MAX_KEYS_PER_USER)
        throw new ConflictError(
          `You already have ${MAX_KEYS_PER_USER} API keys, the most one account may hold. Revoke one you no longer use first.`,
        );
      const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
      const [row] = await db
        .insert(apiKeys)
        .values({
          userId,
          workspaceId,
          name: input.name,
          prefix: key.slice(0, VISIBLE),
          keyHash: hashApiKey(key),
          scopes: input.scopes,
          createdAt: deps.now(),
        })
        .returning();
      return {
        id: row!.id,
        name: row!.name,
        key,
        scopes: input.scopes,
        createdAt: row!.createdAt.toISOString(),
      };
    },

    /**
     * The acting workspace's keys (issue #37: every member sees them, with who made each), or
     * (admin) every key of every workspace; newest first.
     */
    async list(user: { id: string; isAdmin: boolean }, workspaceId: string): Promise<ApiKey[]> {
      const rows = await db
        .select({ key: apiKeys, email: users.email, ownerName: users.name })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(user.isAdmin ? undefined : eq(apiKeys.workspaceId, workspaceId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return rows.map((r) => ({
        ...toView(r.key),
        // Who made a key: for an administrator, and for another member's key in a team workspace.
        ...(user.isAdmin || r.key.userId !== user.id
          ? { owner: { id: r.key.userId, email: r.email, name: r.ownerName } }
          : {}),
      }));
    },

    /**
     * Revokes (deletes) a key of the acting workspace: its maker's own, any of the workspace's for an
     * owner of it (issue #37), or any key for an administrator.
     */
    async revoke(
      user: { id: string; isAdmin: boolean },
      acting: { workspaceId: string; role: string },
      id: string,
    ): Promise<void> {
      const where = user.isAdmin
        ? eq(apiKeys.id, id)
        : and(
            eq(apiKeys.id, id),
            eq(apiKeys.workspaceId, acting.workspaceId),
            acting.role === "owner" ? undefined : eq(apiKeys.userId, user.id),
          );
      const gone = await db.delete(apiKeys).where(where).returning({ id: apiKeys.id });
      touched.delete(id);
      for (const [hash, entry] of known) if (entry.owner.keyId === id) known.delete(hash);
      if (gone.length > 0) await bumpEpoch();
      // Another user's key answers like a missing one: ids are not confirmed to people who cannot revoke them.
      if (gone.length === 0) throw new NotFoundError(`No API key with id ${id} was found among your keys.`);
    },

    /** The owner of a presented key, or null when it is malformed, unknown or revoked. */
    async authenticate(key: string): Promise<ApiKeyOwner | null> {
      if (!KEY_SHAPE.test(key)) return null;
      const keyHash = hashApiKey(key);
      const nowMs = Date.now();
      // Read before the database, so a change made meanwhile leaves this look-up with an old epoch.
      const epoch = await currentEpoch();
      const cached = known.get(keyHash);
      if (cached && cached.until > nowMs && epoch !== undefined && cached.epoch === epoch)
        return cached.owner;
      // Issue #37: the key works only while its maker is a member of its live workspace.
      const rows = await db
        .select({
          id: apiKeys.id,
          userId: apiKeys.userId,
          workspaceId: apiKeys.workspaceId,
          role: workspaceMembers.role,
          scopes: apiKeys.scopes,
          email: users.email,
          name: users.name,
        })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .innerJoin(
          workspaceMembers,
          and(
            eq(workspaceMembers.workspaceId, apiKeys.workspaceId),
            eq(workspaceMembers.userId, apiKeys.userId),
          ),
        )
        .innerJoin(workspaces, and(eq(workspaces.id, apiKeys.workspaceId), isNull(workspaces.deletedAt)))
        .where(eq(apiKeys.keyHash, keyHash))
        .limit(1);
      const row = rows[0];
      if (!row) {
        known.delete(keyHash);
        return null;
      }
      const owner: ApiKeyOwner = {
        keyId: row.id,
        userId: row.userId,
        workspaceId: row.workspaceId,
        role: row.role,
        email: row.email,
        name: row.name,
        scopes: row.scopes as ApiKeyScope[],
      };
      if (known.size >= 10_000) known.clear();
      if (epoch !== undefined) known.set(keyHash, { owner, until: nowMs + KEY_CACHE_MS, epoch });
      return owner;
    },

    /**
     * Forgets cached look-ups of a workspace's keys (of one maker, or all) here, and bumps the shared
     * epoch for the other instances: called when a member is removed, a role changes or the workspace
     * is deleted, so the change applies at once everywhere.
     */
    async forget(workspaceId: string, userId?: string): Promise<void> {
      for (const [hash, entry] of known)
        if (entry.owner.workspaceId === workspaceId && (!userId || entry.owner.userId === userId))
          known.delete(hash);
      await bumpEpoch();
    },

    /** Records a use: one conditional UPDATE per key and minute at most (never blocks the call on failure). */
    async touch(keyId: string): Promise<void> {
      const now = deps.now();
      const last = touched.get(keyId);
      if (last !== undefined && now.getTime() - last < LAST_USED_EVERY_MS) return;
      touched.set(keyId, now.getTime());
      if (touched.size > 10_000) touched.clear();
      const before = new Date(now.getTime() - LAST_USED_EVERY_MS);
      await db
        .update(apiKeys)
        .set({ lastUsedAt: now })
        .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, before))));
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
