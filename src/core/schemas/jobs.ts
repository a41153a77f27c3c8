import { z } from "zod";
import { platformSchema } from "./platform";

/**
 * Background jobs (admin API `/api/admin/jobs…`): auto-refresh of stored accounts, bulk imports and
 * sample seeds, with their progress. The same shapes whether jobs run on BullMQ (Redis) or in process.
 */

export const AUTO_REFRESH_MODES = ["never", "viewing", "daily", "weekly"] as const;
export type AutoRefreshMode = (typeof AUTO_REFRESH_MODES)[number];

export const JOB_KINDS = [
  "refresh",
  "import",
  "seed",
  "auto-refresh",
  "expand",
  "index-growth",
  "crawl",
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATES = ["waiting", "delayed", "active", "completed", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobProgressSchema = z.object({
  /** Units done so far: rows read, accounts seeded or enqueued. */
  done: z.number().int().nonnegative(),
  /** Units in all, when known. */
  total: z.number().int().nonnegative().optional(),
  message: z.string().max(500).optional(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

export const jobViewSchema = z.object({
  id: z.string().max(300),
  queue: z.string().max(100),
  kind: z.enum(JOB_KINDS),
  state: z.enum(JOB_STATES),
  /** What the job does, for people: "Refresh @foo on Instagram (daily)". */
  label: z.string().max(500),
  progress: jobProgressSchema.nullable(),
  /** What it produced (per kind: the refreshed account, the import summary, …). */
  result: z.record(z.string(), z.unknown()).nullable(),
  /** Why it failed (last attempt). */
  error: z.string().max(2000).nullable(),
  /** Runs that finished, the last one included (as BullMQ counts); a rate-limit pause or a hand-back at shutdown is not one. */
  attempts: z.number().int().nonnegative(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobView = z.infer<typeof jobViewSchema>;

export const queueCountsSchema = z.object({
  queue: z.string().max(100),
  waiting: z.number().int().nonnegative(),
  delayed: z.number().int().nonnegative(),
  active: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

export const jobsOverviewSchema = z.object({
  /** "redis": BullMQ, shared by every instance; "memory": this process only. */
  backend: z.enum(["redis", "memory"]),
  autoRefresh: z.enum(AUTO_REFRESH_MODES),
  queues: z.array(queueCountsSchema),
  /** The newest jobs of every queue, newest first. */
  recent: z.array(jobViewSchema),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

export const jobParamsSchema = z.strictObject({
  id: z
    .string()
    .trim()
    .min(1, { message: "Job id is required" })
    .max(300, { message: "Job id must be at most 300 characters" }),
});

export const refreshJobRequestSchema = z.strictObject({
  platform: platformSchema,
  username: z
    .string()
    .trim()
    .min(1, { message: "Username is required" })
    .max(100, { message: "Username must be at most 100 characters" }),
});

export const autoRefreshRunRequestSchema = z.strictObject({
  /** Refresh what this cadence makes due now (default: the admin's auto-refresh setting). */
  mode: z.enum(["daily", "weekly"], { error: "mode must be daily or weekly" }).optional(),
});

export const MAX_SEED_COUNT = 5_000_000;
export const seedJobRequestSchema = z.strictObject({
  count: z
    .number({ error: "count must be a number" })
    .int({ message: "count must be a whole number" })
    .min(1, { message: `count must be from 1 to ${MAX_SEED_COUNT}` })
    .max(MAX_SEED_COUNT, { message: `count must be from 1 to ${MAX_SEED_COUNT}` }),
});

/** Largest import file accepted by the API (the CLI reads files of any size in the foreground). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const importJobQuerySchema = z.strictObject({
  /** The file's name, shown in the job's label. */
  name: z
    .string()
    .trim()
    .max(200, { message: "name must be at most 200 characters" })
    .regex(/^[^/\\\n\r]*$/, { message: "name must be a file name, not a path" })
    .optional(),
});
