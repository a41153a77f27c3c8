import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../testing/test-app";

/**
 * Issue #33, item 6: a user's watchlists cannot order unbounded upstream re-fetches. With
 * USER_DAILY_REPORT_LIMIT=2, the sweep queues at most 2 daily and 14 weekly refreshes for one user.
 */
describe("watchlist refreshes are bounded per user", () => {
  const t = useTestApp("pglite", {
    env: {
      DEV_LOGIN: "1",
      USER_DAILY_REPORT_LIMIT: "2",
      COLLECTORS: "tiktok",
      // Refreshes that run fail fast: this test counts what the sweep queues.
      TIKTOK_BASE_URL: "http://127.0.0.1:9",
      UPSTREAM_RETRIES: "0",
    },
  });
  const DAY = 86_400_000;

  async function user(email: string) {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/dev-login", payload: { email } });
    return res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  }
  async function list(cookie: string, cadence: "daily" | "weekly", handles: string[]) {
    const id = (
      await t.app.inject({
        method: "POST",
        url: "/api/watchlists",
        headers: { cookie },
        payload: { name: cadence, cadence },
      })
    ).json().id;
    for (const username of handles) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/watchlists/${id}/accounts`,
        headers: { cookie },
        payload: { platform: "tiktok", username },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
  async function stored(handles: string[], analysedDaysAgo: number) {
    const at = new Date(Date.now() - analysedDaysAgo * DAY).toISOString();
    for (const h of handles)
      await t.database.db.execute(
        sql`insert into accounts (platform, username, source, last_analyzed_at) values ('tiktok', ${h}, 'tiktok-web', ${at}::timestamptz)`,
      );
  }
  async function sweep(): Promise<number> {
    const job = await t.app.jobs.runSweep("weekly");
    for (let i = 0; i < 500; i++) {
      const view = await t.app.jobs.get(job.id);
      if (view?.state === "completed") return Number((view.result as { watched: number }).watched);
      if (view?.state === "failed") throw new Error(view.error ?? "sweep failed");
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error("the sweep did not finish");
  }

  const daily = ["d1", "d2", "d3", "d4"];
  const weekly = Array.from({ length: 20 }, (_, i) => `w${i + 1}`);

  beforeAll(async () => {
    await stored(daily, 2);
    await stored(weekly, 8);
  });

  it("queues the first USER_DAILY_REPORT_LIMIT accounts daily and 7 × that many weekly for one user, whatever the lists hold", async () => {
    const ann = await user("ann@example.com");
    await list(ann, "daily", daily);
    await list(ann, "weekly", weekly);
    // Without the bound: 4 daily (2 days old) + 20 weekly (8 days old) = 24. With it: d1, d2 daily;
    // d3, d4 become weekly (2 days old: not due); w1–w10 fill the weekly allowance of 14; w11–w20 wait.
    expect(await sweep()).toBe(12);
  });

  it("counts another user's lists against that user, not the first", async () => {
    const bob = await user("bob@example.com");
    // d3 is within bob's daily allowance: it is due today for him.
    await list(bob, "daily", ["d3"]);
    // The 12 queued before keep their job ids; d3 is the only new one.
    expect(await sweep()).toBe(1);
  });
});
