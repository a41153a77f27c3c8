import { and, eq, sql } from "drizzle-orm";
import { detectAnomalies } from "#core/growth/growth";
import type { AlertKind, AlertPayload } from "#core/schemas/growth";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";
import type { AppDb } from "../db/database";
import { rowsOf } from "../db/rows";
import { accounts, alertDeliveries, alertRules, alertStates, notifications } from "../db/schema";
import { type AlertEmail, alertMail } from "./alert-email";
import {
  type Baseline,
  baselineOf,
  day,
  type Fired,
  round,
  signed,
  thousands,
  withDeadline,
} from "./alert-parts";
import type { DeliveryCap } from "./delivery-cap";
import type { GrowthRepo, StoredPoint } from "./growth-repo";
import { growthInputs } from "./growth-service";
import type { Mailer } from "./mailer";
import { type Lookup, sendWebhook, WEBHOOK_DEADLINE_MS } from "./webhook";

/**
 * Alerts (docs/decisions/018-growth-watchlists-alerts.md). Every new growth point (from an analysis
 * or a background refresh) is claimed once fleet-wide and checked against the rules of the
 * watchlists that hold its account; a rule that fires writes one delivery and one notification in a
 * transaction, both keyed by rule and point (so an alert happens once). Deliveries are sent right
 * away and retried with backoff; a poller picks up what is due every few seconds.
 */

export interface AlertServiceDeps {
  db: AppDb;
  repo: GrowthRepo;
  now: () => Date;
  appUrl: string;
  brandName: string;
  allowPrivateWebhooks: boolean;
  lookup?: Lookup;
  mailer?: Mailer;
  /** Whose addresses e-mail alerts may go to (issue #33); without it no e-mail alert is sent. */
  email?: Pick<AlertEmail, "isVerified">;
  /** The per-user daily delivery cap (ALERT_DELIVERIES_PER_DAY); without it none. */
  cap?: DeliveryCap;
  logger?: { warn(obj: object, msg: string): void };
}

/** A delivery that no retry can make (rule deleted, address not the owner's): failed at once. */
class Undeliverable extends Error {}

/** Attempts before a delivery is given up. */
export const MAX_ATTEMPTS = 6;
/** Delay before attempt n+1 after n failures: 30 s × 4^(n−1) (30 s, 2 min, 8 min, 32 min, ~2 h). */
export function backoffMs(failures: number): number {
  return 30_000 * 4 ** Math.max(0, failures - 1);
}
/** A claimed delivery not finished within this is taken up again (its instance died). */
const LEASE_MS = 5 * 60_000;
/** Deliveries claimed by one round. */
const CLAIM_BATCH = 20;
/** Deliveries in flight at once in one process (issue #33, item 2). */
const DELIVERY_CONCURRENCY = 4;
/** One delivery's overall deadline, webhook or e-mail. */
const DELIVERY_DEADLINE_MS = WEBHOOK_DEADLINE_MS;
/** A round's sending ends within this (no delivery starts with less than its deadline left). */
const ROUND_DEADLINE_MS = 30_000;

export function createAlertService(deps: AlertServiceDeps) {
  const { db, repo } = deps;

  /** What a rule says about a new point against its baseline; the baseline to keep. */
  function judge(
    rule: { kind: AlertKind; threshold: number | null },
    base: Baseline,
    point: StoredPoint,
    history: StoredPoint[],
    noun: string,
  ): { fired: Fired | null; next: Baseline } {
    switch (rule.kind) {
      case "followers_change": {
        if (!(base.followers > 0)) return { fired: null, next: baselineOf(point) };
        const pct = (point.followers / base.followers - 1) * 100;
        if (Math.abs(pct) < (rule.threshold ?? Number.POSITIVE_INFINITY)) return { fired: null, next: base };
        return {
          fired: {
            message: `${noun} ${signed(pct)}% (${thousands(base.followers)} → ${thousands(point.followers)}) since ${day(base.at)}`,
            details: { from: base.followers, to: point.followers, changePct: round(pct), since: base.at },
          },
          next: baselineOf(point),
        };
      }
      case "engagement_change": {
        if (base.engagementRate === null || !(base.engagementRate > 0) || point.engagementRate === null)
          return { fired: null, next: point.engagementRate === null ? base : baselineOf(point) };
        const pct = (point.engagementRate / base.engagementRate - 1) * 100;
        if (Math.abs(pct) < (rule.threshold ?? Number.POSITIVE_INFINITY)) return { fired: null, next: base };
        return {
          fired: {
            message: `engagement rate ${signed(pct)}% (${base.engagementRate.toFixed(2)}% → ${point.engagementRate.toFixed(2)}%) since ${day(base.at)}`,
            details: {
              from: base.engagementRate,
              to: point.engagementRate,
              changePct: round(pct),
              since: base.at,
            },
          },
          next: baselineOf(point),
        };
      }
      case "grade_change": {
        if (!point.grade) return { fired: null, next: base };
        if (!base.grade || base.grade === point.grade) return { fired: null, next: baselineOf(point) };
        return {
          fired: {
            message: `grade ${base.grade} → ${point.grade}`,
            details: { from: base.grade, to: point.grade, since: base.at },
          },
          next: baselineOf(point),
        };
      }
      case "sponsored_post": {
        const seen = new Set(base.sponsoredIds);
        const fresh = point.sponsoredPostIds.filter((id) => !seen.has(id));
        const next = baselineOf(point, base.sponsoredIds);
        if (fresh.length === 0) return { fired: null, next };
        return {
          fired: {
            message: `${fresh.length === 1 ? "a new post" : `${fresh.length} new posts`} detected as sponsored`,
            details: { postIds: fresh },
          },
          next,
        };
      }
      case "anomaly": {
        const at = point.at.toISOString();
        const found = detectAnomalies(growthInputs(history)).filter((a) => a.to === at);
        const next = baselineOf(point);
        if (found.length === 0) return { fired: null, next };
        return {
          fired: { message: found.map((a) => a.message).join("; "), details: { anomalies: found } },
          next,
        };
      }
    }
  }

  /**
   * `suppliedIn`: the point is private to a workspace (a capture or import, Trust III #33, Teams
   * #37): only that workspace's rules see it, against the history its members see.
   */
  async function evaluatePoint(
    pointId: number,
    accountId: number,
    suppliedIn: string | null,
  ): Promise<number> {
    const res = await db.execute(sql`
      select r.id, r.kind, r.threshold, r.watchlist_id as "watchlistId", w.name as "watchlistName",
             r.created_by as "userId", r.workspace_id as "workspaceId", s.baseline
      from alert_rules r
      join watchlist_accounts wa on wa.watchlist_id = r.watchlist_id and wa.account_id = ${accountId}
      join watchlists w on w.id = r.watchlist_id
      left join alert_states s on s.rule_id = r.id and s.account_id = ${accountId}
      where ${suppliedIn}::uuid is null or r.workspace_id = ${suppliedIn}::uuid
      order by r.created_at, r.id`);
    const rules = rowsOf<{
      id: string;
      kind: AlertKind;
      threshold: number | null;
      watchlistId: string;
      watchlistName: string;
      userId: string;
      workspaceId: string;
      baseline: Baseline | string | null;
    }>(res);
    if (rules.length === 0) return 0;
    const [account] = await db
      .select({ platform: accounts.platform, username: accounts.username, name: accounts.name })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    if (!account) return 0;
    // Each rule reads the history its workspace sees: the public points and the workspace's own
    // imports and captures, never another workspace's (Trust III, #33; Teams, #37).
    const seen = new Map<string, { point: StoredPoint; history: StoredPoint[] } | null>();
    const historyOf = async (owner: { userId: string; workspaceId: string }) => {
      if (!seen.has(owner.workspaceId)) {
        const all = await repo.points(accountId, 400, owner);
        const index = all.findIndex((p) => p.id === pointId);
        seen.set(
          owner.workspaceId,
          index < 0 ? null : { point: all[index]!, history: all.slice(0, index + 1) },
        );
      }
      return seen.get(owner.workspaceId)!;
    };
    const platform = account.platform as Platform;
    const noun = platform === "youtube" ? "subscribers" : "followers";
    const now = deps.now();
    let fired = 0;
    for (const rule of rules) {
      const seenByOwner = await historyOf(rule);
      if (!seenByOwner) continue;
      const { point, history } = seenByOwner;
      const previous = history.slice(0, -1).reverse()[0];
      const stored =
        typeof rule.baseline === "string" ? (JSON.parse(rule.baseline) as Baseline) : rule.baseline;
      // A point older than the baseline (an import, or two refreshes finishing out of order) is not news.
      if (stored && Date.parse(stored.at) >= point.at.getTime()) continue;
      const base = stored ?? (previous ? baselineOf(previous) : null);
      if (!base) {
        await saveState(rule.id, accountId, baselineOf(point), now);
        continue;
      }
      const verdict = judge(
        { kind: rule.kind, threshold: rule.threshold === null ? null : Number(rule.threshold) },
        base,
        point,
        history,
        noun,
      );
      if (!verdict.fired) {
        await saveState(rule.id, accountId, verdict.next, now);
        continue;
      }
      const title = `@${account.username} on ${PLATFORM_LABELS[platform]}: ${verdict.fired.message}`;
      const payload: AlertPayload = {
        event: "alert",
        kind: rule.kind,
        watchlist: { id: rule.watchlistId, name: rule.watchlistName },
        account: {
          platform,
          username: account.username,
          name: account.name,
          url: `${deps.appUrl.replace(/\/+$/, "")}/report/${platform}/${encodeURIComponent(account.username)}`,
        },
        message: title,
        at: point.at.toISOString(),
        details: verdict.fired.details,
      };
      const key = `${rule.id}:${point.id}`;
      const created = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(alertDeliveries)
          .values({
            ruleId: rule.id,
            accountId,
            dedupeKey: key,
            payload,
            nextAttemptAt: now,
            createdAt: now,
          })
          .onConflictDoNothing({ target: alertDeliveries.dedupeKey })
          .returning({ id: alertDeliveries.id });
        if (rows.length === 0) return false;
        await tx
          .insert(notifications)
          .values({
            userId: rule.userId,
            dedupeKey: key,
            kind: rule.kind,
            title,
            body: `Watchlist "${rule.watchlistName}". ${verdict.fired!.message}.`,
            platform,
            username: account.username,
            createdAt: now,
          })
          .onConflictDoNothing({ target: notifications.dedupeKey });
        await saveState(rule.id, accountId, verdict.next, now, tx);
        return true;
      });
      if (created) fired++;
    }
    return fired;
  }

  async function saveState(ruleId: string, accountId: number, baseline: Baseline, at: Date, tx: AppDb = db) {
    await tx
      .insert(alertStates)
      .values({ ruleId, accountId, baseline, updatedAt: at })
      .onConflictDoUpdate({
        target: [alertStates.ruleId, alertStates.accountId],
        set: { baseline, updatedAt: at },
      });
  }

  /** The rule of a delivery with its watchlist's owner; null when the rule was deleted. */
  async function ruleOf(ruleId: string) {
    const [rule] = await db
      .select({
        channelType: alertRules.channelType,
        channelTarget: alertRules.channelTarget,
        secret: alertRules.secret,
        userId: alertRules.createdBy,
      })
      .from(alertRules)
      .where(eq(alertRules.id, ruleId));
    return rule ?? null;
  }

  async function send(
    rule: NonNullable<Awaited<ReturnType<typeof ruleOf>>>,
    payload: AlertPayload,
    signal?: AbortSignal,
  ): Promise<void> {
    if (rule.channelType === "webhook") {
      await sendWebhook(rule.channelTarget, JSON.stringify(payload), rule.secret ?? "", {
        allowPrivate: deps.allowPrivateWebhooks,
        lookup: deps.lookup,
        userAgent: `${deps.brandName} alerts`,
        deadlineMs: DELIVERY_DEADLINE_MS,
        signal,
      });
      return;
    }
    if (!deps.mailer) throw new Error("e-mail is not configured on this server (SMTP_URL and MAIL_FROM)");
    await withDeadline(
      deps.mailer.send({ to: rule.channelTarget, ...alertMail(payload, deps) }),
      DELIVERY_DEADLINE_MS,
      signal,
      "the mail server did not accept the message",
    );
  }

  const service = {
    /** Checks every new point against the rules; returns how many alerts fired. */
    async evaluatePending(): Promise<number> {
      let fired = 0;
      for (;;) {
        const batch = await repo.claimUncheckedPoints(100);
        for (const p of batch) {
          try {
            fired += await evaluatePoint(p.id, p.accountId, p.suppliedWorkspaceId);
          } catch (err) {
            deps.logger?.warn({ err: (err as Error).message, point: p.id }, "alert evaluation failed");
          }
        }
        if (batch.length < 100) return fired;
      }
    },

    /**
     * Sends the deliveries that are due; returns how many went out. Up to DELIVERY_CONCURRENCY at
     * once, each within its own deadline; one starts only while the round has a whole delivery
     * deadline left, so the round ends within ROUND_DEADLINE_MS whatever the receivers do. What was
     * claimed but not started (or stopped by `signal`, the server shutting down) is handed back
     * untouched: no attempt is counted and the next round, here or on another instance, takes it.
     */
    async deliverDue(opts: { signal?: AbortSignal; roundDeadlineMs?: number } = {}): Promise<number> {
      const roundStarted = Date.now();
      const roundDeadlineMs = opts.roundDeadlineMs ?? ROUND_DEADLINE_MS;
      const now = deps.now();
      const res = await db.execute(sql`
        update alert_deliveries set status = 'sending', next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
        where id in (
          select id from alert_deliveries
          where status in ('pending', 'sending') and next_attempt_at <= ${now.toISOString()}::timestamptz
          order by next_attempt_at, id limit ${CLAIM_BATCH} for update skip locked)
        returning id, rule_id as "ruleId", payload, attempts`);
      const due = rowsOf<{ id: number | string; ruleId: string; payload: unknown; attempts: number }>(res);
      let sent = 0;
      const release = async (id: number) => {
        await db
          .update(alertDeliveries)
          .set({ status: "pending", nextAttemptAt: deps.now() })
          .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.status, "sending")));
      };
      const deliverOne = async (d: (typeof due)[number]) => {
        const id = Number(d.id);
        const payload = typeof d.payload === "string" ? JSON.parse(d.payload) : d.payload;
        const attempts = Number(d.attempts) + 1;
        try {
          const rule = await ruleOf(d.ruleId);
          if (!rule) throw new Undeliverable("the alert rule was deleted");
          // Rules made before addresses were verified (or whose address stopped being the user's
          // sign-in one) send nothing until the address is confirmed.
          if (
            rule.channelType === "email" &&
            !(await deps.email?.isVerified(rule.userId, rule.channelTarget))
          )
            throw new Undeliverable(
              `${rule.channelTarget} is not a confirmed address of the watchlist's owner; add the alert again to get a confirmation link`,
            );
          const now = deps.now();
          if (deps.cap && !(await deps.cap.take(rule.userId, now))) {
            await db
              .update(alertDeliveries)
              .set({
                status: "pending",
                nextAttemptAt: deps.cap.nextDay(now),
                lastError: `Held: today's limit of ${deps.cap.perDay} alert deliveries for your account is reached; it goes out after 00:00 UTC.`,
              })
              .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.status, "sending")));
            await deps.cap.notifyHeld(rule.userId, now);
            return;
          }
          await send(rule, payload as AlertPayload, opts.signal);
          await db
            .update(alertDeliveries)
            .set({ status: "delivered", attempts, deliveredAt: deps.now(), lastError: null })
            .where(eq(alertDeliveries.id, id));
          sent++;
        } catch (err) {
          if (opts.signal?.aborted) return release(id);
          const message = (err as Error).message.slice(0, 500);
          const failed = attempts >= MAX_ATTEMPTS || err instanceof Undeliverable;
          await db
            .update(alertDeliveries)
            .set({
              status: failed ? "failed" : "pending",
              attempts,
              lastError: message,
              nextAttemptAt: new Date(deps.now().getTime() + backoffMs(attempts)),
            })
            .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.status, "sending")));
          deps.logger?.warn({ delivery: id, attempts, err: message }, "alert delivery failed");
        }
      };
      let next = 0;
      const worker = async () => {
        for (;;) {
          const d = due[next++];
          if (!d) return;
          const timeLeft = roundDeadlineMs - (Date.now() - roundStarted);
          if (opts.signal?.aborted || timeLeft < DELIVERY_DEADLINE_MS) await release(Number(d.id));
          else await deliverOne(d);
        }
      };
      await Promise.all(Array.from({ length: Math.min(DELIVERY_CONCURRENCY, due.length) }, worker));
      return sent;
    },

    /** One round: evaluate new points, then send what is due (`signal` stops the sending). */
    async tick(opts: { signal?: AbortSignal } = {}): Promise<{ fired: number; sent: number }> {
      const fired = await service.evaluatePending();
      const sent = await service.deliverDue(opts);
      return { fired, sent };
    },
  };
  return service;
}

export type AlertService = ReturnType<typeof createAlertService>;
