/**
 * The index rows the growth job and admin crawls write (issue #35): profile figures only (followers,
 * country, topics, bio; no engagement is estimated), origin "growth"; the candidate queue; and the
 * identities a creator states. Known accounts are never overwritten by a growth read: only a
 * profile-only row's own refresh (freshness) updates its figures.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import { canonicalHandle } from "#core/handles";
import type { Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { AppDb } from "../../db/database";
import { rowsOf } from "../../db/rows";
import { accountIdentities, accounts, growthCandidateNamers, growthCandidates } from "../../db/schema";
import type { Pointer, StatedIdentity } from "./pointers";

/** The index columns of a profile read (no posts were analysed: engagement and grade stay unknown). */
function profileColumns(s: ProfileSnapshot, at: Date) {
  const index = indexFieldsForSnapshot(s, at);
  return {
    name: s.name.slice(0, 500),
    bio: s.bio,
    verified: s.verified === true,
    isPrivate: s.isPrivate === true,
    category: s.category ?? null,
    avatarUrl: s.avatarUrl ?? null,
    externalUrl: s.externalUrl ?? null,
    followers: Math.round(s.followers),
    postsCount: s.postsCount ?? null,
    industry: index.industry,
    countries: index.countries,
    marketBasis: index.marketBasis ?? [],
    locatedCountries: index.locatedCountries ?? [],
    source: s.source,
    lastFetchedAt: new Date(s.fetchedAt),
  };
}

/** Adds a read profile as a new growth row; its id, or null when the index already held it. */
export async function addGrowthRow(db: AppDb, s: ProfileSnapshot, at: Date): Promise<number | null> {
  const [row] = await db
    .insert(accounts)
    .values({
      platform: s.platform,
      username: canonicalHandle(s.platform, s.username),
      ...profileColumns(s, at),
      engagementRate: null,
      grade: null,
      isSample: false,
      origin: "growth",
      lastAnalyzedAt: null,
    })
    .onConflictDoNothing({ target: [accounts.platform, accounts.username] })
    .returning({ id: accounts.id });
  return row?.id ?? null;
}

/** Refreshes a profile-only row's figures (freshness); false when it has a full report meanwhile. */
export async function refreshProfileRow(
  db: AppDb,
  id: number,
  s: ProfileSnapshot,
  at: Date,
): Promise<boolean> {
  const done = await db
    .update(accounts)
    .set(profileColumns(s, at))
    .where(and(eq(accounts.id, id), sql`${accounts.lastAnalyzedAt} is null`))
    .returning({ id: accounts.id });
  return done.length > 0;
}

/** The id of an account the index holds, or null. */
export async function knownAccountId(
  db: AppDb,
  platform: Platform,
  username: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.platform, platform), eq(accounts.username, canonicalHandle(platform, username))))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Queues what a report points at: new candidates join, and a candidate named by an account for the
 * first time counts one more naming report. Returns how many pointers were new to the queue.
 */
export async function queueCandidates(
  db: AppDb,
  namedBy: number,
  pointers: readonly Pointer[],
  now: Date,
): Promise<number> {
  if (pointers.length === 0) return 0;
  const values = pointers.map((p) => ({ platform: p.platform, username: p.username }));
  // One transaction: a candidate is never seen without its naming count.
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(growthCandidates)
      .values(values.map((v) => ({ ...v, firstSeen: now, lastNamedAt: now, updatedAt: now })))
      .onConflictDoNothing()
      .returning({ platform: growthCandidates.platform });
    const named = await tx
      .insert(growthCandidateNamers)
      .values(values.map((v) => ({ ...v, accountId: namedBy })))
      .onConflictDoNothing()
      .returning({ platform: growthCandidateNamers.platform, username: growthCandidateNamers.username });
    for (const platform of new Set(named.map((n) => n.platform))) {
      const usernames = named.filter((n) => n.platform === platform).map((n) => n.username);
      await tx
        .update(growthCandidates)
        .set({ timesNamed: sql`${growthCandidates.timesNamed} + 1`, lastNamedAt: now })
        .where(and(eq(growthCandidates.platform, platform), inArray(growthCandidates.username, usernames)));
    }
    return fresh.length;
  });
}

type CandidateRow = typeof growthCandidates.$inferSelect;

/** The next waiting candidate: named by the most reports, then the longest waiting. */
export async function nextCandidate(db: AppDb, platforms: readonly Platform[]): Promise<CandidateRow | null> {
  if (platforms.length === 0) return null;
  const [row] = await db
    .select()
    .from(growthCandidates)
    .where(and(eq(growthCandidates.state, "queued"), inArray(growthCandidates.platform, [...platforms])))
    .orderBy(sql`${growthCandidates.timesNamed} desc`, growthCandidates.firstSeen)
    .limit(1);
  return row ?? null;
}

export async function markCandidate(
  db: AppDb,
  c: Pick<CandidateRow, "platform" | "username">,
  values: Partial<Pick<CandidateRow, "state" | "attempts" | "lastError">>,
  now: Date,
): Promise<void> {
  await db
    .update(growthCandidates)
    .set({ ...values, updatedAt: now })
    .where(and(eq(growthCandidates.platform, c.platform), eq(growthCandidates.username, c.username)));
}

/** Replaces the identities an account states (a new report states them afresh). */
export async function saveIdentities(
  db: AppDb,
  accountId: number,
  identities: readonly StatedIdentity[],
  now: Date,
): Promise<void> {
  await db.delete(accountIdentities).where(eq(accountIdentities.accountId, accountId));
  if (identities.length === 0) return;
  await db
    .insert(accountIdentities)
    .values(identities.map((i) => ({ accountId, ...i, seenAt: now })))
    .onConflictDoNothing();
}

/** Profile-only rows due a re-read: weekly when on a list or watchlist, monthly otherwise. */
export async function dueProfileRows(
  db: AppDb,
  now: Date,
  limit: number,
): Promise<{ id: number; platform: Platform; username: string }[]> {
  const week = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const month = new Date(now.getTime() - PROFILE_REFRESH_DAYS * 86_400_000).toISOString();
  const res = await db.execute(sql`
    select a.id::int as id, a.platform, a.username from accounts a
    where a.origin in ('search', 'growth') and a.is_sample = false and a.last_analyzed_at is null
      and (a.last_fetched_at < ${month}::timestamptz
        or (a.last_fetched_at < ${week}::timestamptz and (
          exists (select 1 from watchlist_accounts w where w.account_id = a.id)
          or exists (select 1 from creator_list_items l where l.platform = a.platform and l.username = a.username))))
    order by a.last_fetched_at
    limit ${limit}`);
  return rowsOf<{ id: number; platform: Platform; username: string }>(res);
}

/**
 * Profile rows are re-read monthly: 28 days, so a YouTube API row is refreshed before its 30 days
 * (YouTube's developer policies) run out and the housekeeping removes it.
 */
const PROFILE_REFRESH_DAYS = 28;

/**
 * YouTube's developer policies: API data not refreshed within 30 days is refreshed or deleted. The
 * growth job re-reads profile rows at 28 days; a growth row of YouTube's API it could not refresh
 * (budget, quota) is deleted after 30, unless watched (the watch refresh makes its report).
 * Search-found rows have the same rule in expand-service.ts. Returns how many were deleted.
 */
export async function purgeStaleGrowthYouTubeRows(db: AppDb, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - 30 * 86_400_000);
  const res = await db.execute(sql`
    with d as (
      delete from accounts a
      where a.platform = 'youtube' and a.origin = 'growth' and a.source = 'youtube-api'
        and a.last_analyzed_at is null and a.last_fetched_at < ${cutoff.toISOString()}::timestamptz
        and not exists (select 1 from watchlist_accounts w where w.account_id = a.id)
      returning 1)
    select count(*)::int as n from d`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}
