import crypto from "node:crypto";
import { DelayedError, type Job, Queue, UnrecoverableError, Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { JobProgress, JobState, JobView, QueueCounts } from "#core/schemas/jobs";
import { closeRedis, createRedisConnection, type ScaleLogger, silentLogger } from "../shared/redis";
import { JobsClosedError } from "./memory-runner";
import {
  type EnqueueOptions,
  type JobData,
  type JobObserver,
  type JobRunner,
  jobIdFor,
  labelOf,
  PermanentJobError,
  type Processor,
  QueueRateLimitedError,
  type QueueSpec,
  queueOfJobId,
  SWEEP_QUEUE,
  type UploadStore,
} from "./types";

export const SWEEP_SCHEDULER_ID = "auto-refresh-sweep";
const DAY_S = 86_400;

export interface BullmqRunnerOptions {
  redisUrl: string;
  /** BullMQ's key prefix (every queue key starts with it). */
  prefix: string;
  specs: QueueSpec[];
  processor: () => Processor;
  logger?: ScaleLogger;
  observer?: JobObserver;
  /** How often the auto-refresh sweep runs (a BullMQ job scheduler: one job per interval, fleet-wide). */
  sweepEveryMs: number;
  /** Worker lock on an active job; a dead worker's job is taken over after it (BullMQ's stall check). */
  lockDurationMs?: number;
}

/**
 * Jobs on BullMQ (Redis), shared by every instance. Each queue's global concurrency is its spec's
 * limit across the fleet (so "two TikTok refreshes at once" holds however many instances run);
 * retries back off exponentially; a platform's 429 pauses that platform's queue (BullMQ's rate
 * limit) without spending an attempt; a job whose worker dies is taken over after its lock expires.
 * At shutdown, workers stop taking jobs, running ones get `drainMs` to finish, then are handed back
 * (moved to delayed, attempt not spent) for another instance.
 */
export function createBullmqJobRunner(opts: BullmqRunnerOptions): JobRunner {
  const logger = opts.logger ?? silentLogger;
  const connection: Redis = createRedisConnection(opts.redisUrl, "jobs", logger);
  const specs = new Map(opts.specs.map((s) => [s.name, s]));
  const queues = new Map<string, Queue>(
    opts.specs.map((s) => [s.name, new Queue(s.name, { connection, prefix: opts.prefix })]),
  );
  for (const q of queues.values())
    q.on("error", (err) => logger.warn({ err: err.message }, "job queue error"));
  const workers: Worker[] = [];
  let closing = false;

  function queueOf(name: string): Queue {
    const q = queues.get(name);
    if (!q) throw new Error(`Unknown job queue "${name}"`);
    return q;
  }

  function jobOptions(spec: QueueSpec) {
    return {
      attempts: spec.attempts,
      backoff: { type: "exponential" as const, delay: spec.backoffMs },
      removeOnComplete: { age: 7 * DAY_S, count: 1000 },
      removeOnFail: { age: 14 * DAY_S, count: 5000 },
    };
  }

  async function view(job: Job, state?: string): Promise<JobView> {
    const s = state ?? (await job.getState());
    const mapped: JobState =
      s === "active" || s === "completed" || s === "failed" || s === "delayed" ? s : "waiting";
    const data = job.data as JobData;
    const progress =
      typeof job.progress === "object" && job.progress !== null ? (job.progress as JobProgress) : null;
    const result =
      typeof job.returnvalue === "object" && job.returnvalue !== null
        ? (job.returnvalue as Record<string, unknown>)
        : null;
    return {
      id: job.id ?? "",
      queue: job.queueName,
      kind: data.kind,
      state: mapped,
      label: labelOf(data),
      progress,
      result,
      error: job.failedReason ? job.failedReason.slice(0, 2000) : null,
      attempts: job.attemptsMade,
      createdAt: new Date(job.timestamp).toISOString(),
      startedAt: job.processedOn ? new Date(job.processedOn).toISOString() : null,
      finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    };
  }

  /**
   * A job as it stands. State first, then the job's hash: BullMQ finishes a job (return value, finish
   * time, move to "completed") in one script, so a state read before the hash never runs ahead of it.
   * The other order could pair a hash read before the finish with "completed" and a result of null.
   */
  async function read(q: Queue, id: string): Promise<JobView | null> {
    const state = await q.getJobState(id);
    if (state === "unknown") return null;
    const job = await q.getJob(id);
    return job ? view(job, state) : null;
  }

  function startWorker(spec: QueueSpec, processor: Processor): Worker {
    const worker: Worker = new Worker(
      spec.name,
      async (job: Job, token?: string, signal?: AbortSignal) => {
        const controller = new AbortController();
        signal?.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
        const log = {
          info: (o: object, m: string) => logger.info({ job: job.id, queue: spec.name, ...o }, m),
          warn: (o: object, m: string) => logger.warn({ job: job.id, queue: spec.name, ...o }, m),
          error: (o: object, m: string) => logger.error({ job: job.id, queue: spec.name, ...o }, m),
        };
        log.info({ attempt: job.attemptsMade + 1 }, "job started");
        try {
          return await processor(job.data as JobData, {
            id: job.id ?? "",
            signal: controller.signal,
            attemptsMade: job.attemptsMade,
            progress: (p) => job.updateProgress(p),
            log,
          });
        } catch (err) {
          if (closing && controller.signal.aborted && token) {
            // Shutting down: hand the job back untouched for another instance.
            await job.moveToDelayed(Date.now() + 1000, token);
            log.warn({}, "job handed back at shutdown");
            throw new DelayedError();
          }
          if (err instanceof PermanentJobError) throw new UnrecoverableError(err.message);
          if (err instanceof QueueRateLimitedError) {
            log.warn({ delayMs: err.delayMs }, "platform rate limit: queue paused");
            await queueOf(spec.name).rateLimit(err.delayMs);
            throw Worker.RateLimitError();
          }
          throw err;
        }
      },
      {
        connection,
        prefix: opts.prefix,
        concurrency: spec.concurrency,
        lockDuration: opts.lockDurationMs ?? 30_000,
        // A job cannot bounce on rate limits or stalls forever.
        maxStartedAttempts: 20,
        // BullMQ honours a queue's rate limit (set on a platform's 429, above) only for workers with a
        // limiter; this one is far above what the concurrency allows, so it never slows work itself.
        limiter: { max: 1000, duration: 1000 },
        autorun: true,
      },
    );
    worker.on("error", (err) => logger.warn({ err: err.message, queue: spec.name }, "job worker error"));
    worker.on("completed", (job) => {
      const seconds = job.finishedOn && job.processedOn ? (job.finishedOn - job.processedOn) / 1000 : 0;
      opts.observer?.(spec.name, "completed", seconds);
      logger.info({ job: job.id, queue: spec.name, seconds }, "job completed");
    });
    worker.on("failed", (job, err) => {
      if (!job || err instanceof DelayedError || err.name === "DelayedError" || err.name === "RateLimitError")
        return;
      const seconds = job.finishedOn && job.processedOn ? (job.finishedOn - job.processedOn) / 1000 : 0;
      const final = job.finishedOn !== undefined && job.finishedOn !== null;
      opts.observer?.(spec.name, final ? "failed" : "retrying", seconds);
      logger.warn(
        { job: job.id, queue: spec.name, err: err.message, attempts: job.attemptsMade },
        final ? "job failed" : "job failed; retrying later",
      );
    });
    return worker;
  }

  return {
    backend: "redis",
    async start({ workers: withWorkers }) {
      for (const spec of opts.specs) await queueOf(spec.name).setGlobalConcurrency(spec.concurrency);
      if (closing) return;
      if (opts.sweepEveryMs > 0) {
        // Idempotent: every instance upserts the same scheduler; Redis makes one job per interval.
        await queueOf(SWEEP_QUEUE).upsertJobScheduler(
          SWEEP_SCHEDULER_ID,
          { every: opts.sweepEveryMs },
          {
            name: "auto-refresh",
            data: { kind: "auto-refresh" },
            opts: { removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
          },
        );
      }
      if (!withWorkers || closing) return;
      const processor = opts.processor();
      for (const spec of opts.specs) workers.push(startWorker(spec, processor));
    },
    async enqueue(queue, data, options: EnqueueOptions = {}) {
      if (closing) throw new JobsClosedError();
      const q = queueOf(queue);
      const jobId = options.jobId ?? jobIdFor(queue, data.kind, crypto.randomUUID());
      const added = await q.add(data.kind, data, {
        ...jobOptions(specs.get(queue)!),
        jobId,
        ...(options.dedupeId ? { deduplication: { id: options.dedupeId } } : {}),
      });
      // An existing id (or a deduplicated add) returns the job that was already there.
      const stored = added.id ? await read(q, added.id) : null;
      return stored ?? view(added);
    },
    async enqueueMany(queue, jobs) {
      if (closing) throw new JobsClosedError();
      if (jobs.length === 0) return 0;
      const q = queueOf(queue);
      const spec = specs.get(queue)!;
      const existing = await Promise.all(jobs.map((j) => q.getJob(j.jobId)));
      const fresh = jobs.filter((_, i) => !existing[i]);
      if (fresh.length > 0)
        await q.addBulk(
          fresh.map((j) => ({
            name: j.data.kind,
            data: j.data,
            opts: { ...jobOptions(spec), jobId: j.jobId },
          })),
        );
      return fresh.length;
    },
    async get(id) {
      const named = queueOfJobId(id);
      for (const q of named ? [queueOf(named)] : queues.values()) {
        const found = await read(q, id);
        if (found) return found;
      }
      return null;
    },
    async counts() {
      const out: QueueCounts[] = [];
      for (const [name, q] of queues) {
        const c = await q.getJobCounts(
          "waiting",
          "prioritized",
          "waiting-children",
          "delayed",
          "active",
          "completed",
          "failed",
        );
        out.push({
          queue: name,
          waiting: (c.waiting ?? 0) + (c.prioritized ?? 0) + (c["waiting-children"] ?? 0),
          delayed: c.delayed ?? 0,
          active: c.active ?? 0,
          completed: c.completed ?? 0,
          failed: c.failed ?? 0,
        });
      }
      return out;
    },
    async recent(limit) {
      const states = ["active", "waiting", "delayed", "completed", "failed"] as const;
      const found: JobView[] = [];
      for (const q of queues.values()) {
        for (const state of states) {
          const jobs = await q.getJobs([state], 0, limit - 1, false);
          for (const job of jobs) if (job) found.push(await view(job, state));
        }
      }
      return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
    },
    async close({ drainMs = 10_000 } = {}) {
      if (closing) return;
      closing = true;
      const closeAll = () => Promise.all(workers.map((w) => w.close()));
      const timeout = (ms: number) =>
        new Promise<false>((resolve) => setTimeout(() => resolve(false), ms).unref());
      const drained = await Promise.race([closeAll().then(() => true), timeout(drainMs)]);
      if (!drained) {
        logger.warn({}, "drain time is over: handing running jobs back to the queue");
        for (const w of workers) w.cancelAllJobs("the server is shutting down");
        const handedBack = await Promise.race([closeAll().then(() => true), timeout(3000)]);
        if (!handedBack) await Promise.all(workers.map((w) => w.close(true)));
      }
      await Promise.all([...queues.values()].map((q) => q.close().catch(() => undefined)));
      await closeRedis(connection);
    },
  };
}

/** Import uploads in Redis, so whichever instance runs the job can read them (kept 24 hours). */
export function createRedisUploadStore(redis: Redis, prefix: string): UploadStore {
  const k = (id: string) => `${prefix}upload:${id}`;
  return {
    async put(id, content) {
      await redis.set(k(id), content, "PX", DAY_S * 1000);
    },
    async get(id) {
      return redis.getBuffer(k(id));
    },
    async delete(id) {
      await redis.del(k(id));
    },
  };
}
