import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeUpstream, startFakeUpstream } from "../collectors/testing/fake-upstream";
import { fixture } from "../collectors/testing/helpers";
import { capturedSnapshot } from "../testing/captured-snapshot";
import { cookieHeader } from "../testing/sign-in";
import { startTestApp, type TestAppHandle } from "../testing/test-app";
import { type DbKind, testedDatabaseKinds } from "../testing/test-db";

/**
 * Trust III (issue #33, item 4) against the real app: a user's own capture of a watched account makes
 * a growth point that only THEIR alert rules evaluate (with their own imported history); another
 * user's rules on the same account never fire on it.
 */

const HTML = { "content-type": "text/html; charset=utf-8" };
const _DAY = 86_400_000;

describe.each(testedDatabaseKinds())("a user's own captures and their alert rules (%s)", (kind: DbKind) => {
  let t: TestAppHandle;
  let fake: FakeUpstream;
  const clock = new Date("2026-11-20T10:00:00Z");
  const call = (method: "GET" | "POST", url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    fake = await startFakeUpstream();
    fake.route("GET", "/@examplecreator", { body: fixture("tiktok-profile.html"), headers: HTML });
    t = await startTestApp(kind, {
      env: {
        DEV_LOGIN: "1",
        ADMIN_EMAILS: "admin@example.com",
        COLLECTORS: "tiktok",
        TIKTOK_BASE_URL: fake.url,
        UPSTREAM_RETRIES: "0",
        WEBHOOK_ALLOW_PRIVATE: "1",
      },
      now: () => clock,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("a capture fires the capturer's followers rule and no one else's", async () => {
    const login = async (email: string, name: string) => {
      const res = await call("POST", "/api/auth/dev-login", undefined, { email, name });
      expect(res.statusCode, res.body).toBe(200);
      return cookieHeader(res);
    };
    const ann = await login("ann@example.com", "Ann Planter");
    const bob = await login("bob@example.com", "Bob Reader");
    const admin = await login("admin@example.com", "Ada Admin");
    const live = await call("POST", "/api/analyze", admin, {
      platform: "tiktok",
      username: "examplecreator",
    });
    expect(live.statusCode, live.body).toBe(200);
    await t.app.growth.tick();

    for (const cookie of [ann, bob]) {
      const list = await call("POST", "/api/watchlists", cookie, { name: "Roster", cadence: "daily" });
      expect(list.statusCode, list.body).toBe(201);
      const id = list.json().id;
      const added = await call("POST", `/api/watchlists/${id}/accounts`, cookie, {
        platform: "tiktok",
        username: "examplecreator",
      });
      expect(added.statusCode, added.body).toBe(201);
      const rule = await call("POST", `/api/watchlists/${id}/alerts`, cookie, {
        kind: "followers_change",
        threshold: 10,
        channel: { type: "webhook", url: `${fake.url}/hook` },
      });
      expect(rule.statusCode, rule.body).toBe(201);
    }
    // Both rules take the public point as their baseline.
    clock.setTime(clock.getTime() + 60_000);
    await t.app.growth.tick();

    clock.setTime(clock.getTime() + 60_000);
    const key = await call("POST", "/api/keys", ann, { name: "Extension", scopes: ["capture"] });
    const captured = await t.app.inject({
      method: "POST",
      url: "/api/v1/snapshots",
      headers: { authorization: `Bearer ${key.json().key}` },
      payload: capturedSnapshot("examplecreator", live.json().followers * 3, clock.toISOString()),
    });
    expect(captured.statusCode, captured.body).toBe(200);
    await t.app.growth.tick();

    const titles = async (cookie: string) =>
      (await call("GET", "/api/notifications", cookie))
        .json()
        .notifications.map((n: { title: string }) => n.title);
    const annsAlerts = await titles(ann);
    expect(annsAlerts).toHaveLength(1);
    expect(annsAlerts[0]).toMatch(/^@examplecreator on TikTok: followers \+200(\.0)?%/);
    expect(await titles(bob)).toEqual([]);
    // The public growth view never shows the private point; Ann's own view does.
    const growth = async (cookie?: string) =>
      (await call("GET", "/api/accounts/examplecreator/growth?platform=tiktok", cookie)).json().points.length;
    expect(await growth()).toBe(1);
    expect(await growth(bob)).toBe(1);
    expect(await growth(ann)).toBe(2);
  });
});
