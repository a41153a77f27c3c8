/**
 * The Instagram Graph API's hashtag budget (issue #35): one business account may query at most 30
 * distinct hashtags in a rolling 7 days; a hashtag already queried in the window may be queried again
 * at no cost. Kept in the database (every instance shares it), one row per hashtag from when it
 * started counting. The check and the insert hold a transaction-scoped advisory lock on the business
 * account, so two instances cannot both take the 30th hashtag.
 */
import { and, count, eq, gt, lte, min, sql } from "drizzle-orm";
import type { AppDb } from "../../db/database";
import { instagramHashtagSearches } from "../../db/schema";

export const HASHTAG_WINDOW_DAYS = 7;
export const HASHTAGS_PER_WINDOW = 30;
const WINDOW_MS = HASHTAG_WINDOW_DAYS * 86_400_000;

export type HashtagTake =
  /** `counted`: this search started the hashtag's 7 days (give it back if the call is never made). */
  { ok: true; counted: boolean } | { ok: false; resetsAt: Date };

export interface HashtagBudget {
  readonly limit: number;
  take(hashtag: string): Promise<HashtagTake>;
  /** Forgets a hashtag this server counted but never queried. */
  giveBack(hashtag: string): Promise<void>;
  /** Distinct hashtags counted in the last 7 days. */
  used(): Promise<number>;
}

export function createHashtagBudget(opts: {
  db: AppDb;
  businessAccountId: string;
  now: () => Date;
  limit?: number;
}): HashtagBudget {
  const { db, businessAccountId, now } = opts;
  const limit = opts.limit ?? HASHTAGS_PER_WINDOW;
  const t = instagramHashtagSearches;
  const mine = eq(t.businessAccountId, businessAccountId);
  const inWindow = (at: Date) => gt(t.firstSearchedAt, new Date(at.getTime() - WINDOW_MS));

  return {
    limit,
    async take(rawTag) {
      const hashtag = rawTag.toLowerCase();
      const at = now();
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ig-hashtags:${businessAccountId}`}))`);
        const [known] = await tx
          .select({ at: t.firstSearchedAt })
          .from(t)
          .where(and(mine, eq(t.hashtag, hashtag), inWindow(at)));
        if (known) return { ok: true, counted: false } as const;
        const [window] = await tx
          .select({ n: count(), oldest: min(t.firstSearchedAt) })
          .from(t)
          .where(and(mine, inWindow(at)));
        if ((window?.n ?? 0) >= limit) {
          const oldest = window?.oldest ? new Date(window.oldest) : at;
          return { ok: false, resetsAt: new Date(oldest.getTime() + WINDOW_MS) } as const;
        }
        // Hashtags whose 7 days are over no longer count: drop them (the table stays at most 30 rows).
        await tx.delete(t).where(and(mine, lte(t.firstSearchedAt, new Date(at.getTime() - WINDOW_MS))));
        await tx.insert(t).values({ businessAccountId, hashtag, firstSearchedAt: at });
        return { ok: true, counted: true } as const;
      });
    },
    async giveBack(rawTag) {
      await db.delete(t).where(and(mine, eq(t.hashtag, rawTag.toLowerCase())));
    },
    async used() {
      const [row] = await db
        .select({ n: count() })
        .from(t)
        .where(and(mine, inWindow(now())));
      return Number(row?.n ?? 0);
    },
  };
}
