/**
 * "Find more on {platform}" (issue #35, docs/decisions/033-growing-the-index.md): searches the
 * platform through a configured source for the discovery or finder criteria and adds the accounts it
 * finds to the index as real rows with profile figures only (origin "search"). The request is checked
 * and charged synchronously (source, search budget, the user's report unit), then a background job
 * runs it (BullMQ with REDIS_URL, in process without) and writes its progress to
 * discovery_expand_jobs, which any instance reads.
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import { canonicalHandle } from "#core/handles";
import type { User } from "#core/schemas/auth";
import type { ExpandJob, ExpandRequest, ExpandSources } from "#core/schemas/expand";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { AppDb } from "../../db/database";
import { accounts, discoveryExpandJobs } from "../../db/schema";
import { AppError, NotFoundError, RateLimitedError, ValidationError } from "../../errors";
import type { QuotaService } from "../../quota/quota-service";
import type { ExpandCriteria, SearchSource } from "./search-source";

/** 409: nothing configured can search this platform; the message names what to configure. */
export class NoSearchSourceError extends AppError {
  readonly code = "NO_SEARCH_SOURCE";
  override name = "NoSearchSourceError";
}

export const DEFAULT_EXPAND_LIMIT = 50;

/** What to configure so a platform can be searched. */
const NO_SOURCE: Record<Platform, string> = {
  youtube:
    "No source can search YouTube on this server: set YOUTUBE_API_KEY (a YouTube Data API v3 key), or keep youtube (or youtube-innertube, keyless) in COLLECTORS.",
  instagram:
    "No source can search Instagram on this server: set APIFY_TOKEN (Apify's Instagram search actors) and keep instagram (or instagram-apify) in COLLECTORS.",
  tiktok:
    "No source can search TikTok on this server: set APIFY_TOKEN (Apify's TikTok search actor) and keep tiktok (or tiktok-apify) in COLLECTORS.",
};

export interface ExpandServiceDeps {
  db: AppDb;
  quota: Pick<QuotaService, "consume">;
  now: () => Date;
  /** The sources that can search, best first per platform (e.g. the YouTube API before keyless). */
  sources: readonly SearchSource[];
}

export interface ExpandService {
  /** Checks, charges and queues an expansion; its job id. */
  start(request: ExpandRequest, user: User): Promise<{ jobId: string }>;
  /** Runs a queued expansion (the background job). */
  run(jobId: string, signal?: AbortSignal): Promise<ExpandJob>;
  /** The expansion's progress, for the user who started it (or an admin). */
  get(jobId: string, user: User): Promise<ExpandJob>;
  /** What can search the platform, first the one a search uses, with what it may cost. */
  sources(platform: Platform): Promise<ExpandSources>;
  /** Sets how expansions are queued (the job system is built after the services). */
  setQueue(enqueue: (jobId: string, platform: Platform) => Promise<void>): void;
}

type JobRow = typeof discoveryExpandJobs.$inferSelect;

function viewOf(row: JobRow): ExpandJob {
  return {
    jobId: row.id,
    platform: row.platform as Platform,
    state: row.state,
    found: row.found,
    added: row.added,
    alreadyKnown: row.alreadyKnown,
    spent: row.spent,
    message: row.message,
  };
}

/** The search text: the query, else the industry's name. */
export function searchText(request: ExpandRequest): string | null {
  const q = request.query?.trim();
  if (q) return q;
  if (request.industry && request.industry !== "any") return request.industry;
  return null;
}

export function createExpandService(deps: ExpandServiceDeps): ExpandService {
  const { db, now } = deps;
  let enqueue: ((jobId: string, platform: Platform) => Promise<void>) | null = null;
  const sourcesOf = (platform: Platform) => deps.sources.filter((s) => s.platform === platform);

  async function update(id: string, values: Partial<JobRow>): Promise<void> {
    await db
      .update(discoveryExpandJobs)
      .set({ ...values, updatedAt: now() })
      .where(eq(discoveryExpandJobs.id, id));
  }

  async function load(id: string): Promise<JobRow | undefined> {
    const [row] = await db.select().from(discoveryExpandJobs).where(eq(discoveryExpandJobs.id, id)).limit(1);
    return row;
  }

  /** Adds the profiles as search-found rows in one statement; returns how many were new. */
  async function addProfiles(snapshots: ProfileSnapshot[], at: Date): Promise<number> {
    if (snapshots.length === 0) return 0;
    const rows = snapshots.map((s) => {
      const index = indexFieldsForSnapshot(s, at);
      return {
        platform: s.platform,
        username: canonicalHandle(s.platform, s.username),
        name: s.name.slice(0, 500),
        bio: s.bio,
        verified: s.verified === true,
        isPrivate: false,
        category: s.category ?? null,
        avatarUrl: s.avatarUrl ?? null,
        externalUrl: s.externalUrl ?? null,
        followers: Math.round(s.followers),
        postsCount: s.postsCount ?? null,
        industry: index.industry,
        // Profile figures only: no posts were read, so engagement is unknown (never estimated).
        engagementRate: null,
        grade: null,
        countries: index.countries,
        marketBasis: index.marketBasis ?? [],
        locatedCountries: index.locatedCountries ?? [],
        source: s.source,
        isSample: false,
        origin: "search" as const,
        lastFetchedAt: new Date(s.fetchedAt),
        lastAnalyzedAt: null,
      };
    });
    // One channel may come twice (search pages overlap): the first stands.
    const unique = [...new Map(rows.map((r) => [r.username, r])).values()];
    const inserted = await db
      .insert(accounts)
      .values(unique)
      .onConflictDoNothing({ target: [accounts.platform, accounts.username] })
      .returning({ id: accounts.id });
    return inserted.length;
  }

  return {
    setQueue(fn) {
      enqueue = fn;
    },

    async start(request, user) {
      const q = searchText(request);
      if (!q) throw new ValidationError("query: give a query or an industry to search for", "query");
      const platform = request.platform;
      const available = sourcesOf(platform);
      if (available.length === 0) throw new NoSearchSourceError(NO_SOURCE[platform]);
      const source = request.source ? available.find((s) => s.name === request.source) : available[0];
      if (!source)
        throw new ValidationError(
          `source: ${request.source} cannot search ${PLATFORM_LABELS[platform]} on this server; ${available.map((s) => s.name).join(", ")} can`,
          "source",
        );
      if (!enqueue) throw new Error("expansions have no queue (setQueue was not called)");
      const criteria: ExpandCriteria = { ...request, q };
      // The source's budget or pace first (no call is made past it), then the user's report unit.
      const at = now();
      const admitted = await source.admit(criteria, at);
      if (!admitted.ok) throw new RateLimitedError(admitted.message, admitted.retryAfterSec);
      try {
        if (!user.isAdmin) await deps.quota.consume({ kind: "user", userId: user.id });
      } catch (err) {
        await admitted.undo?.();
        throw err;
      }
      const id = crypto.randomUUID();
      await db.insert(discoveryExpandJobs).values({
        id,
        userId: user.id,
        platform,
        criteria: { ...criteria, source: source.name },
        state: "queued",
        message: `Waiting to search ${PLATFORM_LABELS[platform]} for “${q}”…`,
        createdAt: at,
        updatedAt: at,
      });
      try {
        await enqueue(id, platform);
      } catch (err) {
        await update(id, { state: "failed", message: "The search could not be queued; try again." });
        throw err;
      }
      return { jobId: id };
    },

    async sources(platform) {
      const list = sourcesOf(platform);
      return {
        platform,
        sources: await Promise.all(
          list.map(async (s) => ({
            name: s.name,
            costNote: s.costNote(),
            billed: s.billed,
            ...(s.budget ? { budget: await s.budget() } : {}),
          })),
        ),
        message: list.length > 0 ? null : NO_SOURCE[platform],
      };
    },

    async run(jobId, signal) {
      const row = await load(jobId);
      if (!row) throw new NotFoundError(`No expansion ${jobId} was found`);
      if (row.state !== "queued") return viewOf(row);
      const criteria = row.criteria as ExpandCriteria & { source?: string };
      const platform = row.platform as Platform;
      const label = PLATFORM_LABELS[platform];
      const source = sourcesOf(platform).find((s) => s.name === (criteria.source ?? "youtube-api"));
      if (!source) {
        await update(jobId, {
          state: "failed",
          message: `${criteria.source ?? "The source"} can no longer search ${label} on this server.`,
        });
        return viewOf((await load(jobId))!);
      }
      const spent: Record<string, number> = {};
      try {
        await update(jobId, { state: "running", message: `Searching ${label} for “${criteria.q}”…` });
        const snapshots = await source.search(
          { ...criteria, limit: criteria.limit ?? DEFAULT_EXPAND_LIMIT },
          {
            signal,
            spent,
            progress: (p) =>
              update(jobId, {
                ...(p.found !== undefined ? { found: p.found } : {}),
                spent,
                message: p.message,
              }),
          },
        );
        // Only now, with every profile read, does anything enter the index (no half-read rows).
        const added = await addProfiles(snapshots, now());
        const known = snapshots.length - added;
        const noun = source.noun === "channels" ? ["channel", "channels"] : ["account", "accounts"];
        await update(jobId, {
          state: "done",
          found: snapshots.length,
          added,
          alreadyKnown: known,
          spent,
          message: `Added ${added} new ${label} ${added === 1 ? noun[0] : noun[1]}; ${known} ${known === 1 ? "was" : "were"} already in the index.`,
        });
      } catch (err) {
        await update(jobId, {
          state: "failed",
          spent,
          message: err instanceof Error && err.message ? err.message : `The ${label} search failed.`,
        });
      }
      return viewOf((await load(jobId))!);
    },

    async get(jobId, user) {
      const [row] = await db
        .select()
        .from(discoveryExpandJobs)
        .where(
          user.isAdmin
            ? eq(discoveryExpandJobs.id, jobId)
            : and(eq(discoveryExpandJobs.id, jobId), eq(discoveryExpandJobs.userId, user.id)),
        )
        .limit(1);
      if (!row) throw new NotFoundError(`No expansion ${jobId.slice(0, 60)} was found`);
      return viewOf(row);
    },
  };
}

/** YouTube's developer policies: API data not refreshed within 30 days is refreshed or deleted. */
export const YOUTUBE_API_DATA_MAX_DAYS = 30;

/**
 * Deletes the profile-only rows a YouTube search added whose figures are older than 30 days (no
 * report was opened since, which would have refreshed them), except watched ones (their weekly
 * refresh makes a report). List items name creators by handle, so they stay. Returns how many.
 */
export async function purgeStaleYouTubeProfiles(db: AppDb, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - YOUTUBE_API_DATA_MAX_DAYS * 86_400_000);
  const res = (await db.execute(sql`
    with d as (
      delete from accounts a
      where a.platform = 'youtube' and a.origin = 'search' and a.source = 'youtube-api'
        and a.last_analyzed_at is null and a.last_fetched_at < ${cutoff.toISOString()}::timestamptz
        and not exists (select 1 from watchlist_accounts w where w.account_id = a.id)
      returning 1)
    select count(*)::int as n from d`)) as unknown as { rows: { n: number }[] };
  return Number(res.rows[0]?.n ?? 0);
}
