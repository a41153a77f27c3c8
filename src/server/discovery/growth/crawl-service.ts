/**
 * An admin's crawl outward from seed accounts (issue #35 item 2): breadth first, to `depth` levels,
 * at most `maxAccounts` accounts read. Each account is read through the platform's configured
 * sources (a background read, within half of each source's pace); what it points at on the same
 * platform is the next level, what it points at elsewhere joins the growth queue. New accounts are
 * added with profile figures only (origin "growth"); known ones are counted, never overwritten.
 * Crawls are bounded by maxAccounts, not by INDEX_GROWTH_PER_DAY (docs/decisions/042).
 */
import crypto from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { User } from "#core/schemas/auth";
import type { CrawlJob, CrawlRequest } from "#core/schemas/index-growth";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { CollectorChain } from "../../collectors/chain";
import type { AppDb } from "../../db/database";
import { crawlJobs } from "../../db/schema";
import { NotFoundError, RateLimitedError, ValidationError } from "../../errors";
import type { GrowthQueue } from "./growth-queue";
import { addGrowthRow, knownAccountId, saveIdentities } from "./index-rows";
import { pointersOf, validHandle } from "./pointers";

export interface CrawlServiceDeps {
  db: AppDb;
  chain: Pick<CollectorChain, "fetchSnapshot">;
  growth: Pick<GrowthQueue, "queue">;
  now: () => Date;
  /** How long to wait when a source's pace holds a read back (tests shorten it). */
  pacedWaitMs?: number;
}

export interface CrawlService {
  start(request: CrawlRequest, user: User): Promise<{ jobId: string }>;
  run(jobId: string, signal?: AbortSignal): Promise<CrawlJob>;
  get(jobId: string): Promise<CrawlJob>;
  recent(limit: number): Promise<CrawlJob[]>;
  setQueue(enqueue: (jobId: string) => Promise<void>): void;
}

type Row = typeof crawlJobs.$inferSelect;

function viewOf(row: Row): CrawlJob {
  return {
    jobId: row.id,
    platform: row.platform as Platform,
    seeds: row.seeds,
    depth: row.depth,
    maxAccounts: row.maxAccounts,
    state: row.state,
    depthReached: row.depthReached,
    found: row.found,
    added: row.added,
    alreadyKnown: row.alreadyKnown,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Paced reads are retried this many times before the crawl stops with what it has. */
const PACED_RETRIES = 20;

export function createCrawlService(deps: CrawlServiceDeps): CrawlService {
  const { db, now } = deps;
  let enqueue: ((jobId: string) => Promise<void>) | null = null;

  async function load(id: string): Promise<Row | undefined> {
    const [row] = await db.select().from(crawlJobs).where(eq(crawlJobs.id, id)).limit(1);
    return row;
  }
  async function update(id: string, values: Partial<Row>) {
    await db
      .update(crawlJobs)
      .set({ ...values, updatedAt: now() })
      .where(eq(crawlJobs.id, id));
  }

  /** A background read, waiting out this server's pace a few times. */
  async function read(platform: Platform, username: string, signal?: AbortSignal): Promise<ProfileSnapshot> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await deps.chain.fetchSnapshot(platform, username, { signal, background: true });
      } catch (err) {
        if (!(err instanceof RateLimitedError) || attempt >= PACED_RETRIES) throw err;
        const seconds = Number(err.headers["retry-after"]);
        const wait = deps.pacedWaitMs ?? (Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 10_000);
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 60_000)));
        signal?.throwIfAborted();
      }
    }
  }

  return {
    setQueue(fn) {
      enqueue = fn;
    },

    async start(request, user) {
      if (!enqueue) throw new Error("crawls have no queue (setQueue was not called)");
      const seeds: string[] = [];
      for (const s of request.seeds) {
        const h = validHandle(request.platform, s);
        if (!h)
          throw new ValidationError(
            `seeds: "${s.slice(0, 60)}" is not a ${PLATFORM_LABELS[request.platform]} username`,
            "seeds",
          );
        if (!seeds.includes(h)) seeds.push(h);
      }
      const id = crypto.randomUUID();
      const at = now();
      await db.insert(crawlJobs).values({
        id,
        userId: user.id,
        platform: request.platform,
        seeds,
        depth: request.depth,
        maxAccounts: request.maxAccounts,
        state: "queued",
        message: `Waiting to crawl ${PLATFORM_LABELS[request.platform]} from ${seeds.map((s) => `@${s}`).join(", ")}…`,
        createdAt: at,
        updatedAt: at,
      });
      try {
        await enqueue(id);
      } catch (err) {
        await update(id, { state: "failed", message: "The crawl could not be queued; try again." });
        throw err;
      }
      return { jobId: id };
    },

    async run(jobId, signal) {
      const row = await load(jobId);
      if (!row) throw new NotFoundError(`No crawl ${jobId} was found`);
      if (row.state !== "queued") return viewOf(row);
      const platform = row.platform as Platform;
      const label = PLATFORM_LABELS[platform];
      const seen = new Set<string>(row.seeds);
      let level: string[] = [...row.seeds];
      const stats = { depthReached: 0, found: row.seeds.length, added: 0, alreadyKnown: 0 };
      let readCount = 0;
      let failed = 0;
      try {
        await update(jobId, {
          state: "running",
          found: stats.found,
          message: `Reading the seeds on ${label}…`,
        });
        for (let depth = 0; depth <= row.depth && level.length > 0; depth++) {
          const next: string[] = [];
          for (const username of level) {
            if (readCount >= row.maxAccounts) break;
            signal?.throwIfAborted();
            readCount++;
            let snapshot: ProfileSnapshot;
            try {
              snapshot = await read(platform, username, signal);
            } catch (err) {
              if (signal?.aborted) throw err;
              failed++;
              continue;
            }
            const knownId = await knownAccountId(db, platform, snapshot.username);
            let accountId = knownId;
            if (knownId !== null || snapshot.source === "sample") stats.alreadyKnown++;
            else {
              accountId = await addGrowthRow(db, snapshot, now());
              if (accountId === null) stats.alreadyKnown++;
              else stats.added++;
            }
            stats.depthReached = depth;
            const { pointers, identities } = pointersOf(snapshot);
            if (accountId !== null && knownId === null)
              await saveIdentities(db, accountId, identities, now());
            if (depth < row.depth) {
              for (const p of pointers)
                if (p.platform === platform && !seen.has(p.username)) {
                  seen.add(p.username);
                  next.push(p.username);
                }
              const elsewhere = pointers.filter((p) => p.platform !== platform);
              if (accountId !== null && elsewhere.length > 0) await deps.growth.queue(accountId, elsewhere);
            }
            stats.found = seen.size;
            await update(jobId, {
              ...stats,
              message: `Level ${depth} of ${row.depth}: read ${readCount} of at most ${row.maxAccounts} accounts; ${stats.added} added.`,
            });
          }
          level = next;
        }
        const stoppedAtMax = readCount >= row.maxAccounts && level.length > 0;
        await update(jobId, {
          ...stats,
          state: "done",
          message:
            `Crawled ${label} to level ${stats.depthReached}: ${stats.added} added, ${stats.alreadyKnown} already in the index` +
            (failed > 0 ? `, ${failed} could not be read` : "") +
            (stoppedAtMax ? `; stopped at maxAccounts (${row.maxAccounts}).` : "."),
        });
      } catch (err) {
        await update(jobId, {
          ...stats,
          state: "failed",
          message: err instanceof Error && err.message ? err.message : "The crawl failed.",
        });
      }
      return viewOf((await load(jobId))!);
    },

    async get(jobId) {
      const row = await load(jobId);
      if (!row) throw new NotFoundError(`No crawl ${jobId.slice(0, 60)} was found`);
      return viewOf(row);
    },

    async recent(limit) {
      const rows = await db.select().from(crawlJobs).orderBy(desc(crawlJobs.createdAt)).limit(limit);
      return rows.map(viewOf);
    },
  };
}
