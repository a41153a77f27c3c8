import crypto from "node:crypto";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { growthChanges } from "#core/growth/growth";
import { isModelFigures } from "#core/model-figures";
import type { AlertChannel, AlertKind, Cadence, WatchlistDetail } from "#core/schemas/growth";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";
import type { AppDb } from "../db/database";
import { rowsOf } from "../db/rows";
import {
  accounts,
  alertDeliveries,
  alertRules,
  notifications,
  watchlistAccounts,
  watchlists,
} from "../db/schema";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import type { DataOwner } from "../shared/data-owner";
import type { AlertEmail } from "./alert-email";
import type { GrowthRepo } from "./growth-repo";
import { growthInputs } from "./growth-service";
import { checkWebhookTarget } from "./webhook";

export const MAX_WATCHLISTS = 50;
export const MAX_ACCOUNTS_PER_LIST = 200;
export const MAX_RULES_PER_LIST = 20;

export interface WatchlistServiceDeps {
  db: AppDb;
  repo: GrowthRepo;
  now: () => Date;
  /** WEBHOOK_ALLOW_PRIVATE=1 */
  allowPrivateWebhooks: boolean;
  /** Whether SMTP_URL and MAIL_FROM are set. */
  emailEnabled: boolean;
  /** Whose addresses e-mail alerts may go to (issue #33): the user's own, verified. */
  alertEmail?: Pick<AlertEmail, "requireVerified" | "confirm">;
  /** Resolves a host name to its addresses (tests inject one; default dns.lookup). */
  lookup?: (host: string) => Promise<string[]>;
}

const NOT_FOUND = (id: string) => new NotFoundError(`No watchlist ${id} was found.`);

/**
 * Watchlists (private to their workspace, issue #37: another workspace's list is a 404, never a 403), their accounts and
 * alert rules, the delivery log, and the owner's notifications.
 */
export function createWatchlistService(deps: WatchlistServiceDeps) {
  const { db, repo } = deps;

  async function own(owner: DataOwner, id: string) {
    const [row] = await db
      .select()
      .from(watchlists)
      .where(and(eq(watchlists.id, id), eq(watchlists.workspaceId, owner.workspaceId)))
      .limit(1);
    if (!row) throw NOT_FOUND(id);
    return row;
  }

  return {
    async create(owner: DataOwner, input: { name: string; cadence: Cadence }) {
      const [{ n }] = (await db
        .select({ n: count() })
        .from(watchlists)
        .where(eq(watchlists.workspaceId, owner.workspaceId))) as [{ n: number }];
      if (Number(n) >= MAX_WATCHLISTS)
        throw new ConflictError(`You can keep at most ${MAX_WATCHLISTS} watchlists; delete one first.`);
      const [row] = await db
        .insert(watchlists)
        .values({
          userId: owner.userId,
          workspaceId: owner.workspaceId,
          name: input.name,
          cadence: input.cadence,
          createdAt: deps.now(),
        })
        .returning();
      return { id: row!.id, name: row!.name, cadence: row!.cadence as Cadence };
    },

    async list(owner: DataOwner) {
      const res = await db.execute(sql`
        select w.id, w.name, w.cadence, w.created_at as "createdAt",
               (select count(*) from watchlist_accounts a where a.watchlist_id = w.id)::int as accounts,
               (select count(*) from alert_rules r where r.watchlist_id = w.id)::int as rules
        from watchlists w where w.workspace_id = ${owner.workspaceId} order by w.created_at, w.id`);
      return rowsOf<{
        id: string;
        name: string;
        cadence: Cadence;
        createdAt: string | Date;
        accounts: number;
        rules: number;
      }>(res).map((r) => ({
        ...r,
        accounts: Number(r.accounts),
        rules: Number(r.rules),
        createdAt: new Date(r.createdAt).toISOString(),
      }));
    },

    async remove(owner: DataOwner, id: string): Promise<void> {
      await own(owner, id);
      await db
        .delete(watchlists)
        .where(and(eq(watchlists.id, id), eq(watchlists.workspaceId, owner.workspaceId)));
    },

    async detail(owner: DataOwner, id: string): Promise<WatchlistDetail> {
      const list = await own(owner, id);
      const members = await db
        .select({
          id: accounts.id,
          platform: accounts.platform,
          username: accounts.username,
          name: accounts.name,
          followers: accounts.followers,
          engagementRate: accounts.engagementRate,
          grade: accounts.grade,
          lastAnalyzedAt: accounts.lastAnalyzedAt,
          source: accounts.source,
          addedAt: watchlistAccounts.addedAt,
        })
        .from(watchlistAccounts)
        .innerJoin(accounts, eq(accounts.id, watchlistAccounts.accountId))
        .where(eq(watchlistAccounts.watchlistId, id))
        .orderBy(watchlistAccounts.addedAt, accounts.id);
      const now = deps.now();
      const out: WatchlistDetail["accounts"] = [];
      for (const m of members) {
        // The workspace's list shows its own imported points too (Trust III, #33; Teams, #37).
        const points = await repo.viewPoints(m.id, 400, owner);
        out.push({
          platform: m.platform as Platform,
          username: m.username,
          name: m.name,
          followers: m.followers,
          engagementRate: m.engagementRate,
          grade: m.grade,
          lastUpdated: m.lastAnalyzedAt?.toISOString() ?? null,
          modelFigures: isModelFigures(m.source),
          change: growthChanges(growthInputs(points), now),
          sparkline: points.slice(-30).map((p) => p.followers),
          addedAt: m.addedAt.toISOString(),
        });
      }
      const rules = await db
        .select()
        .from(alertRules)
        .where(eq(alertRules.watchlistId, id))
        .orderBy(alertRules.createdAt, alertRules.id);
      const deliveries = await db
        .select({
          id: alertDeliveries.id,
          ruleId: alertDeliveries.ruleId,
          kind: alertRules.kind,
          channel: alertRules.channelType,
          payload: alertDeliveries.payload,
          status: alertDeliveries.status,
          attempts: alertDeliveries.attempts,
          lastError: alertDeliveries.lastError,
          createdAt: alertDeliveries.createdAt,
          deliveredAt: alertDeliveries.deliveredAt,
        })
        .from(alertDeliveries)
        .innerJoin(alertRules, eq(alertRules.id, alertDeliveries.ruleId))
        .where(eq(alertRules.watchlistId, id))
        .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
        .limit(50);
      return {
        id: list.id,
        name: list.name,
        cadence: list.cadence as Cadence,
        createdAt: list.createdAt.toISOString(),
        accounts: out,
        rules: rules.map(ruleView),
        deliveries: deliveries.map((d) => {
          const p = d.payload as { account?: { platform?: string; username?: string }; message?: string };
          return {
            id: d.id,
            ruleId: d.ruleId,
            kind: d.kind as AlertKind,
            channel: d.channel as "webhook" | "email",
            platform: p.account?.platform ?? "",
            username: p.account?.username ?? "",
            message: p.message ?? "",
            status: d.status as "pending" | "sending" | "delivered" | "failed",
            attempts: d.attempts,
            lastError: d.lastError,
            createdAt: d.createdAt.toISOString(),
            deliveredAt: d.deliveredAt?.toISOString() ?? null,
          };
        }),
      };
    },

    /** Adds a stored account (it needs a report: the Watch button sits on one). */
    async addAccount(owner: DataOwner, id: string, platform: Platform, username: string) {
      await own(owner, id);
      const account = await repo.findAccount(platform, username);
      if (!account)
        throw new NotFoundError(
          `No ${PLATFORM_LABELS[platform]} account @${username} has been analysed yet; analyse it first, then watch it.`,
        );
      const [{ n }] = (await db
        .select({ n: count() })
        .from(watchlistAccounts)
        .where(eq(watchlistAccounts.watchlistId, id))) as [{ n: number }];
      if (Number(n) >= MAX_ACCOUNTS_PER_LIST)
        throw new ConflictError(`A watchlist holds at most ${MAX_ACCOUNTS_PER_LIST} accounts.`);
      await db
        .insert(watchlistAccounts)
        .values({ watchlistId: id, accountId: account.id, addedAt: deps.now() })
        .onConflictDoNothing();
      return { platform, username: account.username };
    },

    async removeAccount(owner: DataOwner, id: string, platform: Platform, username: string) {
      await own(owner, id);
      const account = await repo.findAccount(platform, username);
      const removed = account
        ? await db
            .delete(watchlistAccounts)
            .where(and(eq(watchlistAccounts.watchlistId, id), eq(watchlistAccounts.accountId, account.id)))
            .returning({ id: watchlistAccounts.accountId })
        : [];
      if (removed.length === 0)
        throw new NotFoundError(`@${username} on ${PLATFORM_LABELS[platform]} is not on this watchlist.`);
    },

    async addRule(
      owner: DataOwner,
      id: string,
      input: { kind: AlertKind; threshold?: number; channel: AlertChannel },
    ) {
      await own(owner, id);
      const [{ n }] = (await db
        .select({ n: count() })
        .from(alertRules)
        .where(eq(alertRules.watchlistId, id))) as [{ n: number }];
      if (Number(n) >= MAX_RULES_PER_LIST)
        throw new ConflictError(`A watchlist has at most ${MAX_RULES_PER_LIST} alert rules.`);
      let target: string;
      let secret: string | null = null;
      if (input.channel.type === "webhook") {
        target = (
          await checkWebhookTarget(input.channel.url, {
            allowPrivate: deps.allowPrivateWebhooks,
            lookup: deps.lookup,
          }).catch((err: Error) => {
            throw new ValidationError(`channel.url: ${err.message}`, "channel.url");
          })
        ).url;
        secret = crypto.randomBytes(32).toString("hex");
      } else {
        if (!deps.emailEnabled)
          throw new ValidationError(
            "E-mail alerts are not available on this server: its administrator has not set SMTP_URL and MAIL_FROM. Use a webhook instead.",
            "channel.type",
          );
        // Only the user's own address: their sign-in one or one they confirmed (issue #33).
        if (!deps.alertEmail)
          throw new ValidationError("E-mail alerts are not available on this server.", "channel.type");
        await deps.alertEmail.requireVerified(owner.userId, input.channel.to);
        target = input.channel.to.toLowerCase();
      }
      const [row] = await db
        .insert(alertRules)
        .values({
          watchlistId: id,
          workspaceId: owner.workspaceId,
          createdBy: owner.userId,
          kind: input.kind,
          threshold: input.threshold ?? null,
          channelType: input.channel.type,
          channelTarget: target,
          secret,
          createdAt: deps.now(),
        })
        .returning();
      return { ...ruleView(row!), ...(secret ? { secret } : {}) };
    },

    /** Confirms an alert e-mail address from the link mailed to it; null for an unknown or expired link. */
    async confirmEmail(token: string): Promise<{ email: string } | null> {
      return deps.alertEmail ? deps.alertEmail.confirm(token) : null;
    },

    async removeRule(owner: DataOwner, id: string, ruleId: string) {
      await own(owner, id);
      const removed = await db
        .delete(alertRules)
        .where(and(eq(alertRules.id, ruleId), eq(alertRules.watchlistId, id)))
        .returning({ id: alertRules.id });
      if (removed.length === 0) throw new NotFoundError(`No alert rule ${ruleId} on this watchlist.`);
    },

    async notifications(userId: string, limit = 50) {
      const rows = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
      const [{ n }] = (await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))) as [{ n: number }];
      return {
        notifications: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          title: r.title,
          body: r.body,
          platform: r.platform,
          username: r.username,
          createdAt: r.createdAt.toISOString(),
          read: r.readAt !== null,
        })),
        unread: Number(n),
      };
    },

    async markRead(userId: string, ids?: number[]) {
      const conds = [eq(notifications.userId, userId), isNull(notifications.readAt)];
      if (ids) conds.push(inArray(notifications.id, ids.length ? ids : [-1]));
      await db
        .update(notifications)
        .set({ readAt: deps.now() })
        .where(and(...conds));
    },
  };
}

function ruleView(r: typeof alertRules.$inferSelect) {
  return {
    id: r.id,
    kind: r.kind as AlertKind,
    threshold: r.threshold,
    channel:
      r.channelType === "webhook"
        ? { type: "webhook" as const, url: r.channelTarget }
        : { type: "email" as const, to: r.channelTarget },
    createdAt: r.createdAt.toISOString(),
  };
}

export type WatchlistService = ReturnType<typeof createWatchlistService>;
