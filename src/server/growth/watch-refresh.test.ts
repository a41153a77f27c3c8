import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeUpstream, startFakeUpstream } from "../collectors/testing/fake-upstream";
import { fixture } from "../collectors/testing/helpers";
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

/**
 * Issue #33, item 6: background refreshes never starve interactive reports. With a pace of 4
 * requests a minute to TikTok and 4 watched accounts due, the refreshes take at most half the
 * pace; two people who open a report meanwhile get it.
 */
describe("watchlist refreshes leave half of a source's pace to interactive reports", () => {
  let fake: FakeUpstream;
  const HTML = { "content-type": "text/html; charset=utf-8" };
  const page = (handle: string) => fixture("tiktok-profile.html").replaceAll("examplecreator", handle);
  // Before the app (registered first): its TIKTOK_BASE_URL is the fake's address.
  beforeAll(async () => {
    fake = await startFakeUpstream();
    for (const h of ["r1", "r2", "r3", "r4", "fresh1", "fresh2"])
      fake.route("GET", `/@${h}`, () => ({ body: page(h), headers: HTML }));
  });
  afterAll(async () => {
    await fake?.close();
  });
  const t = useTestApp("pglite", {
    env: {
      DEV_LOGIN: "1",
      COLLECTORS: "tiktok",
      SOURCE_PACE_PER_MINUTE: "4",
      UPSTREAM_RETRIES: "0",
      USER_DAILY_REPORT_LIMIT: "50",
      get TIKTOK_BASE_URL() {
        return fake.url;
      },
    },
  });

  it("refreshes two of four due accounts now and still answers two interactive reports", async () => {
    const at = new Date(Date.now() - 8 * 86_400_000).toISOString();
    for (const h of ["r1", "r2", "r3", "r4"])
      await t.database.db.execute(
        sql`insert into accounts (platform, username, source, last_analyzed_at) values ('tiktok', ${h}, 'tiktok-web', ${at}::timestamptz)`,
      );
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "pace@example.com" },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const id = (
      await t.app.inject({
        method: "POST",
        url: "/api/watchlists",
        headers: { cookie },
        payload: { name: "w", cadence: "weekly" },
      })
    ).json().id;
    for (const username of ["r1", "r2", "r3", "r4"])
      await t.app.inject({
        method: "POST",
        url: `/api/watchlists/${id}/accounts`,
        headers: { cookie },
        payload: { platform: "tiktok", username },
      });
    await t.app.jobs.runSweep("weekly");
    const fetched = () => ["r1", "r2", "r3", "r4"].filter((h) => fake.count(`/@${h}`) > 0);
    for (let i = 0; i < 250 && fetched().length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    // The other two refreshes have had their turn by now (a token comes back every 15 s).
    await new Promise((r) => setTimeout(r, 1500));
    expect(fetched()).toHaveLength(2);
    for (const h of ["fresh1", "fresh2"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/analyze",
        headers: { cookie },
        payload: { platform: "tiktok", username: h },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
