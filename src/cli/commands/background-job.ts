import type { JobView } from "#core/schemas/jobs";
import type { AppConfig } from "../../server/config";
import { createJobs, type Jobs } from "../../server/jobs";
import { redactUrl } from "../../server/ops/redact-url";
import { closeRedis, createRedisConnection, silentLogger, waitForRedis } from "../../server/shared/redis";
import { type CliIo, CliUsageError } from "../io";

export interface FollowOptions {
  /** Print the job id and return at once (the job goes on without the command). */
  detach?: boolean;
  pollMs?: number;
  /** After this long still waiting, say that no instance has picked the job up yet. */
  nudgeAfterMs?: number;
  tty?: { isTTY?: boolean; write?: (s: string) => void };
}

/**
 * `--background`: queues the work on the shared job queue (BullMQ on REDIS_URL) for the app's
 * instances to run, then follows its progress here until it finishes (Ctrl-C stops following, not
 * the job). Without REDIS_URL there is no queue another process could run it from.
 */
export async function runInBackground(
  config: AppConfig,
  io: CliIo,
  enqueue: (jobs: Jobs) => Promise<JobView>,
  /** Prints what the finished job did; returns the exit code. */
  report: (job: JobView) => number,
  opts: FollowOptions = {},
): Promise<number> {
  if (!config.redisUrl)
    throw new CliUsageError(
      "--background needs REDIS_URL: the app's instances run the job from the shared queue. " +
        "Without Redis, run the command without --background (it then runs here, in the foreground).",
    );
  const redis = createRedisConnection(config.redisUrl, "commands", silentLogger);
  if (!(await waitForRedis(redis, 5000))) {
    await closeRedis(redis);
    throw new CliUsageError(`Could not reach Redis at ${redactUrl(config.redisUrl)}.`);
  }
  const jobs = await createJobs(config, {
    getAutoRefresh: async () => "never",
    shared: { redis },
    logger: silentLogger,
    sweepEveryMs: 0,
  });
  try {
    await jobs.start({ workers: false });
    const queued = await enqueue(jobs);
    io.out(`Queued job ${queued.id}: ${queued.label}.`);
    if (opts.detach) {
      io.out(`Follow it with GET /api/admin/jobs/${encodeURIComponent(queued.id)} (admin).`);
      return 0;
    }
    const tty = opts.tty;
    const started = Date.now();
    let nudged = false;
    let lastShown = "";
    for (;;) {
      const job = await jobs.get(queued.id);
      if (!job) {
        io.err(`Job ${queued.id} is gone from the queue (finished jobs are kept for 7 days).`);
        return 1;
      }
      if (job.state === "completed") {
        if (tty?.isTTY && tty.write && lastShown) tty.write("\n");
        return report(job);
      }
      if (job.state === "failed") {
        if (tty?.isTTY && tty.write && lastShown) tty.write("\n");
        io.err(`Job ${job.id} failed after ${job.attempts} attempt(s): ${job.error ?? "unknown error"}`);
        return 1;
      }
      const shown = job.progress?.message ?? job.state;
      if (tty?.isTTY && tty.write && shown !== lastShown) {
        tty.write(`\r  ${shown}`);
        lastShown = shown;
      }
      if (!nudged && job.state === "waiting" && Date.now() - started > (opts.nudgeAfterMs ?? 15_000)) {
        nudged = true;
        io.err(
          "No app instance has picked the job up yet: are instances running on this REDIS_URL with JOB_WORKERS=1? " +
            "(Ctrl-C stops following; the job stays queued.)",
        );
      }
      await new Promise((r) => setTimeout(r, opts.pollMs ?? 500));
    }
  } finally {
    await jobs.close({ drainMs: 0 });
    await closeRedis(redis);
  }
}
