import { describe, expect, it } from "vitest";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import { seedSampleAccounts } from "../samples/sample-service";
import { createServices } from "../services";
import { cookieHeader } from "../testing/sign-in";
import { testConfig, useTestApp } from "../testing/test-app";
import { testedDatabaseKinds } from "../testing/test-db";

/**
 * Issue #24 item 4: serving a stored report that is fresh enough never spends a unit, by any path
 * (POST analyze, the SSE stream, a discovery/finder row's `sample` analysis, a direct link); only a
 * fresh analysis spends one; every limit message carries the configured numbers.
 */
function sseEvents(body: string): { event: string; data: Record<string, unknown> }[] {
  return body
    .split("\n\n")
    .filter((b) => b.startsWith("event:"))
    .map((b) => ({ event: b.split("\n")[0]!.slice(7), data: JSON.parse(b.split("\n")[1]!.slice(6)) }));
}

describe.each(testedDatabaseKinds())("report quota paths on %s", (kind) => {
  let handles: string[];
  let clock = new Date("2026-11-22T12:00:00Z");

  const t = useTestApp(kind, {
    seed: async (database) => {
      await seedSampleAccounts(database.db, {
        count: 40,
        now: clock,
        indexFields: (s) => indexFieldsForSnapshot(s, clock),
      });
      const rows = await database.db.query.accounts.findMany({
        where: (a, { and, eq }) => and(eq(a.platform, "instagram"), eq(a.isPrivate, false)),
      });
      handles = rows.map((r) => r.username);
      expect(handles.length).toBeGreaterThanOrEqual(9);
    },
    env: {
      DEV_LOGIN: "1",
      ANON_REPORT_LIMIT: "1",
      ANON_IP_DAILY_LIMIT: "1000",
      // Deliberately not the default 50: the messages must carry this number.
      USER_DAILY_REPORT_LIMIT: "3",
      COLLECTORS: "sample",
    },
    now: () => clock,
  });

  async function signIn(email: string) {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/dev-login", payload: { email } });
    expect(res.statusCode).toBe(200);
    return cookieHeader(res);
  }
  const count = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/reports/count", headers: { cookie } })).json().count;
  const analyze = (cookie: string, username: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/analyze",
      headers: cookie ? { cookie } : {},
      payload: { username, platform: "instagram", ...extra },
    });
  const stream = (cookie: string, username: string, query = "") =>
    t.app.inject({
      method: "GET",
      url: `/api/analyze/stream?platform=instagram&username=${username}${query}`,
      headers: { cookie, accept: "text/event-stream" },
    });

  it("spends one unit for a fresh analysis and none for the stored report, by every path", async () => {
    const cookie = await signIn("paths@example.com");
    const handle = handles[0]!;
    const fresh = await analyze(cookie, handle);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.headers["x-quota-spent"]).toBe("1");
    expect(await count(cookie)).toBe(1);

    // The analyser form again (POST): the stored report, free.
    const again = await analyze(cookie, handle);
    expect(again.statusCode).toBe(200);
    expect(again.headers["x-quota-spent"]).toBe("0");
    expect(again.json().lastUpdated).toBe(fresh.json().lastUpdated);
    // The analyser's SSE stream: a `quota` event says nothing was spent, then `done`.
    const streamed = sseEvents((await stream(cookie, handle)).body);
    expect(streamed.map((e) => e.event)).toEqual(["stage", "quota", "done"]);
    expect(streamed[1]!.data).toEqual({ spent: false });
    expect(streamed[2]!.data.username).toBe(handle);
    // A discovery or finder row (a sample creator reached as such).
    const row = await analyze(cookie, handle, { sample: true });
    expect(row.headers["x-quota-spent"]).toBe("0");
    // A direct link or a history row (GET).
    const direct = await t.app.inject({
      method: "GET",
      url: `/api/accounts/${handle}?platform=instagram`,
      headers: { cookie },
    });
    expect(direct.statusCode).toBe(200);
    expect(await count(cookie)).toBe(1);

    // The stream makes a fresh report for another account: spent, said before `done`.
    const other = sseEvents((await stream(cookie, handles[1]!)).body);
    expect(other.find((e) => e.event === "quota")!.data).toEqual({ spent: true });
    expect(other.at(-1)!.event).toBe("done");
    expect(await count(cookie)).toBe(2);
  });

  it("spends a unit again once the stored report is older than the cache allows", async () => {
    const cookie = await signIn("stale@example.com");
    const handle = handles[2]!;
    expect((await analyze(cookie, handle)).headers["x-quota-spent"]).toBe("1");
    clock = new Date(clock.getTime() + 3 * 86_400_000);
    expect((await analyze(cookie, handle)).headers["x-quota-spent"]).toBe("0");
    // The default cache keeps a report 7 days.
    clock = new Date(clock.getTime() + 5 * 86_400_000);
    const stale = await analyze(cookie, handle);
    expect(stale.headers["x-quota-spent"]).toBe("1");
    expect(stale.json().lastUpdated).toBe(clock.toISOString());
    expect(await count(cookie)).toBe(1); // a new UTC day: yesterday's unit does not count
  });

  it("serves stored reports to a visitor whose one report is used up, by every path", async () => {
    const first = await analyze("", handles[3]!);
    expect(first.headers["x-quota-spent"]).toBe("1");
    const cookie = cookieHeader(first);
    expect(await count(cookie)).toBe(1);

    const refused = await analyze(cookie, handles[4]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "REPORT_LIMIT_EXCEEDED", requiresAuth: true });
    expect(refused.json().message).toBe(
      "You've reached the limit for free users. Sign in with Google to get up to 3 reports per day.",
    );
    const refusedStream = sseEvents((await stream(cookie, handles[4]!)).body);
    expect(refusedStream.at(-1)).toMatchObject({ event: "error", data: { status: 429, requiresAuth: true } });
    expect(String(refusedStream.at(-1)!.data.message)).toContain("up to 3 reports per day");

    // Stored reports: their own one, and ones others made (the stream, a discovery row, a direct link).
    for (const handle of [handles[3]!, handles[2]!]) {
      const res = await analyze(cookie, handle);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["x-quota-spent"]).toBe("0");
      const events = sseEvents((await stream(cookie, handle, "&sample=true")).body);
      expect(events.at(-1)!.event).toBe("done");
      expect(events.find((e) => e.event === "quota")!.data).toEqual({ spent: false });
    }
    expect(await count(cookie)).toBe(1);
  });

  it("words a signed-in user's limit with USER_DAILY_REPORT_LIMIT and still serves stored reports", async () => {
    const cookie = await signIn("limit@example.com");
    for (const handle of handles.slice(5, 8)) {
      const res = await analyze(cookie, handle);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["x-quota-spent"]).toBe("1");
    }
    expect(await count(cookie)).toBe(3);
    const refused = await analyze(cookie, handles[8]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("REPORT_LIMIT_EXCEEDED");
    expect(refused.json().message).toBe(
      "You've reached your daily limit of 3 reports. It resets at midnight UTC.",
    );
    const stored = await analyze(cookie, handles[5]!);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers["x-quota-spent"]).toBe("0");
    const config = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(config.json()).toMatchObject({ anonReportLimit: 1, userDailyReportLimit: 3, contactEmail: null });
  });

  it("a forced re-analysis (refresh) of a fresh stored report still spends, and says so", async () => {
    const s = createServices(testConfig({ COLLECTORS: "sample", USER_DAILY_REPORT_LIMIT: "3" }), t.database, {
      now: () => clock,
    });
    const identity = { kind: "user" as const, userId: "forced-refresh-user" };
    const handle = handles[5]!; // stored and fresh (the previous test analysed it)
    const outcomes: boolean[] = [];
    const onQuota = (q: { spent: boolean }) => outcomes.push(q.spent);
    const served = await s.reports.analyze(
      { username: handle, platform: "instagram" },
      { identity },
      { onQuota },
    );
    const forced = await s.reports.analyze(
      { username: handle, platform: "instagram" },
      { identity },
      { onQuota, refresh: true },
    );
    expect(outcomes).toEqual([false, true]);
    expect(forced.lastUpdated).toBe(clock.toISOString());
    expect(served.id).toBe(forced.id);
    expect((await s.quota.status(identity)).count).toBe(1);
  });
});
