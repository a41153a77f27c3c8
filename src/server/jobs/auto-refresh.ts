import { sql } from "drizzle-orm";
import type { AutoRefreshMode } from "#core/schemas/jobs";
import type { Platform } from "#core/schemas/platform";
import type { AppDb } from "../db/database";
import { rowsOf } from "../db/rows";

/**
 * The admin's auto-refresh setting, as rules (docs/decisions/010-scale-out-locks-and-jobs.md):
 * - never: nothing is refreshed in the background.
 * - viewing: a report older than a day is refreshed in the background when someone opens it.
 * - daily / weekly: a sweep every few minutes re-fetches every stored account whose newest report
 *   is older than a day / a week.
 * Only real accounts with a measured report take part: sample creators are generated, imported rows
 * have no report, and web-search estimates would only spend model tokens to guess again.
 */

export const DAY_MS = 86_400_000;
/** Under "viewing", a report opened when older than this is refreshed in the background. */
export const VIEW_STALE_MS = DAY_MS;

/** How old a report may get under a periodic mode; null for the modes without a sweep. */
export function refreshPeriodMs(mode: AutoRefreshMode): number | null {
  if (mode === "daily") return DAY_MS;
  if (mode === "weekly") return 7 * DAY_MS;
  return null;
}

/** Whether opening a report made at `createdAtMs` should refresh it in the background. */
export function shouldRefreshOnView(
  mode: AutoRefreshMode,
  report: { createdAtMs: number; isSample: boolean; source?: string },
  nowMs: number,
): boolean {
  if (mode !== "viewing" || report.isSample || report.source === "web-search") return false;
  return nowMs - report.createdAtMs >= VIEW_STALE_MS;
}

/**
 * The period a background refresh belongs to, so an account is attempted at most once per period
 * (a failing account is not retried every sweep): the UTC day for daily and viewing, the ISO week
 * (Monday-based, UTC) for weekly.
 */
export function periodBucket(mode: "daily" | "weekly" | "viewing", now: Date): string {
  const day = now.toISOString().slice(0, 10);
  if (mode !== "weekly") return day;
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = d.getUTCDay() || 7; // Monday 1 … Sunday 7
  d.setUTCDate(d.getUTCDate() + 4 - weekday); // the Thursday of this ISO week names its year
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

export interface DueAccount {
  platform: Platform;
  username: string;
  lastAnalyzedAt: Date;
}

/**
 * The accounts a periodic mode makes due at `now`, oldest report first, in pages (keyset on
 * last_analyzed_at, id — the accounts_last_analyzed_idx index), at most `limit` in all.
 * Yields nothing for "never" and "viewing".
 */
export async function* findDueAccounts(
  db: AppDb,
  opts: { mode: AutoRefreshMode; now: Date; pageSize?: number; limit?: number },
): AsyncGenerator<DueAccount[]> {
  const period = refreshPeriodMs(opts.mode);
  if (period === null) return;
  const cutoff = new Date(opts.now.getTime() - period);
  const pageSize = opts.pageSize ?? 500;
  let left = opts.limit ?? 100_000;
  // The cursor keeps PostgreSQL's own text of the timestamp (microseconds), never a rounded Date.
  let after: { at: string; id: number } | null = null;
  while (left > 0) {
    const take = Math.min(pageSize, left);
    const cursor: { at: string; id: number } | null = after;
    const res: unknown = await db.execute(sql`
      select id, platform, username, last_analyzed_at as "lastAnalyzedAt", last_analyzed_at::text as "cursorAt"
      from accounts
      where is_sample = false and source <> 'web-search' and last_analyzed_at is not null
        and last_analyzed_at <= ${cutoff.toISOString()}::timestamptz
        ${cursor ? sql`and (last_analyzed_at, id) > (${cursor.at}::timestamptz, ${cursor.id})` : sql``}
      order by last_analyzed_at, id
      limit ${take}`);
    type Row = {
      id: number | string;
      platform: string;
      username: string;
      lastAnalyzedAt: string | Date;
      cursorAt: string;
    };
    const rows = rowsOf<Row>(res);
    if (rows.length === 0) return;
    const page = rows.map((r) => ({
      platform: r.platform as Platform,
      username: r.username,
      lastAnalyzedAt: new Date(r.lastAnalyzedAt),
    }));
    yield page;
    left -= rows.length;
    const last: Row = rows[rows.length - 1]!;
    after = { at: last.cursorAt, id: Number(last.id) };
    if (rows.length < take) return;
  }
}
