import { describe, expect, it } from "vitest";
import { createMemoryJobRunner, JobsClosedError } from "./memory-runner";
import {
  BULK_QUEUE,
  type JobContext,
  type JobData,
  PermanentJobError,
  type Processor,
  QueueRateLimitedError,
  type QueueSpec,
  REFRESH_QUEUES,
  SWEEP_QUEUE,
} from "./types";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const specs: QueueSpec[] = [
  { name: REFRESH_QUEUES.instagram, concurrency: 2, attempts: 3, backoffMs: 20 },
  { name: REFRESH_QUEUES.tiktok, concurrency: 2, attempts: 3, backoffMs: 20 },
  { name: REFRESH_QUEUES.youtube, concurrency: 2, attempts: 3, backoffMs: 20 },
  { name: BULK_QUEUE, concurrency: 1, attempts: 2, backoffMs: 20 },
  { name: SWEEP_QUEUE, concurrency: 1, attempts: 1, backoffMs: 20 },
];

const refresh = (username: string): JobData => ({
  kind: "refresh",
  platform: "instagram",
  username,
  reason: "admin",
});

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await sleep(10);
  }
}

function runnerWith(processor: Processor) {
  const outcomes: string[] = [];
  const runner = createMemoryJobRunner({
    specs,
    processor: () => processor,
    sweepEveryMs: 0,
    observer: (queue, outcome) => outcomes.push(`${queue}:${outcome}`),
  });
  return { runner, outcomes };
}

describe("in-process job runner (no Redis)", () => {
  it("runs each queue at its concurrency, with progress and results visible by id", async () => {
    let running = 0;
    let peak = 0;
    const { runner } = runnerWith(async (data, ctx) => {
      running++;
      peak = Math.max(peak, running);
      await ctx.progress({ done: 1, total: 2, message: "half way" });
      await sleep(40);
      running--;
      return { user: (data as { username: string }).username };
    });
    await runner.start({ workers: true });
    const jobs = await Promise.all(
      ["a", "b", "c", "d", "e"].map((u) => runner.enqueue(REFRESH_QUEUES.instagram, refresh(u))),
    );
    expect(jobs[0]).toMatchObject({ kind: "refresh", label: "Refresh @a on Instagram (admin)" });
    await until(async () => (await runner.get(jobs[4]!.id))?.state === "completed");
    expect(peak).toBe(2);
    expect(await runner.get(jobs[0]!.id)).toMatchObject({
      state: "completed",
      progress: { done: 1, total: 2, message: "half way" },
      result: { user: "a" },
      attempts: 1,
    });
    const counts = await runner.counts();
    expect(counts.find((c) => c.queue === REFRESH_QUEUES.instagram)).toMatchObject({
      completed: 5,
      active: 0,
    });
    expect((await runner.recent(2)).map((j) => j.id)).toHaveLength(2);
    await runner.close();
  });

  it("retries with backoff, fails after its attempts, and fails at once on a permanent error", async () => {
    const tries: Record<string, number> = {};
    const { runner, outcomes } = runnerWith(async (data) => {
      const u = (data as { username: string }).username;
      tries[u] = (tries[u] ?? 0) + 1;
      if (u === "flaky" && tries[u] < 3) throw new Error("upstream unreachable");
      if (u === "down") throw new Error("upstream unreachable");
      if (u === "ghost") throw new PermanentJobError("No Instagram account @ghost was found");
      return {};
    });
    await runner.start({ workers: true });
    const flaky = await runner.enqueue(REFRESH_QUEUES.instagram, refresh("flaky"));
    const down = await runner.enqueue(REFRESH_QUEUES.instagram, refresh("down"));
    const ghost = await runner.enqueue(REFRESH_QUEUES.instagram, refresh("ghost"));
    await until(async () =>
      (await Promise.all([flaky, down, ghost].map((j) => runner.get(j.id)))).every(
        (j) => j?.state === "completed" || j?.state === "failed",
      ),
    );
    expect(await runner.get(flaky.id)).toMatchObject({ state: "completed", attempts: 3 });
    expect(await runner.get(down.id)).toMatchObject({
      state: "failed",
      attempts: 3,
      error: "upstream unreachable",
    });
    expect(await runner.get(ghost.id)).toMatchObject({
      state: "failed",
      attempts: 1,
      error: "No Instagram account @ghost was found",
    });
    expect(tries).toEqual({ flaky: 3, down: 3, ghost: 1 });
    expect(outcomes.filter((o) => o.endsWith(":retrying"))).toHaveLength(4);
    await runner.close();
  });

  it("a platform rate limit pauses that queue without spending an attempt", async () => {
    let first = true;
    const startedAt: number[] = [];
    const { runner } = runnerWith(async () => {
      startedAt.push(Date.now());
      if (first) {
        first = false;
        throw new QueueRateLimitedError("Instagram is rate limiting us", 150);
      }
      return {};
    });
    await runner.start({ workers: true });
    const job = await runner.enqueue(REFRESH_QUEUES.instagram, refresh("busy"));
    await until(async () => (await runner.get(job.id))?.state === "completed");
    expect(startedAt[1]! - startedAt[0]!).toBeGreaterThanOrEqual(140);
    expect((await runner.get(job.id))?.attempts).toBe(1); // the rate-limited run is not counted
    await runner.close();
  });

  it("adds a job once per job id, and one pending job per dedupe id", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let runs = 0;
    const { runner } = runnerWith(async () => {
      runs++;
      await gate;
      return {};
    });
    await runner.start({ workers: true });
    const a = await runner.enqueue(BULK_QUEUE, { kind: "seed", count: 10 }, { dedupeId: "seed" });
    const b = await runner.enqueue(BULK_QUEUE, { kind: "seed", count: 20 }, { dedupeId: "seed" });
    expect(b.id).toBe(a.id);
    expect(
      await runner.enqueueMany(REFRESH_QUEUES.tiktok, [
        { data: refresh("x"), jobId: "refresh-tiktok~daily~x" },
        { data: refresh("x"), jobId: "refresh-tiktok~daily~x" },
        { data: refresh("y"), jobId: "refresh-tiktok~daily~y" },
      ]),
    ).toBe(2);
    expect(
      await runner.enqueueMany(REFRESH_QUEUES.tiktok, [
        { data: refresh("x"), jobId: "refresh-tiktok~daily~x" },
      ]),
    ).toBe(0);
    open();
    await until(async () => (await runner.get("refresh-tiktok~daily~y"))?.state === "completed");
    expect(runs).toBe(3);
    await runner.close();
  });

  it("drains at shutdown: running jobs finish, new ones are refused, and a job past the drain time is stopped", async () => {
    const finished: string[] = [];
    const { runner } = runnerWith(async (data: JobData, ctx: JobContext) => {
      const u = (data as { username: string }).username;
      if (u === "stuck") {
        await new Promise((_, reject) =>
          ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason)),
        );
      }
      await sleep(150);
      finished.push(u);
      return {};
    });
    await runner.start({ workers: true });
    const job = await runner.enqueue(REFRESH_QUEUES.youtube, refresh("slow"));
    await until(() => runner.activeCount === 1);
    const started = Date.now();
    await runner.close({ drainMs: 2000 });
    expect(finished).toEqual(["slow"]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await runner.get(job.id))?.state).toBe("completed");
    await expect(runner.enqueue(REFRESH_QUEUES.youtube, refresh("late"))).rejects.toBeInstanceOf(
      JobsClosedError,
    );

    const second = runnerWith(async (data: JobData, ctx: JobContext) => {
      await new Promise((_, reject) => ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason)));
      return { never: (data as { username: string }).username };
    });
    await second.runner.start({ workers: true });
    const stuck = await second.runner.enqueue(REFRESH_QUEUES.youtube, refresh("stuck"));
    await until(() => second.runner.activeCount === 1);
    const t0 = Date.now();
    await second.runner.close({ drainMs: 100 });
    expect(Date.now() - t0).toBeLessThan(1500);
    expect(second.runner.activeCount).toBe(0);
    expect((await second.runner.get(stuck.id))?.state).toBe("waiting");
  });
});
