import crypto from "node:crypto";
import type { JobProgress, JobState, JobView, QueueCounts } from "#core/schemas/jobs";
import { AppError } from "../errors";
import { type ScaleLogger, silentLogger } from "../shared/redis";
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
  SWEEP_QUEUE,
  type UploadStore,
} from "./types";

/** The job queue is closing (SIGTERM): new jobs are refused. */
export class JobsClosedError extends AppError {
  readonly code = "SHUTTING_DOWN";
  override name = "JobsClosedError";
  constructor() {
    super("This server is shutting down and takes no new jobs; try again in a moment.");
  }
}

interface JobRecord {
  id: string;
  queue: string;
  data: JobData;
  state: JobState;
  progress: JobProgress | null;
  result: Record<string, unknown> | null;
  error: string | null;
  attemptsMade: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  dedupeId?: string;
  controller?: AbortController;
  done?: Promise<void>;
}

interface QueueState {
  spec: QueueSpec;
  waiting: JobRecord[];
  active: number;
  pausedUntil: number;
}

export interface MemoryRunnerOptions {
  specs: QueueSpec[];
  /** Resolved when the first job runs (the processor needs the runner to enqueue refreshes). */
  processor: () => Processor;
  now?: () => Date;
  logger?: ScaleLogger;
  observer?: JobObserver;
  /** How often the auto-refresh sweep runs (0 = never on its own). */
  sweepEveryMs: number;
  /** Finished jobs kept for the admin API. Default 500. */
  keepFinished?: number;
}

/**
 * Jobs without Redis: the same queues, concurrency limits, retries with exponential backoff and
 * rate-limit pauses as BullMQ, in this process. What is queued lives in memory: a stop hands back
 * nothing (the next sweep finds due accounts again; an interrupted import is re-run by hand).
 */
export function createMemoryJobRunner(
  opts: MemoryRunnerOptions,
): JobRunner & { readonly activeCount: number } {
  const now = opts.now ?? (() => new Date());
  const logger = opts.logger ?? silentLogger;
  const keep = opts.keepFinished ?? 500;
  const queues = new Map<string, QueueState>(
    opts.specs.map((spec) => [spec.name, { spec, waiting: [], active: 0, pausedUntil: 0 }]),
  );
  const records = new Map<string, JobRecord>();
  const timers = new Set<NodeJS.Timeout>();
  let working = false;
  let closing = false;
  let sweepTimer: NodeJS.Timeout | undefined;

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    t.unref();
    timers.add(t);
  };

  function view(r: JobRecord): JobView {
    return {
      id: r.id,
      queue: r.queue,
      kind: r.data.kind,
      state: r.state,
      label: labelOf(r.data),
      progress: r.progress,
      result: r.result,
      error: r.error,
      attempts: r.attemptsMade,
      createdAt: r.createdAt.toISOString(),
      startedAt: r.startedAt?.toISOString() ?? null,
      finishedAt: r.finishedAt?.toISOString() ?? null,
    };
  }

  function queueOf(name: string): QueueState {
    const q = queues.get(name);
    if (!q) throw new Error(`Unknown job queue "${name}"`);
    return q;
  }

  function forgetOldFinished() {
    const finished = [...records.values()].filter((r) => r.state === "completed" || r.state === "failed");
    for (const r of finished.slice(0, Math.max(0, finished.length - keep))) records.delete(r.id);
  }

  function pump(q: QueueState) {
    if (!working || closing) return;
    const wait = q.pausedUntil - Date.now();
    if (wait > 0) {
      later(wait, () => pump(q));
      return;
    }
    while (q.active < q.spec.concurrency && q.waiting.length > 0) {
      const r = q.waiting.shift()!;
      q.active++;
      r.done = run(q, r).finally(() => {
        q.active--;
        pump(q);
      });
    }
  }

  async function run(q: QueueState, r: JobRecord): Promise<void> {
    const controller = new AbortController();
    r.controller = controller;
    r.state = "active";
    r.startedAt = now();
    r.error = null;
    const log = {
      info: (o: object, m: string) => logger.info({ job: r.id, queue: r.queue, ...o }, m),
      warn: (o: object, m: string) => logger.warn({ job: r.id, queue: r.queue, ...o }, m),
      error: (o: object, m: string) => logger.error({ job: r.id, queue: r.queue, ...o }, m),
    };
    const started = performance.now();
    log.info({ attempt: r.attemptsMade + 1 }, "job started");
    try {
      r.result = await opts.processor()(r.data, {
        id: r.id,
        signal: controller.signal,
        attemptsMade: r.attemptsMade,
        progress: async (p) => {
          r.progress = p;
        },
        log,
      });
      r.state = "completed";
      r.attemptsMade++; // as BullMQ counts: every run that finished, the successful one included
      r.finishedAt = now();
      const seconds = (performance.now() - started) / 1000;
      opts.observer?.(r.queue, "completed", seconds);
      log.info({ seconds: Number(seconds.toFixed(3)) }, "job completed");
    } catch (err) {
      const seconds = (performance.now() - started) / 1000;
      if (closing && controller.signal.aborted) {
        r.state = "waiting";
        log.warn({}, "job interrupted by shutdown");
        return;
      }
      if (err instanceof QueueRateLimitedError) {
        // Not the job's fault: back to the head of the queue, the whole queue paused.
        q.pausedUntil = Math.max(q.pausedUntil, Date.now() + err.delayMs);
        r.state = "waiting";
        q.waiting.unshift(r);
        log.warn({ delayMs: err.delayMs }, "platform rate limit: queue paused");
        return;
      }
      r.attemptsMade++;
      r.error = (err as Error).message;
      const permanent = err instanceof PermanentJobError;
      if (permanent || r.attemptsMade >= q.spec.attempts) {
        r.state = "failed";
        r.finishedAt = now();
        opts.observer?.(r.queue, "failed", seconds);
        log.warn({ err: r.error, attempts: r.attemptsMade }, "job failed");
      } else {
        const delay = q.spec.backoffMs * 2 ** (r.attemptsMade - 1);
        r.state = "delayed";
        opts.observer?.(r.queue, "retrying", seconds);
        log.warn({ err: r.error, retryInMs: delay }, "job failed; retrying later");
        later(delay, () => {
          if (closing || r.state !== "delayed") return;
          r.state = "waiting";
          q.waiting.push(r);
          pump(q);
        });
      }
    } finally {
      r.controller = undefined;
      forgetOldFinished();
    }
  }

  function add(queue: string, data: JobData, options: EnqueueOptions): { record: JobRecord; added: boolean } {
    if (closing) throw new JobsClosedError();
    const q = queueOf(queue);
    if (options.jobId) {
      const existing = records.get(options.jobId);
      if (existing) return { record: existing, added: false };
    }
    if (options.dedupeId) {
      for (const r of records.values())
        if (r.dedupeId === options.dedupeId && r.state !== "completed" && r.state !== "failed")
          return { record: r, added: false };
    }
    const record: JobRecord = {
      id: options.jobId ?? jobIdFor(queue, data.kind, crypto.randomUUID()),
      queue,
      data,
      state: "waiting",
      progress: null,
      result: null,
      error: null,
      attemptsMade: 0,
      createdAt: now(),
      startedAt: null,
      finishedAt: null,
      dedupeId: options.dedupeId,
    };
    records.set(record.id, record);
    q.waiting.push(record);
    pump(q);
    return { record, added: true };
  }

  return {
    backend: "memory",
    get activeCount() {
      let n = 0;
      for (const q of queues.values()) n += q.active;
      return n;
    },
    async start({ workers }) {
      working = workers;
      for (const q of queues.values()) pump(q);
      if (opts.sweepEveryMs > 0) {
        sweepTimer = setInterval(() => {
          try {
            add(SWEEP_QUEUE, { kind: "auto-refresh" }, { dedupeId: "auto-refresh-sweep" });
          } catch {
            /* closing */
          }
        }, opts.sweepEveryMs);
        sweepTimer.unref();
      }
    },
    async enqueue(queue, data, options = {}) {
      return view(add(queue, data, options).record);
    },
    async enqueueMany(queue, jobs) {
      let added = 0;
      for (const j of jobs) if (add(queue, j.data, { jobId: j.jobId }).added) added++;
      return added;
    },
    async get(id) {
      const r = records.get(id);
      return r ? view(r) : null;
    },
    async counts() {
      const counts: QueueCounts[] = [];
      for (const [name, q] of queues) {
        const c: QueueCounts = {
          queue: name,
          waiting: 0,
          delayed: 0,
          active: q.active,
          completed: 0,
          failed: 0,
        };
        for (const r of records.values()) {
          if (r.queue !== name) continue;
          if (r.state === "waiting") c.waiting++;
          else if (r.state === "delayed") c.delayed++;
          else if (r.state === "completed") c.completed++;
          else if (r.state === "failed") c.failed++;
        }
        counts.push(c);
      }
      return counts;
    },
    async recent(limit) {
      return [...records.values()]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, limit)
        .map(view);
    },
    async close({ drainMs = 10_000 } = {}) {
      if (closing) return;
      closing = true;
      if (sweepTimer) clearInterval(sweepTimer);
      for (const t of timers) clearTimeout(t);
      timers.clear();
      let dropped = 0;
      for (const q of queues.values()) {
        dropped += q.waiting.length;
        q.waiting.length = 0;
      }
      const running = () => [...records.values()].filter((r) => r.state === "active" && r.done);
      const all = () => Promise.all(running().map((r) => r.done));
      const drained = await Promise.race([
        all().then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), drainMs).unref()),
      ]);
      if (!drained) {
        const left = running();
        logger.warn({ jobs: left.map((r) => r.id) }, "drain time is over: stopping running jobs");
        for (const r of left) r.controller?.abort(new Error("the server is shutting down"));
        await Promise.race([all(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      }
      if (dropped > 0) logger.warn({ jobs: dropped }, "queued jobs dropped at shutdown (in-process queue)");
    },
  };
}

/** Import uploads kept in memory (no Redis): one process receives and runs them. */
export function createMemoryUploadStore(): UploadStore {
  const files = new Map<string, Buffer>();
  return {
    async put(id, content) {
      files.set(id, content);
    },
    async get(id) {
      return files.get(id) ?? null;
    },
    async delete(id) {
      files.delete(id);
    },
  };
}
