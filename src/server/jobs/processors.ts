import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import type { AutoRefreshMode } from "#core/schemas/jobs";
import type { Platform } from "#core/schemas/platform";
import { runBenchmarksIfDue } from "../benchmarks/benchmark-service";
import type { AppDb } from "../db/database";
import { AppError } from "../errors";
import { findDueWatchedAccounts } from "../growth/watch-refresh";
import { importFile } from "../import/import-service";
import type { ReportService } from "../reports/report-service";
import { seedSampleAccounts } from "../samples/sample-service";
import { findDueAccounts, periodBucket, refreshPeriodMs } from "./auto-refresh";
import {
  type ImportJobData,
  type JobContext,
  type JobData,
  jobIdFor,
  PermanentJobError,
  type Processor,
  QueueRateLimitedError,
  REFRESH_QUEUES,
  type RefreshJobData,
  type SeedJobData,
  type SweepJobData,
  type UploadStore,
} from "./types";

export interface ProcessorDeps {
  db: AppDb;
  reports: Pick<ReportService, "refresh">;
  /** Cleared for an account after its refresh, on every instance (it is shared with Redis). */
  uploads: UploadStore;
  getAutoRefresh: () => Promise<AutoRefreshMode>;
  now: () => Date;
  /** Daily-cadence watched accounts refreshed per user (USER_DAILY_REPORT_LIMIT, issue #33). */
  watchedPerUserPerDay?: number;
  /** Adds refresh jobs (idempotent by job id); returns how many were new. */
  enqueueRefreshes: (queue: string, jobs: { data: RefreshJobData; jobId: string }[]) => Promise<number>;
  /** Runs a "Find more on {platform}" search (issue #35); absent in processes without it. */
  expand?: { run(expandId: string, signal?: AbortSignal): Promise<{ state: string; message: string }> };
  /** The index's growth around reports and admin crawls (issue #35). */
  indexGrowth?: { drain(signal?: AbortSignal): Promise<object> };
  crawl?: { run(crawlId: string, signal?: AbortSignal): Promise<{ state: string; message: string }> };
}

/**
 * Errors retrying cannot cure within minutes: the account does not exist, no source is configured,
 * bad input, or the platform's page changed shape. (The next period's sweep tries again.)
 */
const PERMANENT_CODES = new Set([
  "ACCOUNT_NOT_FOUND",
  "NOT_FOUND",
  "NOT_CONFIGURED",
  "VALIDATION_ERROR",
  "UPSTREAM_CHANGED",
]);

/** Turns a refresh failure into the runner's vocabulary: permanent, rate limited, or retry later. */
export function classifyRefreshError(err: unknown): unknown {
  if (!(err instanceof AppError)) return err;
  if (PERMANENT_CODES.has(err.code)) return new PermanentJobError(err.message);
  if (err.code === "RATE_LIMITED") {
    const seconds = Number(err.headers["retry-after"]);
    const delayMs = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) * 1000 : 60_000;
    return new QueueRateLimitedError(err.message, delayMs);
  }
  return err; // blocked, unreachable, open circuit: back off and retry
}

/** Stops a long bulk job between two of its batches when the instance shuts down (it is resumable). */
function stopIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason ?? new DOMException("The operation was aborted", "AbortError");
}

export function createProcessor(deps: ProcessorDeps): Processor {
  async function refresh(data: RefreshJobData, ctx: JobContext) {
    try {
      const view = await deps.reports.refresh(data.platform, data.username, {
        signal: ctx.signal,
        background: true,
      });
      return {
        platform: view.platform,
        username: view.username,
        accountId: view.id,
        lastUpdated: view.lastUpdated,
      };
    } catch (err) {
      throw classifyRefreshError(err);
    }
  }

  async function importJob(data: ImportJobData, ctx: JobContext) {
    const content = await deps.uploads.get(ctx.id);
    if (!content)
      throw new PermanentJobError(
        `The uploaded file ${data.fileName} is no longer available (uploads are kept for 24 hours); upload it again.`,
      );
    const file = path.join(
      os.tmpdir(),
      `import-${crypto.randomBytes(8).toString("hex")}.${data.format === "csv" ? "csv" : "ndjson"}`,
    );
    await fs.writeFile(file, content, { mode: 0o600 });
    try {
      const result = await importFile(deps.db, file, {
        onProgress: (rows) => {
          stopIfAborted(ctx.signal);
          void ctx
            .progress({ done: rows, message: `${rows.toLocaleString("en-US")} rows read` })
            .catch(() => {});
        },
      });
      await deps.uploads.delete(ctx.id);
      const badRows = result.bad.filter((b) => b.line > 0).length;
      return {
        fileName: data.fileName,
        rows: result.rows,
        inserted: result.inserted,
        updated: result.updated,
        unchanged: result.unchanged,
        skippedLive: result.skippedLive,
        posts: result.posts,
        badRows,
        /** The first 100 problems with their line numbers. */
        bad: result.bad.slice(0, 100),
      };
    } catch (err) {
      if (err instanceof Error && /^No file at|Unsupported file type/.test(err.message))
        throw new PermanentJobError(err.message);
      throw err;
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  async function seed(data: SeedJobData, ctx: JobContext) {
    const now = deps.now();
    const result = await seedSampleAccounts(deps.db, {
      count: data.count,
      now,
      batchSize: 5000,
      indexFields: (s) => indexFieldsForSnapshot(s, now),
      onProgress: (done, total) => {
        stopIfAborted(ctx.signal);
        void ctx
          .progress({
            done,
            total,
            message: `${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} seeded`,
          })
          .catch(() => {});
      },
    });
    return { added: result.added, total: result.total };
  }

  async function sweep(data: SweepJobData, ctx: JobContext) {
    const mode: AutoRefreshMode = data.mode ?? (await deps.getAutoRefresh());
    const now = deps.now();
    // The nightly installation benchmarks (issue #24 item 7) ride on the sweep: one instance runs it.
    const benchmarks = await nightlyBenchmarks(now, ctx);
    // Watchlists' cadences (issue #21) apply whatever the admin's setting is.
    const watched = await enqueueWatched(now);
    if (refreshPeriodMs(mode) === null) return { mode, due: 0, enqueued: 0, watched, benchmarks };
    const cadence = mode as "daily" | "weekly";
    const bucket = `${cadence}-${periodBucket(cadence, now)}`;
    let due = 0;
    let enqueued = 0;
    for await (const page of findDueAccounts(deps.db, { mode, now })) {
      stopIfAborted(ctx.signal);
      due += page.length;
      const byPlatform = new Map<Platform, { data: RefreshJobData; jobId: string }[]>();
      for (const a of page) {
        const queue = REFRESH_QUEUES[a.platform];
        const list = byPlatform.get(a.platform) ?? [];
        list.push({
          data: { kind: "refresh", platform: a.platform, username: a.username, reason: cadence },
          jobId: jobIdFor(queue, bucket, a.username),
        });
        byPlatform.set(a.platform, list);
      }
      for (const [platform, jobs] of byPlatform)
        enqueued += await deps.enqueueRefreshes(REFRESH_QUEUES[platform], jobs);
      await ctx.progress({ done: due, message: `${due} due, ${enqueued} queued` });
    }
    return { mode, due, enqueued, watched, benchmarks };
  }

  /** Recomputes the installation's engagement percentiles once a night; a failure never stops the sweep. */
  async function nightlyBenchmarks(now: Date, ctx: JobContext): Promise<number | null> {
    try {
      const run = await runBenchmarksIfDue(deps.db, now);
      if (run)
        ctx.log.info({ accounts: run.accounts, cells: run.cells }, "installation benchmarks recomputed");
      return run ? run.cells : null;
    } catch (err) {
      ctx.log.warn(
        { err: (err as Error).message },
        "installation benchmarks failed; the next sweep tries again",
      );
      return null;
    }
  }

  /** Queues the watched accounts their watchlists' cadence makes due; returns how many were new. */
  async function enqueueWatched(now: Date): Promise<number> {
    const byPlatform = new Map<Platform, { data: RefreshJobData; jobId: string }[]>();
    for (const a of await findDueWatchedAccounts(deps.db, now, {
      perUserPerDay: deps.watchedPerUserPerDay,
    })) {
      const queue = REFRESH_QUEUES[a.platform];
      const list = byPlatform.get(a.platform) ?? [];
      list.push({
        data: { kind: "refresh", platform: a.platform, username: a.username, reason: a.cadence },
        jobId: jobIdFor(queue, `watch-${a.cadence}-${periodBucket(a.cadence, now)}`, a.username),
      });
      byPlatform.set(a.platform, list);
    }
    let enqueued = 0;
    for (const [platform, jobs] of byPlatform)
      enqueued += await deps.enqueueRefreshes(REFRESH_QUEUES[platform], jobs);
    return enqueued;
  }

  return async (data: JobData, ctx: JobContext) => {
    switch (data.kind) {
      case "refresh":
        return refresh(data, ctx);
      case "import":
        return importJob(data, ctx);
      case "seed":
        return seed(data, ctx);
      case "auto-refresh":
        return sweep(data, ctx);
      case "expand": {
        if (!deps.expand) throw new PermanentJobError("this process cannot run platform searches");
        // The service records failures (the provider's message) on the expansion itself.
        const view = await deps.expand.run(data.expandId, ctx.signal);
        return { state: view.state, message: view.message };
      }
      case "index-growth": {
        if (!deps.indexGrowth) throw new PermanentJobError("this process cannot grow the index");
        return { ...(await deps.indexGrowth.drain(ctx.signal)) };
      }
      case "crawl": {
        if (!deps.crawl) throw new PermanentJobError("this process cannot run crawls");
        const view = await deps.crawl.run(data.crawlId, ctx.signal);
        return { state: view.state, message: view.message };
      }
    }
  };
}
