/**
 * Settings → Index (issue #35 item 7): accounts by platform and origin, how many have full reports,
 * new rows per day over the last 30 days, each budget's use today, the growth queue and the last
 * crawls.
 */
import { sql } from "drizzle-orm";
import type { AccountOrigin } from "#core/schemas/account-origin";
import type { IndexPanel } from "#core/schemas/index-growth";
import type { Platform } from "#core/schemas/platform";
import type { AppDb } from "../../db/database";
import { rowsOf } from "../../db/rows";
import type { SearchBudget } from "../expand/search-budget";
import type { CrawlService } from "./crawl-service";

const DAY_MS = 86_400_000;

export interface IndexPanelDeps {
  db: AppDb;
  now: () => Date;
  /** Every budget the sources expose, with a label for people ("YouTube search (search.list calls)"). */
  budgets: () => { read: () => Promise<{ name: string; limit: number; used: number }>; label: string }[];
  /** The configured INDEX_GROWTH_PER_DAY budget; null when growth is off (shown as 0 of 0). */
  growthBudget: SearchBudget | null;
  crawls: Pick<CrawlService, "recent">;
}

export async function indexPanel(deps: IndexPanelDeps): Promise<IndexPanel> {
  const { db } = deps;
  const now = deps.now();
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 29 * DAY_MS);
  const [byOrigin, perDay, queue] = await Promise.all([
    db.execute(sql`
      select platform, origin, count(*)::int as count,
        count(*) filter (where last_analyzed_at is not null and not is_sample)::int as full_reports
      from accounts group by platform, origin order by platform, origin`),
    db.execute(sql`
      select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as day, count(*)::int as added
      from accounts where created_at >= ${since.toISOString()}::timestamptz and not is_sample
      group by 1`),
    db.execute(sql`select state, count(*)::int as count from growth_candidates group by state`),
  ]);
  const added = new Map(rowsOf<{ day: string; added: number }>(perDay).map((r) => [r.day, r.added]));
  const growthPerDay = Array.from({ length: 30 }, (_, i) => {
    const day = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { day, added: added.get(day) ?? 0 };
  });
  const states = new Map(rowsOf<{ state: string; count: number }>(queue).map((r) => [r.state, r.count]));
  const budgets = await Promise.all(
    deps.budgets().map(async ({ read, label }) => ({ ...(await read()), label })),
  );
  if (!deps.growthBudget)
    budgets.push({
      name: "index-growth",
      label: "Index growth (profiles read a day; off)",
      used: 0,
      limit: 0,
    });
  return {
    accounts: rowsOf<{ platform: Platform; origin: AccountOrigin; count: number; full_reports: number }>(
      byOrigin,
    ).map((r) => ({ platform: r.platform, origin: r.origin, count: r.count, fullReports: r.full_reports })),
    growthPerDay,
    budgets,
    queue: {
      waiting: states.get("queued") ?? 0,
      read: states.get("read") ?? 0,
      known: states.get("known") ?? 0,
      failed: states.get("failed") ?? 0,
    },
    crawls: await deps.crawls.recent(10),
  };
}
