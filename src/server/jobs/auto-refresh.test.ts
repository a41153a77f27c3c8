import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AutoRefreshMode } from "#core/schemas/jobs";
import type { Database } from "../db/database";
import { createTestDatabase, testedDatabaseKinds } from "../testing/test-db";
import {
  DAY_MS,
  findDueAccounts,
  periodBucket,
  refreshPeriodMs,
  shouldRefreshOnView,
  VIEW_STALE_MS,
} from "./auto-refresh";
import { createMemoryJobRunner, createMemoryUploadStore } from "./memory-runner";
import { createProcessor } from "./processors";
import { REFRESH_QUEUES, type RefreshJobData } from "./types";

const NOW = new Date("2026-11-22T12:00:00.000Z"); // a Sunday
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const HOUR = 3_600_000;

describe("auto-refresh rules", () => {
  it("maps each setting to a period: daily a day, weekly a week, never and viewing no sweep", () => {
    expect(refreshPeriodMs("daily")).toBe(DAY_MS);
    expect(refreshPeriodMs("weekly")).toBe(7 * DAY_MS);
    expect(refreshPeriodMs("never")).toBeNull();
    expect(refreshPeriodMs("viewing")).toBeNull();
  });

  it("refreshes on viewing only under 'viewing', only real accounts, only reports a day old", () => {
    const report = { createdAtMs: ago(VIEW_STALE_MS).getTime(), isSample: false };
    expect(shouldRefreshOnView("viewing", report, NOW.getTime())).toBe(true);
    expect(
      shouldRefreshOnView(
        "viewing",
        { ...report, createdAtMs: ago(VIEW_STALE_MS - 1).getTime() },
        NOW.getTime(),
      ),
    ).toBe(false);
    expect(shouldRefreshOnView("viewing", { ...report, isSample: true }, NOW.getTime())).toBe(false);
    expect(shouldRefreshOnView("viewing", { ...report, source: "web-search" }, NOW.getTime())).toBe(false);
    for (const mode of ["never", "daily", "weekly"] as const)
      expect(shouldRefreshOnView(mode, report, NOW.getTime())).toBe(false);
  });

  it("names the period of a refresh: the UTC day, or the ISO week", () => {
    expect(periodBucket("daily", NOW)).toBe("2026-11-22");
    expect(periodBucket("viewing", new Date("2026-11-22T23:59:59Z"))).toBe("2026-11-22");
    expect(periodBucket("weekly", NOW)).toBe("2026-W47"); // Sunday closes ISO week 47
    expect(periodBucket("weekly", new Date("2026-11-23T00:00:00Z"))).toBe("2026-W48"); // Monday opens 48
    expect(periodBucket("weekly", new Date("2026-01-01T12:00:00Z"))).toBe("2026-W01"); // a Thursday
    expect(periodBucket("weekly", new Date("2027-01-01T12:00:00Z"))).toBe("2026-W53"); // a Friday
  });
});

describe.each(testedDatabaseKinds())("due accounts on %s", (kind) => {
  let database: Database;

  async function account(
    username: string,
    opts: { analyzed: Date | null; source?: string; sample?: boolean; platform?: string },
  ) {
    await database.db.execute(sql`
      insert into accounts (platform, username, source, is_sample, last_analyzed_at)
      values (${opts.platform ?? "tiktok"}, ${username}, ${opts.source ?? "tiktok-web"}, ${opts.sample ?? false},
              ${opts.analyzed ? opts.analyzed.toISOString() : null}::timestamptz)`);
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await account("fresh", { analyzed: ago(HOUR) });
    await account("two_days", { analyzed: ago(2 * DAY_MS) });
    await account("exactly_a_day", { analyzed: ago(DAY_MS) });
    await account("eight_days", {
      analyzed: ago(8 * DAY_MS),
      platform: "instagram",
      source: "instagram-web",
    });
    await account("old_yt", { analyzed: ago(30 * DAY_MS), platform: "youtube", source: "youtube-api" });
    await account("sample_old", { analyzed: ago(30 * DAY_MS), source: "sample", sample: true });
    await account("estimate_old", { analyzed: ago(30 * DAY_MS), source: "web-search" });
    await account("imported", { analyzed: null, source: "import" });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function due(mode: AutoRefreshMode, opts: { pageSize?: number; limit?: number; now?: Date } = {}) {
    const pages: string[][] = [];
    for await (const page of findDueAccounts(database.db, { mode, now: opts.now ?? NOW, ...opts }))
      pages.push(page.map((a) => `${a.platform}:${a.username}`));
    return pages;
  }

  it("daily: every real account whose report is a day old or more, oldest first", async () => {
    expect((await due("daily")).flat()).toEqual([
      "youtube:old_yt",
      "instagram:eight_days",
      "tiktok:two_days",
      "tiktok:exactly_a_day",
    ]);
  });

  it("weekly: a week old or more; never and viewing: no sweep at all", async () => {
    expect((await due("weekly")).flat()).toEqual(["youtube:old_yt", "instagram:eight_days"]);
    expect(await due("never")).toEqual([]);
    expect(await due("viewing")).toEqual([]);
  });

  it("the clock decides: an hour later the fresh account is still not due, a day later it is", async () => {
    expect((await due("daily", { now: new Date(NOW.getTime() + HOUR) })).flat()).not.toContain(
      "tiktok:fresh",
    );
    expect((await due("daily", { now: new Date(NOW.getTime() + DAY_MS) })).flat()).toContain("tiktok:fresh");
  });

  it("pages through every due account once, and stops at the limit", async () => {
    const pages = await due("daily", { pageSize: 2 });
    expect(pages.map((p) => p.length)).toEqual([2, 2]);
    expect(new Set(pages.flat()).size).toBe(4);
    expect((await due("daily", { pageSize: 3, limit: 3 })).flat()).toHaveLength(3);
  });

  it("the sweep queues each due account once per period, following the admin's setting", async () => {
    let mode: AutoRefreshMode = "never";
    const runner = createMemoryJobRunner({
      specs: Object.values(REFRESH_QUEUES).map((name) => ({
        name,
        concurrency: 1,
        attempts: 1,
        backoffMs: 1,
      })),
      processor: () => {
        throw new Error("no workers in this test");
      },
      sweepEveryMs: 0,
    });
    const queued: { queue: string; jobId: string; data: RefreshJobData }[] = [];
    const processor = createProcessor({
      db: database.db,
      reports: {
        refresh: () => {
          throw new Error("the sweep only queues refreshes");
        },
      },
      uploads: createMemoryUploadStore(),
      getAutoRefresh: async () => mode,
      now: () => NOW,
      enqueueRefreshes: async (queue, jobs) => {
        for (const j of jobs) queued.push({ queue, ...j });
        return runner.enqueueMany(queue, jobs);
      },
    });
    const ctx = {
      id: "auto-refresh~test",
      signal: new AbortController().signal,
      attemptsMade: 0,
      progress: async () => {},
      log: { info() {}, warn() {}, error() {} },
    };
    expect(await processor({ kind: "auto-refresh" }, ctx)).toEqual({
      mode: "never",
      due: 0,
      enqueued: 0,
      watched: 0,
      benchmarks: 0, // the first sweep of the night recomputes the installation benchmarks (no reports: 0 cells)
    });
    mode = "weekly";
    expect(await processor({ kind: "auto-refresh" }, ctx)).toEqual({
      mode: "weekly",
      due: 2,
      enqueued: 2,
      watched: 0,
      benchmarks: null, // already ran tonight
    });
    expect(queued.map((q) => q.jobId).sort()).toEqual([
      "refresh-instagram~weekly-2026-W47~eight_days",
      "refresh-youtube~weekly-2026-W47~old_yt",
    ]);
    expect(queued[0]!.data).toMatchObject({ kind: "refresh", reason: "weekly" });
    mode = "daily";
    // Daily names its own periods: all four are new jobs.
    expect(await processor({ kind: "auto-refresh" }, ctx)).toEqual({
      mode: "daily",
      due: 4,
      enqueued: 4,
      watched: 0,
      benchmarks: null, // already ran tonight
    });
    // The next sweep in the same day queues nothing new (the same job ids).
    expect(await processor({ kind: "auto-refresh" }, ctx)).toEqual({
      mode: "daily",
      due: 4,
      enqueued: 0,
      watched: 0,
      benchmarks: null, // already ran tonight
    });
    // An admin's "run now" with an explicit cadence overrides the setting.
    mode = "never";
    expect(await processor({ kind: "auto-refresh", mode: "weekly" }, ctx)).toMatchObject({
      mode: "weekly",
      due: 2,
    });
    await runner.close({ drainMs: 0 });
  });
});
