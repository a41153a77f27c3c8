import crypto from "node:crypto";
import type { AutoRefreshMode, JobsOverview, JobView } from "#core/schemas/jobs";
import type { Platform } from "#core/schemas/platform";
import type { AppConfig } from "../config";
import type { AppDb } from "../db/database";
import type { ReportService } from "../reports/report-service";
import type { ScaleLogger } from "../shared/redis";
import { silentLogger } from "../shared/redis";
import type { SharedState } from "../shared/shared-state";
import { periodBucket, shouldRefreshOnView, VIEW_STALE_MS } from "./auto-refresh";
import { createMemoryJobRunner, createMemoryUploadStore } from "./memory-runner";
import { createProcessor, type ProcessorDeps } from "./processors";
import {
  BULK_QUEUE,
  CRAWL_QUEUE,
  EXPAND_QUEUE,
  GROWTH_QUEUE,
  type JobObserver,
  type JobRunner,
  jobIdFor,
  type QueueSpec,
  REFRESH_QUEUES,
  type RefreshReason,
  SWEEP_QUEUE,
} from "./types";

export { REFRESH_QUEUES } from "./types";

/** How often the auto-refresh sweep looks for due accounts. */
export const SWEEP_EVERY_MS = 10 * 60_000;

export function queueSpecs(config: Pick<AppConfig, "refreshConcurrency">): QueueSpec[] {
  return [
    ...Object.values(REFRESH_QUEUES).map((name) => ({
      name,
      concurrency: config.refreshConcurrency,
      attempts: 3,
      backoffMs: 60_000,
    })),
    { name: BULK_QUEUE, concurrency: 1, attempts: 3, backoffMs: 30_000 },
    { name: SWEEP_QUEUE, concurrency: 1, attempts: 1, backoffMs: 60_000 },
    // Issue #35: a search is charged when asked for; it runs once (a retry would spend budget again).
    { name: EXPAND_QUEUE, concurrency: 2, attempts: 1, backoffMs: 10_000 },
    // One growth run and one crawl at a time across every instance; a run that stops is asked again.
    { name: GROWTH_QUEUE, concurrency: 1, attempts: 1, backoffMs: 60_000 },
    { name: CRAWL_QUEUE, concurrency: 1, attempts: 1, backoffMs: 60_000 },
  ];
}

export interface JobsDeps {
  /** What the workers need; absent for a producer only (the CLI enqueueing a job). */
  work?: {
    db: AppDb;
    reports: Pick<ReportService, "refresh">;
    /** "Find more on {platform}" searches (issue #35). */
    expand?: ProcessorDeps["expand"];
    indexGrowth?: ProcessorDeps["indexGrowth"];
    crawl?: ProcessorDeps["crawl"];
  };
  /** The admin's auto-refresh setting (services.settings). */
  getAutoRefresh: () => Promise<AutoRefreshMode>;
  shared: Pick<SharedState, "redis">;
  now?: () => Date;
  logger?: ScaleLogger;
  observer?: JobObserver;
  /** Overrides SWEEP_EVERY_MS (0: no periodic sweep, e.g. the CLI). */
  sweepEveryMs?: number;
  /** BullMQ's worker lock (a dead worker's job is taken over after it). */
  lockDurationMs?: number;
}

/** What the app (admin API, report views, shutdown) and the CLI use. */
export interface Jobs {
  readonly backend: "redis" | "memory";
  start(opts: { workers: boolean }): Promise<void>;
  enqueueRefresh(platform: Platform, username: string, reason?: RefreshReason): Promise<JobView>;
  /** Runs the auto-refresh sweep now (with `mode`, whatever the setting says). */
  runSweep(mode?: "daily" | "weekly"): Promise<JobView>;
  enqueueImport(file: { fileName: string; format: "csv" | "ndjson"; content: Buffer }): Promise<JobView>;
  enqueueSeed(count: number): Promise<JobView>;
  /** Queues a "Find more on {platform}" search already recorded in discovery_expand_jobs. */
  enqueueExpand(expandId: string, platform: Platform): Promise<JobView>;
  /** Asks for a run of the index's growth (one waiting at a time). */
  enqueueGrowth(): Promise<JobView>;
  /** Queues an admin crawl already recorded in crawl_jobs. */
  enqueueCrawl(crawlId: string): Promise<JobView>;
  /** A stored report was opened: under "viewing", refresh it in the background when it is stale. */
  noteViewed(report: {
    platform: string;
    username: string;
    createdAtMs: number;
    isSample: boolean;
    source?: string;
  }): void;
  get(id: string): Promise<JobView | null>;
  overview(limit?: number): Promise<JobsOverview>;
  /** Jobs per queue and state (the Prometheus gauge). */
  gaugeCounts(): Promise<{ queue: string; state: string; count: number }[]>;
  close(opts?: { drainMs?: number }): Promise<void>;
}

export async function createJobs(
  config: Pick<AppConfig, "redisUrl" | "redisKeyPrefix" | "refreshConcurrency" | "userDailyReportLimit">,
  deps: JobsDeps,
): Promise<Jobs> {
  // BullMQ (and its Lua scripts) only loads with Redis: ~19 MB of RSS an embedded install never uses.
  const bull = config.redisUrl ? await import("./bullmq-runner") : null;
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger ?? silentLogger;
  const specs = queueSpecs(config);
  const sweepEveryMs = deps.sweepEveryMs ?? SWEEP_EVERY_MS;
  const redis = deps.shared.redis;
  const uploads =
    bull && redis ? bull.createRedisUploadStore(redis, config.redisKeyPrefix) : createMemoryUploadStore();

  let runner: JobRunner;
  const processor = () => {
    if (!deps.work) throw new Error("This process only enqueues jobs (no workers were configured).");
    return createProcessor({
      ...deps.work,
      uploads,
      getAutoRefresh: deps.getAutoRefresh,
      now,
      // Issue #33: a user's watchlists refresh at most their daily report limit of accounts a day.
      watchedPerUserPerDay: config.userDailyReportLimit,
      enqueueRefreshes: (queue, jobs) => runner.enqueueMany(queue, jobs),
    });
  };
  runner =
    bull && config.redisUrl
      ? bull.createBullmqJobRunner({
          redisUrl: config.redisUrl,
          prefix: `${config.redisKeyPrefix}bull`,
          specs,
          processor,
          logger,
          observer: deps.observer,
          sweepEveryMs,
          lockDurationMs: deps.lockDurationMs,
        })
      : createMemoryJobRunner({ specs, processor, now, logger, observer: deps.observer, sweepEveryMs });

  // "viewing": which accounts this instance already queued in the current day (saves a Redis
  // round trip per view of a stale report; the job id makes it once per day fleet-wide anyway).
  const viewQueued = new Map<string, string>();

  async function autoRefreshMode(): Promise<AutoRefreshMode> {
    try {
      return await deps.getAutoRefresh();
    } catch (err) {
      logger.warn(
        { err: (err as Error).message },
        "could not read the auto-refresh setting; treating it as never",
      );
      return "never";
    }
  }

  return {
    backend: runner.backend,
    start: (opts) => runner.start(opts),
    enqueueRefresh(platform, username, reason = "admin") {
      const queue = REFRESH_QUEUES[platform];
      return runner.enqueue(
        queue,
        { kind: "refresh", platform, username, reason },
        { dedupeId: jobIdFor(queue, "pending", username.toLowerCase()) },
      );
    },
    runSweep(mode) {
      return runner.enqueue(SWEEP_QUEUE, { kind: "auto-refresh", ...(mode ? { mode } : {}) });
    },
    async enqueueImport(file) {
      const jobId = jobIdFor(BULK_QUEUE, "import", crypto.randomUUID());
      await uploads.put(jobId, file.content);
      return runner.enqueue(
        BULK_QUEUE,
        { kind: "import", fileName: file.fileName, format: file.format, bytes: file.content.length },
        { jobId },
      );
    },
    enqueueExpand(expandId, platform) {
      return runner.enqueue(
        EXPAND_QUEUE,
        { kind: "expand", expandId, platform },
        { jobId: jobIdFor(EXPAND_QUEUE, expandId) },
      );
    },
    enqueueGrowth() {
      return runner.enqueue(
        GROWTH_QUEUE,
        { kind: "index-growth" },
        { dedupeId: jobIdFor(GROWTH_QUEUE, "run") },
      );
    },
    enqueueCrawl(crawlId) {
      return runner.enqueue(
        CRAWL_QUEUE,
        { kind: "crawl", crawlId },
        { jobId: jobIdFor(CRAWL_QUEUE, crawlId) },
      );
    },
    enqueueSeed(count) {
      return runner.enqueue(BULK_QUEUE, { kind: "seed", count }, { dedupeId: jobIdFor(BULK_QUEUE, "seed") });
    },
    noteViewed(report) {
      if (report.isSample || report.source === "web-search") return;
      const at = now();
      // Cheap checks first: most views are of fresh reports and cost nothing here.
      if (at.getTime() - report.createdAtMs < VIEW_STALE_MS) return;
      const platform = report.platform as Platform;
      const queue = REFRESH_QUEUES[platform];
      if (!queue) return;
      const bucket = periodBucket("viewing", at);
      const key = `${platform}:${report.username}`;
      if (viewQueued.get(key) === bucket) return;
      void (async () => {
        const mode = await autoRefreshMode();
        if (!shouldRefreshOnView(mode, report, at.getTime())) return;
        if (viewQueued.size > 10_000) viewQueued.clear();
        viewQueued.set(key, bucket);
        await runner.enqueue(
          queue,
          { kind: "refresh", platform, username: report.username, reason: "viewing" },
          { jobId: jobIdFor(queue, `view-${bucket}`, report.username) },
        );
      })().catch((err) => {
        viewQueued.delete(key);
        logger.warn({ err: (err as Error).message, account: key }, "could not queue a refresh on viewing");
      });
    },
    get: (id) => runner.get(id),
    async overview(limit = 50) {
      const [queues, recent, autoRefresh] = await Promise.all([
        runner.counts(),
        runner.recent(limit),
        autoRefreshMode(),
      ]);
      return { backend: runner.backend, autoRefresh, queues, recent };
    },
    async gaugeCounts() {
      const out: { queue: string; state: string; count: number }[] = [];
      for (const c of await runner.counts())
        for (const state of ["waiting", "delayed", "active", "completed", "failed"] as const)
          out.push({ queue: c.queue, state, count: c[state] });
      return out;
    },
    close: (opts) => runner.close(opts),
  };
}
