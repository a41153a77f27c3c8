import { and, eq, gt, lt, sql } from "drizzle-orm";
import { anonIpLimitText, anonLimitText, reportsWord, userLimitText } from "#core/quota-text";
import type { AppDb } from "../db/database";
import { rowsOf } from "../db/rows";
import { reportUsage } from "../db/schema";
import { QuotaExceededError } from "../errors";

/** Who is asking for a report: a signed-in user, or an anonymous visitor (cookie) from an address. */
export type QuotaIdentity =
  | { kind: "user"; userId: string }
  | { kind: "anonymous"; visitorId: string; ipKey: string };

export interface QuotaLimits {
  anonymous: number;
  anonymousPerIp: number;
  user: number;
}

/** A consumed unit that can be given back if the analysis fails. */
export interface QuotaCharge {
  refund(): Promise<void>;
}

export interface QuotaStatus {
  count: number;
  limit: number;
  remaining: number;
  resetsAt: string;
}

export { reportsWord };

/** A visitor's own limit (ANON_REPORT_LIMIT); the number offered is the signed-in one (USER_DAILY_REPORT_LIMIT). */
export const ANON_LIMIT_MESSAGE = (userLimit: number) => anonLimitText(userLimit);
/** The address's limit (ANON_IP_DAILY_LIMIT): visitors behind one address share it. */
export const ANON_IP_LIMIT_MESSAGE = (ipLimit: number, userLimit: number) =>
  anonIpLimitText(ipLimit, userLimit);
export const USER_LIMIT_MESSAGE = (limit: number) => userLimitText(limit);

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function nextUtcMidnight(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return d.toISOString();
}

/**
 * Takes one unit of `subject`'s daily count if it is under `limit`, in one atomic statement
 * (`INSERT … ON CONFLICT DO UPDATE … WHERE count < limit RETURNING`): no subject ever gets more than
 * its limit under any concurrency or number of app instances. False when the limit is reached.
 */
export async function takeDailyUnit(
  db: AppDb,
  subject: string,
  day: string,
  limit: number,
): Promise<boolean> {
  if (limit <= 0) return false; // the INSERT branch would bypass the WHERE clause
  const rows = await db.execute<{ count: number }>(sql`
    insert into report_usage as u (subject, day, count) values (${subject}, ${day}, 1)
    on conflict (subject, day) do update set count = u.count + 1 where u.count < ${limit}
    returning u.count`);
  // Both drivers answer with `{ rows }`; no row means the WHERE refused the increment.
  return rowsOf(rows).length > 0;
}

/** Gives a unit taken by takeDailyUnit back (never below zero). */
export async function giveBackDailyUnit(db: AppDb, subject: string, day: string): Promise<void> {
  await db
    .update(reportUsage)
    .set({ count: sql`${reportUsage.count} - 1` })
    .where(and(eq(reportUsage.subject, subject), eq(reportUsage.day, day), gt(reportUsage.count, 0)));
}

/**
 * Daily report quotas. The check-and-count is one atomic statement
 * (`INSERT … ON CONFLICT DO UPDATE … WHERE count < limit RETURNING`), so no identity ever gets more
 * than its limit under any concurrency or number of app instances. Charge first, refund on failure.
 */
export function createQuotaService(deps: { db: AppDb; limits: QuotaLimits; now: () => Date }) {
  const { db } = deps;

  const take = (subject: string, day: string, limit: number) => takeDailyUnit(db, subject, day, limit);
  const giveBack = (subject: string, day: string) => giveBackDailyUnit(db, subject, day);

  function subjectOf(identity: QuotaIdentity): { subject: string; limit: number } {
    return identity.kind === "user"
      ? { subject: `user:${identity.userId}`, limit: deps.limits.user }
      : { subject: `visitor:${identity.visitorId}`, limit: deps.limits.anonymous };
  }

  return {
    /** Consumes one report or throws QuotaExceededError (429 REPORT_LIMIT_EXCEEDED). */
    async consume(identity: QuotaIdentity): Promise<QuotaCharge> {
      const day = utcDay(deps.now());
      const { subject, limit } = subjectOf(identity);
      const taken: string[] = [];
      // The address first: once it is used up, a cookieless client (a new visitor id on every
      // request) is refused without leaving a usage row behind for each try.
      if (identity.kind === "anonymous") {
        const ipSubject = `ip:${identity.ipKey}`;
        if (!(await take(ipSubject, day, deps.limits.anonymousPerIp)))
          throw new QuotaExceededError(
            ANON_IP_LIMIT_MESSAGE(deps.limits.anonymousPerIp, deps.limits.user),
            true,
          );
        taken.push(ipSubject);
      }
      if (!(await take(subject, day, limit))) {
        for (const s of taken) await giveBack(s, day);
        throw identity.kind === "user"
          ? new QuotaExceededError(USER_LIMIT_MESSAGE(limit), false)
          : new QuotaExceededError(ANON_LIMIT_MESSAGE(deps.limits.user), true);
      }
      taken.push(subject);
      let refunded = false;
      return {
        async refund() {
          if (refunded) return;
          refunded = true;
          for (const s of taken) await giveBack(s, day);
        },
      };
    },

    /** Deletes usage rows of days before `keepDays` ago (housekeeping): only today's count matters. */
    async purgeOldUsage(keepDays = 2): Promise<number> {
      const oldest = utcDay(new Date(deps.now().getTime() - keepDays * 24 * 3600 * 1000));
      const res = await db
        .delete(reportUsage)
        .where(lt(reportUsage.day, oldest))
        .returning({ subject: reportUsage.subject });
      return res.length;
    },

    async status(identity: QuotaIdentity): Promise<QuotaStatus> {
      const now = deps.now();
      const { subject, limit } = subjectOf(identity);
      const rows = await db
        .select({ count: reportUsage.count })
        .from(reportUsage)
        .where(and(eq(reportUsage.subject, subject), eq(reportUsage.day, utcDay(now))))
        .limit(1);
      const count = rows[0]?.count ?? 0;
      return { count, limit, remaining: Math.max(0, limit - count), resetsAt: nextUtcMidnight(now) };
    },
  };
}

export type QuotaService = ReturnType<typeof createQuotaService>;
