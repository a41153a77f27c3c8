import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSchema } from "#core/schemas/account";
import { type FakeUpstream, startFakeUpstream } from "../collectors/testing/fake-upstream";
import { fixture } from "../collectors/testing/helpers";
import { users } from "../db/schema";
import { createQuotaService } from "../quota/quota-service";
import { createBodyCache } from "../shared/body-cache";
import { createSingleFlight } from "../shared/single-flight";
import { capturedSnapshot } from "../testing/captured-snapshot";
import { cookieHeader } from "../testing/sign-in";
import { startTestApp, type TestAppHandle } from "../testing/test-app";
import { type DbKind, testedDatabaseKinds } from "../testing/test-db";
import { createWorkspaceService } from "../workspaces/workspace-service";
import { createAccountRepo } from "./account-repo";
import { createCaptureService } from "./capture-service";
import { ReportStore } from "./report-store";
import { resolveAnalyzeInput } from "./resolve-input";
import { createSuppliedReportRepo } from "./supplied-repo";

/**
 * Trust III (issue #33, items 3, 4, 5 and 8) against the real app: captured figures carry the
 * server's time; data a user supplies (a capture, a non-admin's history import) is theirs alone and
 * never rewrites the public report, discovery, the sitemap or other users' reads; the capture spends
 * its unit like analyze does; the public report never names the capturer (JSON and server HTML).
 */

const HTML = { "content-type": "text/html; charset=utf-8" };
const DAY = 86_400_000;

/** A build with a Node copy of the shell that prints the report's notes (as the real one shows them). */
function webRootWithRenderer(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "trust-dist-"));
  const web = path.join(dist, "web");
  fs.mkdirSync(path.join(web, ".vite"), { recursive: true });
  fs.writeFileSync(
    path.join(web, "index.html"),
    "<!doctype html><html><head><title>app</title></head><body><div id=root><p>Loading…</p></div></body></html>",
  );
  fs.writeFileSync(
    path.join(web, ".vite", "static-pages.json"),
    JSON.stringify({ frame: "<p>Loading…</p>", pages: {} }),
  );
  fs.mkdirSync(path.join(dist, "ssr"));
  fs.writeFileSync(
    path.join(dist, "ssr", "static-shell.js"),
    `export async function renderReportPage(path, account) {
      return "<main><h1>@" + account.username + " " + account.followers + "</h1><p>" +
        (account.dataNotes || []).map((n) => n.message).join(" ") + "</p></main>";
    }`,
  );
  return web;
}

describe.each(testedDatabaseKinds())("user-supplied data (%s)", (kind: DbKind) => {
  let t: TestAppHandle;
  let fake: FakeUpstream;
  let ann: string;
  let bob: string;
  let admin: string;
  const clock = new Date("2026-11-20T10:00:00Z");

  beforeAll(async () => {
    fake = await startFakeUpstream();
    const page = (handle: string) => fixture("tiktok-profile.html").replaceAll("examplecreator", handle);
    fake.route("GET", "/@examplecreator", { body: page("examplecreator"), headers: HTML });
    fake.route("GET", "/@growing", { body: page("growing"), headers: HTML });
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
      webRoot: webRootWithRenderer(),
    });
    const login = async (email: string, name: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/dev-login",
        payload: { email, name },
      });
      expect(res.statusCode, res.body).toBe(200);
      return cookieHeader(res);
    };
    ann = await login("ann@example.com", "Ann Planter");
    bob = await login("bob@example.com", "Bob Reader");
    admin = await login("admin@example.com", "Ada Admin");
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const keyOf = async (cookie: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/keys",
      headers: { cookie },
      payload: { name: "Extension", scopes: ["capture", "read"] },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().key as string;
  };
  const send = (key: string, body: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/snapshots",
      headers: { authorization: `Bearer ${key}` },
      payload: body as object,
    });
  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const analyse = async (username: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/analyze",
      headers: { cookie: admin },
      payload: { platform: "tiktok", username },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("item 3: a capture is dated when it arrived; one claiming a time past the server's clock is refused", async () => {
    const key = await keyOf(admin);
    const future = await send(key, capturedSnapshot("timetraveller", 40_000, "2999-01-01T00:00:00Z"));
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ code: "VALIDATION_ERROR", field: "fetchedAt" });
    expect(future.json().message).toContain(
      "2999-01-01T00:00:00Z is more than 5 minutes after the server's time",
    );
    const nearFuture = new Date(clock.getTime() + 6 * 60_000).toISOString();
    expect((await send(key, capturedSnapshot("timetraveller", 40_000, nearFuture))).statusCode).toBe(400);
    // A far-past claim is stored at the arrival time: it cannot pin the account's history to 1970.
    const past = await send(key, capturedSnapshot("timetraveller", 40_000, "1970-01-02T00:00:00Z"));
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json()).toMatchObject({ lastUpdated: clock.toISOString() });
    expect(past.json().dataNotes[0].fetchedAt).toBe(clock.toISOString());
    const growth = await get("/api/accounts/timetraveller/growth?platform=tiktok");
    expect(growth.json().points.map((p: { at: string }) => p.at)).toEqual([clock.toISOString()]);
    // So a history import of the months before it is not skipped as "after the first measurement".
    const imported = await t.app.inject({
      method: "POST",
      url: "/api/accounts/timetraveller/growth/import?platform=tiktok",
      payload: "date,followers\n2026-09-01,30000\n2026-10-01,35000\n",
      headers: { "content-type": "text/csv", cookie: admin },
    });
    expect(imported.json()).toEqual({ imported: 2, skipped: 0 });
  });

  it("item 4: captured usernames follow the analyser's handle rules", async () => {
    const key = await keyOf(ann);
    for (const username of ["we ird/../x?y#z", "https://www.tiktok.com/@natgeo", "a".repeat(60)]) {
      const res = await send(key, capturedSnapshot(username, 1000, clock.toISOString()));
      expect(res.statusCode, username).toBe(400);
      expect(res.json()).toMatchObject({ code: "VALIDATION_ERROR", field: "username" });
    }
  });

  it("item 4: a non-admin's capture is theirs alone: the public report, other users, discovery, sitemap and lists keep the live data", async () => {
    const live = await analyse("examplecreator");
    const planted = 9_876_543;
    // The public report is read (and cached) before the capture: the cache must not leak either way.
    expect((await get("/api/accounts/examplecreator?platform=tiktok")).json().followers).toBe(live.followers);
    const key = await keyOf(ann);
    const res = await send(key, capturedSnapshot("examplecreator", planted, clock.toISOString()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ followers: planted, privateTo: "you" });

    const mine = await get("/api/accounts/examplecreator?platform=tiktok", ann);
    expect(mine.statusCode).toBe(200);
    expect(accountSchema.parse(mine.json())).toMatchObject({ followers: planted, privateTo: "you" });
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    for (const reader of [undefined, bob, admin]) {
      const theirs = await get("/api/accounts/examplecreator?platform=tiktok", reader);
      expect(theirs.json().followers, String(reader)).toBe(live.followers);
      expect(theirs.json().privateTo).toBeUndefined();
    }
    // Bob's key reads the public report too.
    const bobsKey = await keyOf(bob);
    const v1 = await t.app.inject({
      url: "/api/v1/accounts/tiktok/examplecreator",
      headers: { authorization: `Bearer ${bobsKey}` },
    });
    expect(v1.json().followers).toBe(live.followers);
    // The server-rendered page is the public one.
    const html = await get("/report/tiktok/examplecreator", ann);
    expect(html.body).toContain(`@examplecreator ${live.followers}`);
    expect(html.body).not.toContain(String(planted));

    // An account only Ann captured does not exist for anyone else.
    const fresh = await send(key, capturedSnapshot("planted.one", 55_000, clock.toISOString()));
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await get("/api/accounts/planted.one?platform=tiktok", ann)).json()).toMatchObject({
      followers: 55_000,
      privateTo: "you",
    });
    expect((await get("/api/accounts/planted.one?platform=tiktok")).statusCode).toBe(404);
    expect((await get("/api/accounts/planted.one?platform=tiktok", bob)).statusCode).toBe(404);
    const discovery = await t.app.inject({
      method: "POST",
      url: "/api/discovery/search",
      payload: { platform: "tiktok", followerRange: "10k_to_100k" },
    });
    expect(discovery.statusCode, discovery.body).toBe(200);
    expect(discovery.body).not.toContain("planted.one");
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain("examplecreator");
    expect(sitemap.body).not.toContain("planted.one");
    const recent = await get("/api/accounts?limit=50");
    expect(recent.body).not.toContain("planted.one");
    expect(recent.body).not.toContain(String(planted));

    // A live fetch after the capture confirms the account: Ann sees the public report again.
    clock.setTime(clock.getTime() + 60_000);
    try {
      await t.app.inject({
        method: "POST",
        url: "/api/accounts/examplecreator/refresh",
        headers: { cookie: admin },
        payload: { platform: "tiktok" },
      });
      const after = await get("/api/accounts/examplecreator?platform=tiktok", ann);
      expect(after.json().followers).toBe(live.followers);
      expect(after.json().privateTo).toBeUndefined();
    } finally {
      clock.setTime(clock.getTime() - 60_000);
    }
  });

  it("item 4: a non-admin's growth-history import is shown only to them; the public growth and grade keep the live data", async () => {
    await analyse("growing");
    const list = await t.app.inject({
      method: "POST",
      url: "/api/watchlists",
      headers: { cookie: ann },
      payload: { name: "Mine", cadence: "weekly" },
    });
    expect(list.statusCode, list.body).toBe(201);
    const added = await t.app.inject({
      method: "POST",
      url: `/api/watchlists/${list.json().id}/accounts`,
      headers: { cookie: ann },
      payload: { platform: "tiktok", username: "growing" },
    });
    expect(added.statusCode, added.body).toBe(201);
    const imported = await t.app.inject({
      method: "POST",
      url: "/api/accounts/growing/growth/import?platform=tiktok",
      payload: "date,followers\n2026-10-20,100\n2026-11-01,200\n",
      headers: { "content-type": "text/csv", cookie: ann },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 2, skipped: 0 });

    const sources = (res: { json(): { points: { source: string }[] } }) =>
      res.json().points.map((p) => p.source);
    const annsGrowth = await get("/api/accounts/growing/growth?platform=tiktok", ann);
    expect(sources(annsGrowth)).toEqual(["import", "import", "tiktok-web"]);
    expect(annsGrowth.headers["cache-control"]).toBe("private, no-store");
    expect(sources(await get("/api/accounts/growing/growth?platform=tiktok"))).toEqual(["tiktok-web"]);
    expect(sources(await get("/api/accounts/growing/growth?platform=tiktok", bob))).toEqual(["tiktok-web"]);
    const watch = await get(`/api/watchlists/${list.json().id}`, ann);
    expect(watch.json().accounts[0].change.days30).not.toBeNull();

    // The next public report's grade does not read Ann's points.
    clock.setTime(clock.getTime() + 2 * DAY);
    try {
      const refreshed = await t.app.inject({
        method: "POST",
        url: "/api/accounts/growing/refresh",
        headers: { cookie: admin },
        payload: { platform: "tiktok" },
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      expect(JSON.stringify(refreshed.json().metrics.grade.subScores.growth ?? "")).not.toContain("100 →");
      expect(sources(await get("/api/accounts/growing/growth?platform=tiktok"))).toEqual([
        "tiktok-web",
        "tiktok-web",
      ]);
    } finally {
      clock.setTime(clock.getTime() - 2 * DAY);
    }
  });

  it("item 8: a public capture says 'Captured in a user's browser' and names nobody, in the API and the server HTML", async () => {
    const key = await keyOf(admin);
    const res = await send(key, capturedSnapshot("confirmedchef", 61_000, clock.toISOString()));
    expect(res.statusCode, res.body).toBe(200);
    for (const reader of [undefined, bob]) {
      const pub = await get("/api/accounts/confirmedchef?platform=tiktok", reader);
      expect(pub.json().dataNotes[0].message).toBe(
        "Captured in a user's browser on 20 Nov 2026 at 10:00 UTC; figures are what the platform showed then.",
      );
      expect(pub.body).not.toMatch(/Ada Admin|admin@example\.com/);
    }
    const html = await get("/report/tiktok/confirmedchef");
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain("Captured in a user's browser on 20 Nov 2026");
    expect(html.body).not.toMatch(/Ada Admin|admin@example\.com/);
    // The capturer of a private capture is named only to themselves.
    const annKey = await keyOf(ann);
    await send(annKey, capturedSnapshot("onlyann", 12_000, clock.toISOString()));
    const own = await get("/api/accounts/onlyann?platform=tiktok", ann);
    expect(own.json().dataNotes[0].message).toContain("Your capture (Ann Planter)");
    expect((await get("/report/tiktok/onlyann")).body).not.toContain("Ann Planter");
  });

  it("item 8: an admin reader is told who made a public capture; the public body, cache and page never are", async () => {
    const key = await keyOf(admin);
    const res = await send(key, capturedSnapshot("namedchef", 62_000, clock.toISOString()));
    expect(res.statusCode, res.body).toBe(200);
    // Read publicly first (fills the body cache), then as an admin, then publicly again.
    const before = await get("/api/accounts/namedchef?platform=tiktok");
    expect(before.body).not.toContain("Ada Admin");
    const asAdmin = await get("/api/accounts/namedchef?platform=tiktok", admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(accountSchema.parse(asAdmin.json()).dataNotes?.[0]?.message).toBe(
      "Captured in a user's browser on 20 Nov 2026 at 10:00 UTC; figures are what the platform showed then. Captured by Ada Admin (shown to admins only).",
    );
    expect(asAdmin.headers["cache-control"]).toBe("private, no-store");
    expect(asAdmin.headers.etag).toBeUndefined();
    for (const reader of [undefined, bob]) {
      const pub = await get("/api/accounts/namedchef?platform=tiktok", reader);
      expect(pub.body).not.toContain("Ada Admin");
    }
    expect((await get("/report/tiktok/namedchef", admin)).body).not.toContain("Ada Admin");
    // A live analysis is not a capture: nobody is named to the admin.
    const liveRead = await get("/api/accounts/examplecreator?platform=tiktok", admin);
    expect(liveRead.body).not.toContain("Captured by");
  });
});

describe.each(testedDatabaseKinds())("the capture's quota unit (%s)", (kind: DbKind) => {
  let t: TestAppHandle;
  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => new Date("2026-11-20T10:00:00Z") });
  });
  afterAll(async () => t?.close());

  /** The capture service on the app's database, with a supplied-report store that can be made to stall or fail. */
  async function setup(saveHook: (controller: AbortController) => Promise<void>) {
    const db = t.database.db;
    const [user] = await db
      .insert(users)
      .values({ email: `u${Math.random()}@example.com`, name: "U" })
      .returning({ id: users.id });
    const now = () => new Date("2026-11-20T10:00:00Z");
    const quota = createQuotaService({ db, limits: { anonymous: 1, anonymousPerIp: 5, user: 5 }, now });
    const real = createSuppliedReportRepo(db);
    const controller = new AbortController();
    const repo = createAccountRepo(db);
    const service = createCaptureService({
      repo,
      store: new ReportStore({
        repo,
        bodyCache: createBodyCache({ maxEntries: 10, ttlMs: 10_000, now: () => now().getTime() }),
        now,
      }),
      supplied: {
        ...real,
        save: async (owner, input) => {
          await saveHook(controller);
          return real.save(owner, input);
        },
      },
      quota,
      singleFlight: createSingleFlight(),
      resolveInput: resolveAnalyzeInput,
      now,
    });
    const identity = { kind: "user" as const, userId: user!.id };
    const workspaceId = await createWorkspaceService({ db, now }).ensurePersonal(user!.id);
    const run = () =>
      service.capture(
        capturedSnapshot(`q${Math.floor(Math.random() * 1e6)}`, 1000, now().toISOString()),
        { identity, owner: { userId: user!.id, workspaceId }, isAdmin: false, displayName: "U" },
        { signal: controller.signal },
      );
    const used = async () => (await quota.status(identity)).count;
    return { run, used, real, userId: user!.id };
  }

  it("item 5: a caller who disconnects while the report is being saved keeps it spent (stored 1, charged 1)", async () => {
    let saved!: () => void;
    const savedNow = new Promise<void>((r) => {
      saved = r;
    });
    const s = await setup(async (controller) => {
      controller.abort(); // the extension's tab closed during "saving"
      await new Promise((r) => setTimeout(r, 30));
      setTimeout(saved, 30);
    });
    await expect(s.run()).rejects.toThrow();
    await savedNow;
    await new Promise((r) => setTimeout(r, 100));
    const rows = await t.database.db.query.suppliedReports.findMany({
      where: (r, { eq }) => eq(r.suppliedBy, s.userId),
    });
    expect(rows).toHaveLength(1);
    expect(await s.used()).toBe(1);
  });

  it("item 5: the unit comes back when the work itself fails", async () => {
    const s = await setup(async () => {
      throw new Error("disk full");
    });
    await expect(s.run()).rejects.toThrow("disk full");
    expect(await s.used()).toBe(0);
  });
});
