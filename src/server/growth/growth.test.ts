import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeUpstream, startFakeUpstream } from "../collectors/testing/fake-upstream";
import { fixture } from "../collectors/testing/helpers";
import { rowsOf } from "../db/rows";
import { cookieHeader as cookieOf, signIn } from "../testing/sign-in";
import { startTestApp, type TestAppHandle, useTestApp } from "../testing/test-app";
import { type DbKind, testedDatabaseKinds } from "../testing/test-db";
import {
  type SmtpReceiver,
  startSmtpReceiver,
  startWebhookReceiver,
  type WebhookReceiver,
} from "./testing/receivers";

/**
 * Growth over time, watchlists and alerts through the API, with an injected clock driven through
 * weeks of daily refreshes (the background jobs, in process) against a fake TikTok whose counts
 * change; alerts go to a local webhook receiver that checks the signature and a local SMTP server.
 */

const DAY = 86_400_000;
const HTML = { "content-type": "text/html; charset=utf-8" };

interface Profile {
  followers: number;
  likes: number;
  /** Ids of sponsored posts (#ad) among the newest posts. */
  sponsored: string[];
}

/** A TikTok profile page (the fixture's shape) with 12 posts, 2 days apart, ending a day before `now`. */
function tiktokPage(handle: string, p: Profile, now: Date): string {
  const base = fixture("tiktok-profile.html");
  const start = base.indexOf('<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__"');
  const end = base.indexOf("</script>", start) + "</script>".length;
  const items = [
    ...p.sponsored.map((id) => ({ id, desc: "My favourite pan #ad @brand", isAd: true })),
    ...Array.from({ length: 12 - p.sponsored.length }, (_, i) => ({
      id: `${handle}-${i}`,
      desc: "Weeknight pasta #recipe",
      isAd: false,
    })),
  ].map((item, i) => ({
    ...item,
    createTime: String(Math.floor((now.getTime() - (1 + i * 2) * DAY) / 1000)),
    video: { duration: 40 },
    stats: { playCount: 50_000, diggCount: p.likes, commentCount: 50, shareCount: 10 },
  }));
  const data = {
    __DEFAULT_SCOPE__: {
      "webapp.user-detail": {
        statusCode: 0,
        userInfo: {
          user: {
            id: "1",
            uniqueId: handle,
            nickname: `Chef ${handle}`,
            verified: false,
            privateAccount: false,
            signature: "Cooking every week",
          },
          stats: {
            followerCount: p.followers,
            followingCount: 150,
            videoCount: 300 + items.length,
            heartCount: 1,
          },
        },
        itemList: items,
      },
    },
  };
  return `${base.slice(0, start)}<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json">${JSON.stringify(data)}</script>${base.slice(end)}`;
}

describe.each(testedDatabaseKinds())(
  "growth, watchlists and alerts over weeks of refreshes (%s)",
  (kind: DbKind) => {
    let t: TestAppHandle;
    let fake: FakeUpstream;
    let hook: WebhookReceiver;
    let smtp: SmtpReceiver;
    let ann: string;
    let bob: string;
    let admin: string;
    let clock = new Date("2026-10-01T09:00:00Z");
    const profiles: Record<string, Profile> = {
      chef: { followers: 100_000, likes: 5000, sponsored: [] },
      baker: { followers: 40_000, likes: 2000, sponsored: [] },
    };
    const secrets: Record<string, string> = {};
    let listId = "";

    beforeAll(async () => {
      [fake, hook, smtp] = await Promise.all([
        startFakeUpstream(),
        startWebhookReceiver(),
        startSmtpReceiver(),
      ]);
      for (const handle of Object.keys(profiles))
        fake.route("GET", `/@${handle}`, () => ({
          body: tiktokPage(handle, profiles[handle]!, clock),
          headers: HTML,
        }));
      t = await startTestApp(kind, {
        env: {
          DEV_LOGIN: "1",
          ADMIN_EMAILS: "admin@example.com",
          COLLECTORS: "tiktok",
          TIKTOK_BASE_URL: fake.url,
          UPSTREAM_RETRIES: "0",
          USER_DAILY_REPORT_LIMIT: "1000",
          // The clock runs through months: sessions must outlive it.
          SESSION_TTL_DAYS: "365",
          WEBHOOK_ALLOW_PRIVATE: "1",
          SMTP_URL: smtp.url,
          MAIL_FROM: "Alerts <alerts@example.com>",
        },
        now: () => clock,
      });
      const login = (email: string) => signIn(t.app, email);
      [ann, bob, admin] = [
        await login("ann@example.com"),
        await login("bob@example.com"),
        await login("admin@example.com"),
      ];
    });
    afterAll(async () => {
      await t?.close();
      await Promise.all([fake?.close(), hook?.close(), smtp?.close()]);
    });

    const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
    const post = (url: string, payload: unknown, cookie?: string) =>
      t.app.inject({ method: "POST", url, payload: payload as object, headers: cookie ? { cookie } : {} });

    async function analyse(handle: string) {
      const res = await post("/api/analyze", { username: handle, platform: "tiktok" }, ann);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    }

    /** Waits until no refresh job is waiting or running. */
    async function jobsSettled() {
      for (let i = 0; i < 500; i++) {
        const counts = await t.app.jobs.overview(1);
        const busy = counts.queues.some((q) => q.waiting + q.active + q.delayed > 0);
        if (!busy) return;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error("jobs did not settle");
    }

    /** One day later: the sweep queues what the watchlists' cadence makes due, the refreshes run, alerts go out. */
    async function nextDay(change: (p: Record<string, Profile>) => void = () => {}) {
      clock = new Date(clock.getTime() + DAY);
      change(profiles);
      const sweep = await t.app.jobs.runSweep();
      for (let i = 0; i < 500; i++) {
        const job = await t.app.jobs.get(sweep.id);
        if (job?.state === "completed") break;
        if (job?.state === "failed") throw new Error(job.error ?? "sweep failed");
        await new Promise((r) => setTimeout(r, 10));
      }
      await jobsSettled();
      await t.app.growth.tick();
    }

    const growthOf = async (handle: string) => {
      const res = await get(`/api/accounts/${handle}/growth?platform=tiktok`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const reportOf = async (handle: string) => (await get(`/api/accounts/${handle}?platform=tiktok`)).json();

    it("keeps a dated point per analysis; the growth endpoint validates its input and says 404 for unknown accounts", async () => {
      const report = await analyse("chef");
      expect(report.metrics.grade.subScores.growth).toBeNull();
      const g = await growthOf("chef");
      expect(g.points).toEqual([
        {
          at: clock.toISOString(),
          followers: 100_000,
          following: 150,
          postsCount: 312,
          engagementRate: expect.any(Number),
          medianViews: 50_000,
          source: "tiktok-web",
        },
      ]);
      expect(g.change).toEqual({ days7: null, days30: null, days90: null });
      expect(g.summary).toBeNull();
      const bad = await get("/api/accounts/chef/growth?platform=myspace");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/platform/i);
      const missing = await get("/api/accounts/nobody/growth?platform=tiktok");
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(
        "No TikTok account @nobody has been analysed yet; analyse it first.",
      );
    });

    it("keeps watchlists private: other users and visitors get 404 or 401, bad input a 400 naming the field", async () => {
      expect((await get("/api/watchlists")).statusCode).toBe(401);
      const bad = await post("/api/watchlists", { name: "Roster", cadence: "hourly" }, ann);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/cadence/);
      const created = await post("/api/watchlists", { name: "Roster", cadence: "daily" }, ann);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toEqual({ id: expect.any(String), name: "Roster", cadence: "daily" });
      listId = created.json().id;
      expect((await get(`/api/watchlists/${listId}`, bob)).statusCode).toBe(404);
      expect(
        (await post(`/api/watchlists/${listId}/accounts`, { platform: "tiktok", username: "chef" }, bob))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: "DELETE", url: `/api/watchlists/${listId}`, headers: { cookie: bob } }))
          .statusCode,
      ).toBe(404);
      expect((await get("/api/watchlists", bob)).json()).toEqual({ watchlists: [] });
      const unknown = await post(
        `/api/watchlists/${listId}/accounts`,
        { platform: "tiktok", username: "nobody" },
        ann,
      );
      expect(unknown.statusCode).toBe(404);
      const added = await post(
        `/api/watchlists/${listId}/accounts`,
        { platform: "tiktok", username: "@Chef" },
        ann,
      );
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toEqual({ platform: "tiktok", username: "chef" });
      const lists = (await get("/api/watchlists", ann)).json();
      expect(lists.watchlists).toEqual([
        {
          id: listId,
          name: "Roster",
          cadence: "daily",
          accounts: 1,
          rules: 0,
          createdAt: expect.any(String),
        },
      ]);
    });

    it("creates alert rules, showing a webhook's secret once; a threshold kind without one is a 400", async () => {
      const noThreshold = await post(
        `/api/watchlists/${listId}/alerts`,
        { kind: "followers_change", channel: { type: "webhook", url: `${hook.url}/x` } },
        ann,
      );
      expect(noThreshold.statusCode).toBe(400);
      expect(noThreshold.json().message).toMatch(/threshold/);
      const badMail = await post(
        `/api/watchlists/${listId}/alerts`,
        { kind: "sponsored_post", channel: { type: "email", to: "not-an-address" } },
        ann,
      );
      expect(badMail.statusCode).toBe(400);
      expect(badMail.json().message).toMatch(/channel\.to|e-mail/);
      const rules: [string, number | undefined][] = [
        ["followers_change", 10],
        ["engagement_change", 25],
        ["grade_change", undefined],
        ["anomaly", undefined],
      ];
      for (const [kind, threshold] of rules) {
        const res = await post(
          `/api/watchlists/${listId}/alerts`,
          {
            kind,
            ...(threshold ? { threshold } : {}),
            channel: { type: "webhook", url: `${hook.url}/${kind}` },
          },
          ann,
        );
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({
          kind,
          threshold: threshold ?? null,
          channel: { type: "webhook" },
        });
        expect(res.json().secret).toMatch(/^[0-9a-f]{64}$/);
        secrets[kind] = res.json().secret;
      }
      const mail = await post(
        `/api/watchlists/${listId}/alerts`,
        { kind: "sponsored_post", channel: { type: "email", to: "ann@example.com" } },
        ann,
      );
      expect(mail.statusCode, mail.body).toBe(201);
      expect(mail.json().secret).toBeUndefined();
      const detail = (await get(`/api/watchlists/${listId}`, ann)).json();
      expect(detail.rules).toHaveLength(5);
      expect(JSON.stringify(detail)).not.toContain(secrets.anomaly);
    });

    it("refreshes watched accounts daily through the jobs; the growth sub-score appears once two points are 7 days apart", async () => {
      const growthSub: (number | null)[] = [];
      for (let d = 1; d <= 10; d++) {
        await nextDay((p) => {
          p.chef!.followers = Math.round(p.chef!.followers * 1.002);
        });
        growthSub.push((await reportOf("chef")).metrics.grade.subScores.growth?.value ?? null);
      }
      // Days 1–6: no point a week old yet; from day 7 on, the sub-score.
      expect(growthSub.slice(0, 6)).toEqual([null, null, null, null, null, null]);
      expect(growthSub.slice(6).every((v) => typeof v === "number")).toBe(true);
      const g = await growthOf("chef");
      expect(g.points).toHaveLength(11);
      // The unwatched account is not refreshed.
      expect(fake.count("/@baker")).toBe(0);
      const seven = g.points[g.points.length - 8];
      const last = g.points[g.points.length - 1];
      expect(g.change.days7).toMatchObject({
        followers: last.followers - seven.followers,
        followersPct: Math.round((last.followers / seven.followers - 1) * 10_000) / 100,
        points: 8,
        from: seven.at,
      });
      expect(g.change.days30).toBeNull();
      // Slow growth: no alert yet.
      expect(hook.received).toHaveLength(0);
    });

    it("flags a follower jump without engagement as an anomaly and alerts on it, on followers and on engagement, each once", async () => {
      hook.failNext(1); // the first webhook attempt fails: it is retried with backoff
      await nextDay((p) => {
        p.chef!.followers = Math.round(p.chef!.followers * 1.3);
        p.chef!.likes = 3500;
      });
      const g = await growthOf("chef");
      expect(g.anomalies).toHaveLength(1);
      expect(g.anomalies[0]).toMatchObject({
        kind: "spike",
        from: g.points[g.points.length - 2].at,
        to: g.points[g.points.length - 1].at,
      });
      expect(g.anomalies[0].message).toMatch(
        /^\+30% followers in 1 day while engagement per post fell 30%: a pattern seen with bought followers$/,
      );
      const report = await reportOf("chef");
      expect(report.metrics.authenticity.flags).toContain(g.anomalies[0].message);
      // Later days: the retry goes out, nothing fires twice.
      for (let d = 0; d < 4; d++) await nextDay();
      const kinds = hook.received.map((r) => (r.json as { kind: string }).kind);
      for (const kind of ["followers_change", "engagement_change", "anomaly"])
        expect(
          kinds.filter((k) => k === kind),
          kind,
        ).toHaveLength(1);
      for (const r of hook.received) {
        const kind = (r.json as { kind: string }).kind;
        expect(hook.verify(r, secrets[kind]!), kind).toBe(true);
        expect(hook.verify(r, secrets[kind === "anomaly" ? "grade_change" : "anomaly"]!)).toBe(false);
        expect(r.path).toBe(`/${kind}`);
      }
      const followers = hook.received.find((r) => (r.json as { kind: string }).kind === "followers_change")!;
      expect(followers.json).toMatchObject({
        event: "alert",
        watchlist: { id: listId, name: "Roster" },
        account: { platform: "tiktok", username: "chef", url: "http://localhost:5000/report/tiktok/chef" },
        details: { changePct: expect.any(Number) },
      });
      expect((followers.json as { message: string }).message).toMatch(
        /^@chef on TikTok: followers \+3\d\.\d% \(100,000 → 13\d,\d{3}\) since 2026-10-01$/,
      );
      const detail = (await get(`/api/watchlists/${listId}`, ann)).json();
      const retried = detail.deliveries.filter((d: { attempts: number }) => d.attempts === 2);
      expect(retried).toHaveLength(1);
      expect(detail.deliveries.every((d: { status: string }) => d.status === "delivered")).toBe(true);
    });

    it("alerts on each grade change once", async () => {
      const grades = rowsOf<{ grade: string | null }>(
        await t.database.db.execute(
          sql`select grade from growth_points where account_id = (select id from accounts where username = 'chef') order by at`,
        ),
      ).map((r) => r.grade);
      let changes = 0;
      for (let i = 1; i < grades.length; i++)
        if (grades[i] && grades[i - 1] && grades[i] !== grades[i - 1]) changes++;
      expect(changes).toBeGreaterThan(0);
      const sent = hook.received.filter((r) => (r.json as { kind: string }).kind === "grade_change");
      expect(sent).toHaveLength(changes);
      expect((sent[0]!.json as { message: string }).message).toMatch(/: grade [A-F][+-]? → [A-F][+-]?$/);
    });

    it("e-mails a new sponsored post once, through SMTP", async () => {
      expect(smtp.messages).toHaveLength(0);
      await nextDay((p) => {
        p.chef!.sponsored = ["chef-ad-1"];
      });
      await nextDay();
      await nextDay();
      expect(smtp.messages).toHaveLength(1);
      const mail = smtp.messages[0]!;
      expect(mail.to).toEqual(["ann@example.com"]);
      expect(mail.from).toBe("alerts@example.com");
      expect(mail.raw.replace(/\r?\n[ \t]+/g, " ")).toMatch(
        /Subject: .*@chef on TikTok: a new post detected as sponsored/,
      );
      expect(mail.raw).toContain("http://localhost:5000/report/tiktok/chef");
    });

    it("lands every alert in the owner's notifications only, and marks them read", async () => {
      const mine = (await get("/api/notifications", ann)).json();
      const total = hook.received.length + smtp.messages.length;
      expect(mine.notifications).toHaveLength(total);
      expect(mine.unread).toBe(total);
      expect(mine.notifications.map((n: { kind: string }) => n.kind)).toContain("sponsored_post");
      expect((await get("/api/notifications", bob)).json()).toEqual({ notifications: [], unread: 0 });
      expect((await get("/api/notifications")).statusCode).toBe(401);
      const read = await post("/api/notifications/read", { ids: [mine.notifications[0].id] }, ann);
      expect(read.json().unread).toBe(total - 1);
      const all = await post("/api/notifications/read", {}, ann);
      expect(all.json().unread).toBe(0);
    });

    it("shows the watchlist's accounts with their latest figures, changes and sparkline", async () => {
      for (let d = 0; d < 13; d++) await nextDay();
      const detail = (await get(`/api/watchlists/${listId}`, ann)).json();
      expect(detail.accounts).toHaveLength(1);
      const chef = detail.accounts[0];
      const g = await growthOf("chef");
      expect(g.points).toHaveLength(32);
      expect(chef).toMatchObject({
        platform: "tiktok",
        username: "chef",
        followers: profiles.chef!.followers,
      });
      expect(chef.change).toEqual(g.change);
      expect(g.change.days30).not.toBeNull();
      expect(chef.sparkline).toEqual(g.points.slice(-30).map((p: { followers: number }) => p.followers));
      expect(g.summary).toBe(
        `+${g.change.days30.followersPct.toFixed(1)}% followers in 30 days (measured from ${g.change.days30.points} snapshots)`,
      );
    });

    it("delivers the webhook within a minute of an admin's manual refresh of a watched account past a threshold", async () => {
      const before = hook.received.length;
      profiles.chef!.followers = Math.round(profiles.chef!.followers * 1.15);
      const started = Date.now();
      const res = await post("/api/admin/jobs/refresh", { platform: "tiktok", username: "chef" }, admin);
      expect(res.statusCode, res.body).toBe(202);
      // No tick by hand: the background job and the alert poller do it.
      while (hook.received.length === before && Date.now() - started < 60_000)
        await new Promise((r) => setTimeout(r, 100));
      const fresh = hook.received.slice(before).map((r) => r.json as { kind: string; message: string });
      expect(fresh.map((r) => r.kind)).toContain("followers_change");
      expect(Date.now() - started).toBeLessThan(60_000);
    }, 70_000);

    it("imports a follower history CSV for a watched account, line by line, filling only the past", async () => {
      await analyse("baker");
      const analysedOn = clock.toISOString().slice(0, 10);
      clock = new Date(clock.getTime() + 2 * DAY);
      const csv = (text: string, cookie = ann) =>
        t.app.inject({
          method: "POST",
          url: "/api/accounts/baker/growth/import?platform=tiktok",
          payload: text,
          headers: { "content-type": "text/csv", cookie },
        });
      expect((await csv("date,followers\n2026-09-01,30000\n", "")).statusCode).toBe(401);
      // Not on one of Ann's watchlists yet.
      const forbidden = await csv("date,followers\n2026-09-01,30000\n");
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toMatch(/watchlists/);
      await post(`/api/watchlists/${listId}/accounts`, { platform: "tiktok", username: "baker" }, ann);
      const bad = await csv("date,followers\n2026-09-01,30000\n2026-13-01,31000\n2026-09-03,many\n");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(
        'The history file has problems: line 3: date "2026-13-01" is not a date (use YYYY-MM-DD); line 4: followers "many" is not a whole number of 0 or more.',
      );
      expect((await growthOf("baker")).points).toHaveLength(1);
      const later = new Date(clock.getTime() + 2 * DAY).toISOString().slice(0, 10);
      const ok = await csv(
        `date,followers\n2026-08-01,30000\n2026-09-01,"33,000"\n2026-10-01,36000\n${later},50000\n`,
      );
      expect(ok.statusCode, ok.body).toBe(400); // a date in the future
      expect(ok.json().message).toContain(`line 5: date ${later} is in the future`);
      const afterFirst = new Date(clock.getTime() - DAY).toISOString().slice(0, 10);
      expect(afterFirst > analysedOn).toBe(true);
      // An admin's import is public (a non-admin's stays private to them: capture-trust.test.ts).
      const good = await csv(
        `date,followers\n2026-08-01,30000\n2026-09-01,"33,000"\n2026-10-01,36000\n${afterFirst},50000\n`,
        admin,
      );
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json()).toEqual({ imported: 3, skipped: 1 });
      const g = await growthOf("baker");
      expect(g.points.map((p: { source: string }) => p.source)).toEqual([
        "import",
        "import",
        "import",
        "tiktok-web",
      ]);
      expect(g.points[1]).toMatchObject({
        at: "2026-09-01T00:00:00.000Z",
        followers: 33_000,
        engagementRate: null,
      });
      expect(g.change.days90).not.toBeNull();
      // The next analysis scores growth from the imported past.
      clock = new Date(clock.getTime() + 2 * DAY);
      const refreshed = await t.app.inject({
        method: "POST",
        url: "/api/admin/jobs/refresh",
        headers: { cookie: admin },
        payload: { platform: "tiktok", username: "baker" },
      });
      expect(refreshed.statusCode).toBe(202);
      await jobsSettled();
      expect((await reportOf("baker")).metrics.grade.subScores.growth).toMatchObject({
        explanation: expect.stringMatching(/followers per month over \d+ days \(30,000 → 40,000\)/),
      });
    });

    it("removes accounts and lists; the account's data stays", async () => {
      const del = await t.app.inject({
        method: "DELETE",
        url: `/api/watchlists/${listId}/accounts/tiktok/baker`,
        headers: { cookie: ann },
      });
      expect(del.statusCode).toBe(204);
      const again = await t.app.inject({
        method: "DELETE",
        url: `/api/watchlists/${listId}/accounts/tiktok/baker`,
        headers: { cookie: ann },
      });
      expect(again.statusCode).toBe(404);
      const gone = await t.app.inject({
        method: "DELETE",
        url: `/api/watchlists/${listId}`,
        headers: { cookie: ann },
      });
      expect(gone.statusCode).toBe(204);
      expect((await get(`/api/watchlists/${listId}`, ann)).statusCode).toBe(404);
      expect((await growthOf("chef")).points.length).toBeGreaterThan(30);
    });
  },
);

describe("alert channels a server refuses", () => {
  let cookie: string;
  let listId: string;

  const t = useTestApp("pglite", { env: { DEV_LOGIN: "1" } });
  beforeAll(async () => {
    cookie = cookieOf(
      await t.app.inject({
        method: "POST",
        url: "/api/auth/dev-login",
        payload: { email: "cy@example.com" },
      }),
    );
    const res = await t.app.inject({
      method: "POST",
      url: "/api/watchlists",
      headers: { cookie },
      payload: { name: "Weekly", cadence: "weekly" },
    });
    listId = res.json().id;
  });

  const rule = (channel: unknown) =>
    t.app.inject({
      method: "POST",
      url: `/api/watchlists/${listId}/alerts`,
      headers: { cookie },
      payload: { kind: "grade_change", channel },
    });

  it("refuses e-mail alerts without SMTP_URL and MAIL_FROM, with a clear message", async () => {
    const res = await rule({ type: "email", to: "cy@example.com" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "E-mail alerts are not available on this server: its administrator has not set SMTP_URL and MAIL_FROM. Use a webhook instead.",
    );
  });

  it("refuses webhooks to loopback and private addresses, by literal address or by resolved name", async () => {
    for (const url of [
      "http://127.0.0.1:9/x",
      "http://[::1]/x",
      "http://10.1.2.3/x",
      "http://localhost:8080/x",
    ]) {
      const res = await rule({ type: "webhook", url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(
        /^channel\.url: webhooks may not go to private or loopback addresses \(.+\); the administrator can allow them with WEBHOOK_ALLOW_PRIVATE=1$/,
      );
    }
    const ftp = await rule({ type: "webhook", url: "ftp://example.com/x" });
    expect(ftp.json().message).toBe("channel.url: a webhook URL must start with https:// (or http://)");
  });
});
