import type { JobProgress, JobView, QueueCounts } from "#core/schemas/jobs";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";
import type { ScaleLogger } from "../shared/redis";

/**
 * The job system's vocabulary, shared by the BullMQ runner (Redis) and the in-process one.
 * Queues: one refresh queue per platform (its concurrency is the platform's limit across all
 * instances), one for bulk work (imports, seeds), one for the auto-refresh sweep.
 */

export const REFRESH_QUEUES: Record<Platform, string> = {
  instagram: "refresh-instagram",
  tiktok: "refresh-tiktok",
  youtube: "refresh-youtube",
};
export const BULK_QUEUE = "bulk";
export const SWEEP_QUEUE = "auto-refresh";
/** "Find more on {platform}" searches (issue #35). */
export const EXPAND_QUEUE = "discovery-expand";
/** The index's growth around reports and admin crawls (issue #35). */
export const GROWTH_QUEUE = "index-growth";
export const CRAWL_QUEUE = "index-crawl";
export const ALL_QUEUES = [
  ...Object.values(REFRESH_QUEUES),
  BULK_QUEUE,
  SWEEP_QUEUE,
  EXPAND_QUEUE,
  GROWTH_QUEUE,
  CRAWL_QUEUE,
];

export type RefreshReason = "admin" | "viewing" | "daily" | "weekly";

export interface RefreshJobData {
  kind: "refresh";
  platform: Platform;
  username: string;
  reason: RefreshReason;
}

export interface ImportJobData {
  kind: "import";
  fileName: string;
  format: "csv" | "ndjson";
  bytes: number;
}

export interface SeedJobData {
  kind: "seed";
  count: number;
}

export interface SweepJobData {
  kind: "auto-refresh";
  /** Overrides the admin's setting for this run (an admin's "refresh what is due now"). */
  mode?: "daily" | "weekly";
}

/** A platform search of discovery (issue #35); its state lives in discovery_expand_jobs. */
export interface ExpandJobData {
  kind: "expand";
  expandId: string;
  platform: Platform;
}

/** A run of the index's growth: reads waiting candidates within pace and budget (issue #35). */
export interface GrowthJobData {
  kind: "index-growth";
}

/** An admin's crawl; its state lives in crawl_jobs. */
export interface CrawlJobData {
  kind: "crawl";
  crawlId: string;
}

export type JobData =
  | RefreshJobData
  | ImportJobData
  | SeedJobData
  | SweepJobData
  | ExpandJobData
  | GrowthJobData
  | CrawlJobData;

/** What a processor gets besides its data. */
export interface JobContext {
  id: string;
  /** Aborts when the instance shuts down and the drain time is over (the job is handed back). */
  signal: AbortSignal;
  /** Attempts made before this one. */
  attemptsMade: number;
  progress(p: JobProgress): Promise<void>;
  log: ScaleLogger;
}

/** A failure that retrying will not cure (unknown account, bad file): fail now, no retries. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

/** The platform asked us to slow down: pause this queue for `delayMs`, and put the job back untouched. */
export class QueueRateLimitedError extends Error {
  override name = "QueueRateLimitedError";
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

export type Processor = (data: JobData, ctx: JobContext) => Promise<Record<string, unknown>>;

export interface QueueSpec {
  name: string;
  /** Jobs of this queue running at once across every instance. */
  concurrency: number;
  attempts: number;
  /** First retry delay; doubles per attempt. */
  backoffMs: number;
}

export interface EnqueueOptions {
  /** A stable id makes the enqueue idempotent: a job with this id is added once while it is kept. */
  jobId?: string;
  /** Never two waiting/active jobs with this id (a second enqueue returns the pending one). */
  dedupeId?: string;
}

/** Uploaded import files, kept until their job has run (Redis with REDIS_URL, memory without). */
export interface UploadStore {
  put(id: string, content: Buffer): Promise<void>;
  get(id: string): Promise<Buffer | null>;
  delete(id: string): Promise<void>;
}

/** A queue backend. */
export interface JobRunner {
  readonly backend: "redis" | "memory";
  /** Starts this instance's workers (when `workers`) and the periodic sweep. */
  start(opts: { workers: boolean }): Promise<void>;
  enqueue(queue: string, data: JobData, opts?: EnqueueOptions): Promise<JobView>;
  /** Many jobs at once (the sweep); returns how many were new. */
  enqueueMany(queue: string, jobs: { data: JobData; jobId: string }[]): Promise<number>;
  get(id: string): Promise<JobView | null>;
  counts(): Promise<QueueCounts[]>;
  recent(limit: number): Promise<JobView[]>;
  /** Stop taking jobs; let running ones finish for `drainMs`, then hand them back; close connections. */
  close(opts?: { drainMs?: number }): Promise<void>;
}

export type JobObserver = (
  queue: string,
  outcome: "completed" | "failed" | "retrying",
  seconds: number,
) => void;

/** A job id names its queue first: `<queue>~<rest>` (BullMQ ids may not contain ":"). */
export function jobIdFor(queue: string, ...parts: string[]): string {
  // Parts outside the safe alphabet (e.g. a Unicode YouTube handle) are base64url-encoded, never
  // squashed, so two handles can never share an id.
  const safe = (p: string) =>
    /^[A-Za-z0-9._-]+$/.test(p) ? p : `b64-${Buffer.from(p).toString("base64url")}`;
  return [queue, ...parts.map(safe)].join("~");
}

export function queueOfJobId(id: string): string | undefined {
  const queue = id.split("~")[0];
  return queue && ALL_QUEUES.includes(queue) ? queue : undefined;
}

/** The job's label, for people. */
export function labelOf(data: JobData): string {
  switch (data.kind) {
    case "refresh":
      return `Refresh @${data.username} on ${PLATFORM_LABELS[data.platform]} (${data.reason})`;
    case "import":
      return `Import ${data.fileName} (${data.format.toUpperCase()}, ${formatBytes(data.bytes)})`;
    case "seed":
      return `Seed ${data.count.toLocaleString("en-US")} sample creators`;
    case "auto-refresh":
      return data.mode ? `Refresh accounts due (${data.mode}, run by an admin)` : "Auto-refresh sweep";
    case "expand":
      return `Find more on ${PLATFORM_LABELS[data.platform]}`;
    case "index-growth":
      return "Grow the index around reports";
    case "crawl":
      return "Crawl outward from seed accounts";
  }
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
