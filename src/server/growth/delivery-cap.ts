import { sql } from "drizzle-orm";
import type { AppDb } from "../db/database";
import { rowsOf } from "../db/rows";
import { notifications } from "../db/schema";

/**
 * The per-user daily cap on alert deliveries, every channel together (ALERT_DELIVERIES_PER_DAY,
 * issue #33 item 1). Each attempt to send takes one unit of the user's UTC day in one atomic
 * statement (several instances share the count); past the cap a delivery is held until the next
 * UTC day, uncounted, and the user gets one notification a day saying so.
 */
export function createDeliveryCap(deps: { db: AppDb; perDay: number }) {
  const { db, perDay } = deps;
  return {
    perDay,
    /** Takes one delivery of the user's day; false when the day's cap is reached. */
    async take(userId: string, now: Date): Promise<boolean> {
      const day = now.toISOString().slice(0, 10);
      const res = await db.execute(sql`
        insert into alert_delivery_counts (user_id, day, count) values (${userId}, ${day}::date, 1)
        on conflict (user_id, day) do update set count = alert_delivery_counts.count + 1
        where alert_delivery_counts.count < ${perDay}
        returning count`);
      return rowsOf(res).length > 0;
    },
    /** When held deliveries may go: the start of the next UTC day. */
    nextDay(now: Date): Date {
      const d = new Date(now);
      d.setUTCHours(24, 0, 0, 0);
      return d;
    },
    /** Tells the user (once per UTC day) that deliveries are held. */
    async notifyHeld(userId: string, now: Date): Promise<void> {
      const day = now.toISOString().slice(0, 10);
      await db
        .insert(notifications)
        .values({
          userId,
          dedupeKey: `delivery-cap:${userId}:${day}`,
          kind: "delivery_cap",
          title: `Alert deliveries held until tomorrow: today's limit of ${perDay} is reached`,
          body: `Your alerts have been sent ${perDay} times today (webhooks and e-mails together), the most this server sends for one user in a day. The rest are held and go out after 00:00 UTC; they show as pending in each watchlist's delivery log.`,
          // Not about one account.
          platform: "",
          username: "",
          createdAt: now,
        })
        .onConflictDoNothing({ target: notifications.dedupeKey });
    },
  };
}

export type DeliveryCap = ReturnType<typeof createDeliveryCap>;
