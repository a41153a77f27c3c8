/**
 * The index grows around the creators its users care about (issue #35 item 2, docs/decisions/
 * 042-index-growth.md): every analysed report's pointers join the candidate queue; a background
 * job reads their profile figures through the platform's configured sources (a background read: half
 * of each source's pace stays for people) within a daily budget (INDEX_GROWTH_PER_DAY, shared
 * through Redis or the database), candidates named by more reports first. With what budget is left
 * it keeps profile rows fresh (item 5): weekly for creators on a list or watchlist, monthly else.
 */
import { PLATFORMS } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { CollectorChain } from "../../collectors/chain";
import type { AppDb } from "../../db/database";
import { AccountNotFoundError, AppError, RateLimitedError } from "../../errors";
import type { SearchBudget } from "../expand/search-budget";
import {
  addGrowthRow,
  dueProfileRows,
  knownAccountId,
  markCandidate,
  nextCandidate,
  queueCandidates,
  refreshProfileRow,
  saveIdentities,
} from "./index-rows";
import { type Pointer, pointersOf } from "./pointers";

/** Attempts before a candidate that keeps failing (not "not found") is given up. */
const MAX_ATTEMPTS = 3;

export interface GrowthQueueDeps {
  db: AppDb;
  chain: Pick<CollectorChain, "fetchSnapshot" | "collectors">;
  /** INDEX_GROWTH_PER_DAY; null when it is 0 (growth off). */
  budget: SearchBudget | null;
  now: () => Date;
  /** YouTube featured channels of a channel (channelSections), when the Data API is configured. */
  featuredChannels?: (channelId: string) => Promise<string[]>;
  logger?: { warn(obj: object, msg: string): void };
}

/** What one run of the growth job did. */
export interface DrainResult {
  read: number;
  known: number;
  failed: number;
  refreshed: number;
  /** Why it stopped: the queue is empty, the budget is spent, a source's pace, or growth is off. */
  stopped: "empty" | "budget" | "paced" | "off" | "aborted";
}

export interface GrowthQueue {
  readonly enabled: boolean;
  /** After a report was saved: its stated identities, and (growth on) its pointers join the queue. */
  noteReport(snapshot: ProfileSnapshot, accountId: number): Promise<void>;
  /** Queues pointers named by an account (the crawl's pointers to other platforms). */
  queue(namedBy: number, pointers: readonly Pointer[]): Promise<number>;
  /** Reads waiting candidates, then due profile rows, within pace and budget (the background job). */
  drain(signal?: AbortSignal): Promise<DrainResult>;
  /** Sets how a run of the job is asked for (the job system is built after the services). */
  setKick(kick: () => Promise<void>): void;
  /** Asks for a run (deduplicated by the job system); never throws. */
  kick(): void;
}

export function createGrowthQueue(deps: GrowthQueueDeps): GrowthQueue {
  const { db, now, budget } = deps;
  let kickFn: (() => Promise<void>) | null = null;
  // One drain at a time in this process (the job queue runs one across instances).
  let running: Promise<DrainResult> | null = null;

  function kick() {
    if (!budget || !kickFn) return;
    kickFn().catch((err: Error) =>
      deps.logger?.warn({ err: err.message }, "could not queue the index's growth"),
    );
  }

  /** One read within the budget; "paced" when a source's pace or the platform held it back. */
  async function read(
    platform: Pointer["platform"],
    username: string,
    signal?: AbortSignal,
  ): Promise<{ snapshot: ProfileSnapshot } | "budget" | "paced" | { error: unknown }> {
    if (!budget) return "budget";
    const taken = await budget.take();
    if (!taken.ok) return "budget";
    try {
      return { snapshot: await deps.chain.fetchSnapshot(platform, username, { signal, background: true }) };
    } catch (error) {
      if (error instanceof RateLimitedError) {
        await budget.giveBack();
        return "paced";
      }
      return { error };
    }
  }

  async function drainOnce(signal?: AbortSignal): Promise<DrainResult> {
    const result: DrainResult = { read: 0, known: 0, failed: 0, refreshed: 0, stopped: "empty" };
    if (!budget) return { ...result, stopped: "off" };
    const readable = PLATFORMS.filter((p) =>
      deps.chain.collectors.some((c) => c.kind !== "sample" && c.platforms.includes(p)),
    );
    for (;;) {
      if (signal?.aborted) return { ...result, stopped: "aborted" };
      // Only platforms a live source can read: the others wait until one is configured.
      const c = await nextCandidate(db, readable);
      if (!c) break;
      const platform = c.platform as Pointer["platform"];
      if ((await knownAccountId(db, platform, c.username)) !== null) {
        await markCandidate(db, c, { state: "known" }, now());
        result.known++;
        continue;
      }
      const got = await read(platform, c.username, signal);
      if (got === "budget" || got === "paced") return { ...result, stopped: got };
      if ("error" in got) {
        const attempts = c.attempts + 1;
        const gone = got.error instanceof AccountNotFoundError || attempts >= MAX_ATTEMPTS;
        const message = got.error instanceof Error ? got.error.message : String(got.error);
        await markCandidate(
          db,
          c,
          { state: gone ? "failed" : "queued", attempts, lastError: message.slice(0, 500) },
          now(),
        );
        if (gone) result.failed++;
        // An unreachable or misconfigured source: try again on a later run, not in a tight loop.
        if (!gone && got.error instanceof AppError && got.error.status >= 500) return result;
        continue;
      }
      const snapshot = got.snapshot;
      const id = snapshot.source === "sample" ? null : await addGrowthRow(db, snapshot, now());
      if (id === null) {
        await markCandidate(db, c, { state: "known", attempts: c.attempts + 1 }, now());
        result.known++;
      } else {
        await markCandidate(db, c, { state: "read", attempts: c.attempts + 1, lastError: null }, now());
        await saveIdentities(db, id, pointersOf(snapshot).identities, now());
        result.read++;
      }
    }
    // Freshness with what is left of today's budget: profile rows due a re-read.
    for (const row of await dueProfileRows(db, now(), 50)) {
      if (signal?.aborted) return { ...result, stopped: "aborted" };
      const got = await read(row.platform, row.username, signal);
      if (got === "budget" || got === "paced") return { ...result, stopped: got };
      if ("error" in got) continue;
      if (await refreshProfileRow(db, row.id, got.snapshot, now())) result.refreshed++;
    }
    return result;
  }

  async function featured(snapshot: ProfileSnapshot, accountId: number): Promise<void> {
    const channelId = (snapshot as { channelId?: unknown }).channelId;
    if (!deps.featuredChannels || snapshot.source !== "youtube-api" || typeof channelId !== "string") return;
    const ids = await deps.featuredChannels(channelId);
    const added = await queueCandidates(
      db,
      accountId,
      ids.map((username) => ({ platform: "youtube" as const, username })),
      now(),
    );
    if (added > 0) kick();
  }

  return {
    enabled: budget !== null,
    setKick(fn) {
      kickFn = fn;
    },
    kick,
    async noteReport(snapshot, accountId) {
      // Generated sample creators point at generated handles: nothing to grow from.
      if (snapshot.source === "sample") return;
      const { pointers, identities } = pointersOf(snapshot);
      await saveIdentities(db, accountId, identities, now());
      if (!budget) return;
      const added = await queueCandidates(db, accountId, pointers, now());
      if (added > 0) kick();
      // The featured channels cost a YouTube API call: read after the report, never delaying it.
      featured(snapshot, accountId).catch((err: Error) =>
        deps.logger?.warn({ err: err.message }, "could not read the channel's featured channels"),
      );
    },
    async queue(namedBy, pointers) {
      if (!budget) return 0;
      const added = await queueCandidates(db, namedBy, pointers, now());
      if (added > 0) kick();
      return added;
    },
    async drain(signal) {
      while (running) await running.catch(() => undefined);
      running = drainOnce(signal);
      try {
        return await running;
      } finally {
        running = null;
      }
    },
  };
}
