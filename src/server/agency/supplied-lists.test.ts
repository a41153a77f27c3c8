import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeUpstream, startFakeUpstream } from "../collectors/testing/fake-upstream";
import { fixture } from "../collectors/testing/helpers";
import { capturedSnapshot } from "../testing/captured-snapshot";
import { cookieHeader } from "../testing/sign-in";
import { startTestApp, type TestAppHandle } from "../testing/test-app";
import { type DbKind, testedDatabaseKinds } from "../testing/test-db";

/**
 * Trust III (issue #33, item 4) against the real app: a user's own browser captures show on THEIR
 * lists, list exports, shared lists and comparisons (said so with `privateTo: "you"`) while newer
 * than the public report; other users' lists, compare and shared lists keep the public figures.
 * An account only the capturer has data for (no public analysis) can still go on their list.
 */

const HTML = { "content-type": "text/html; charset=utf-8" };
const _DAY = 86_400_000;

describe.each(testedDatabaseKinds())(
  "a user's own captures on their lists and compare (%s)",
  (kind: DbKind) => {
    let t: TestAppHandle;
    let fake: FakeUpstream;
    let ann: string;
    let bob: string;
    let admin: string;
    const clock = new Date("2026-11-20T10:00:00Z");
    const planted = 9_876_543;
    let liveFollowers = 0;

    const call = (method: "GET" | "POST", url: string, cookie?: string, payload?: object) =>
      t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

    beforeAll(async () => {
      fake = await startFakeUpstream();
      const page = fixture("tiktok-profile.html");
      fake.route("GET", "/@examplecreator", { body: page, headers: HTML });
      t = await startTestApp(kind, {
        env: {
          DEV_LOGIN: "1",
          ADMIN_EMAILS: "admin@example.com",
          COLLECTORS: "tiktok",
          TIKTOK_BASE_URL: fake.url,
          UPSTREAM_RETRIES: "0",
          API_KEY_RATE_LIMIT_PER_MINUTE: "1000",
        },
        now: () => clock,
      });
      const login = async (email: string, name: string) => {
        const res = await call("POST", "/api/auth/dev-login", undefined, { email, name });
        expect(res.statusCode, res.body).toBe(200);
        return cookieHeader(res);
      };
      ann = await login("ann@example.com", "Ann Planter");
      bob = await login("bob@example.com", "Bob Reader");
      admin = await login("admin@example.com", "Ada Admin");

      const live = await call("POST", "/api/analyze", admin, {
        platform: "tiktok",
        username: "examplecreator",
      });
      expect(live.statusCode, live.body).toBe(200);
      liveFollowers = live.json().followers;
      expect(liveFollowers).not.toBe(planted);

      clock.setTime(clock.getTime() + 60_000);
      const key = await call("POST", "/api/keys", ann, { name: "Extension", scopes: ["capture"] });
      expect(key.statusCode, key.body).toBe(201);
      for (const [username, followers] of [
        ["examplecreator", planted],
        ["planted.one", 55_000],
      ] as const) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/v1/snapshots",
          headers: { authorization: `Bearer ${key.json().key}` },
          payload: capturedSnapshot(username, followers, clock.toISOString()),
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    const listWith = async (cookie: string, usernames: string[]) => {
      const list = await call("POST", "/api/lists", cookie, { name: "Food creators" });
      expect(list.statusCode, list.body).toBe(201);
      const id = list.json().id as number;
      for (const username of usernames) {
        const added = await call("POST", `/api/lists/${id}/items`, cookie, { platform: "tiktok", username });
        expect(added.statusCode, added.body).toBe(201);
      }
      return id;
    };

    it("the capturer's own list, export and share link show their capture and say so; Bob's list keeps the public figures", async () => {
      const annsList = await listWith(ann, ["examplecreator", "planted.one"]);
      const detail = await call("GET", `/api/lists/${annsList}`, ann);
      expect(detail.statusCode, detail.body).toBe(200);
      const [own, unanalysed] = detail.json().items;
      expect(own).toMatchObject({ username: "examplecreator", followers: planted, privateTo: "you" });
      // Nobody analysed @planted.one publicly: it still goes on Ann's list, with her capture's figures.
      expect(unanalysed).toMatchObject({ username: "planted.one", followers: 55_000, privateTo: "you" });
      expect(detail.json().totals.followers).toBe(planted + 55_000);

      const csv = await call("GET", `/api/lists/${annsList}/export?format=csv`, ann);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(String(planted));
      expect(csv.body).toContain("Your browser capture (only you see it)");

      const share = await call("POST", `/api/lists/${annsList}/share`, ann, { expiresInDays: 7 });
      expect(share.statusCode, share.body).toBe(201);
      const shared = await call("GET", `/api/shared/lists/${share.json().token}`);
      expect(shared.statusCode, shared.body).toBe(200);
      expect(shared.json().items[0]).toMatchObject({ followers: planted, privateTo: "you" });

      const bobsList = await listWith(bob, ["examplecreator", "planted.one"]);
      const bobs = await call("GET", `/api/lists/${bobsList}`, bob);
      const [pub, unknown] = bobs.json().items;
      expect(pub.followers).toBe(liveFollowers);
      expect(pub.privateTo).toBeUndefined();
      expect(unknown.followers).toBeNull();
      expect(unknown.privateTo).toBeUndefined();
      const bobsCsv = await call("GET", `/api/lists/${bobsList}/export?format=csv`, bob);
      expect(bobsCsv.body).not.toContain(String(planted));
      const bobsShare = await call("POST", `/api/lists/${bobsList}/share`, bob, { expiresInDays: 7 });
      const bobsShared = await call("GET", `/api/shared/lists/${bobsShare.json().token}`);
      expect(bobsShared.body).not.toContain(String(planted));
    });

    it("compare and its export show the reader's own capture to them only", async () => {
      const url = "/api/compare?accounts=tiktok:examplecreator,tiktok:planted.one";
      const mine = await call("GET", url, ann);
      expect(mine.statusCode, mine.body).toBe(200);
      const [own, unanalysed] = mine.json().accounts;
      expect(own).toMatchObject({ found: true, privateTo: "you", figures: { followers: planted } });
      expect(unanalysed).toMatchObject({ found: true, privateTo: "you", figures: { followers: 55_000 } });
      const exported = await call(
        "GET",
        `/api/compare/export?accounts=tiktok:examplecreator&format=csv`,
        ann,
      );
      expect(exported.body).toContain(String(planted));
      expect(exported.body).toContain("Your browser capture (only you see it)");

      for (const reader of [undefined, bob, admin]) {
        const theirs = await call("GET", url, reader);
        const [pub, unknown] = theirs.json().accounts;
        expect(pub.figures.followers, String(reader)).toBe(liveFollowers);
        expect(pub.privateTo).toBeUndefined();
        expect(unknown.found).toBe(false);
      }
    });

    it("a live fetch after the capture confirms the account: the capturer's list shows the public figures again", async () => {
      clock.setTime(clock.getTime() + 60_000);
      const refreshed = await call("POST", "/api/accounts/examplecreator/refresh", admin, {
        platform: "tiktok",
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      const list = await listWith(ann, ["examplecreator"]);
      const [item] = (await call("GET", `/api/lists/${list}`, ann)).json().items;
      expect(item.followers).toBe(liveFollowers);
      expect(item.privateTo).toBeUndefined();
      const compared = await call("GET", "/api/compare?accounts=tiktok:examplecreator", ann);
      expect(compared.json().accounts[0].figures.followers).toBe(liveFollowers);
    });
  },
);
