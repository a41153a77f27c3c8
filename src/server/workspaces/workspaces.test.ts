import { parse as parseCsv } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexFieldsForSnapshot } from "#core/engine/build-report";
import type { Database } from "../db/database";
import { queryRows } from "../discovery/sql";
import { seedSampleAccounts } from "../samples/sample-service";
import { capturedSnapshot } from "../testing/captured-snapshot";
import { signIn } from "../testing/sign-in";
import { startTestApp, type TestAppHandle } from "../testing/test-app";
import { testedDatabaseKinds } from "../testing/test-db";
import { VIEWER_MESSAGE } from "./acting";

const DAY = 86_400_000;

/**
 * Teams (issue #37) against the real app: a member of one workspace reaches nothing of another
 * (404), a viewer changes nothing (403), a removed member loses access at once (session and keys),
 * an invite works once and not after it expires, and two concurrent list edits are both kept.
 */
describe.each(testedDatabaseKinds())("workspaces on %s", (kind) => {
  let t: TestAppHandle;
  let clock = new Date("2026-11-27T12:00:00Z");
  let samples: string[] = [];
  const c: Record<"ann" | "ed" | "vi" | "out", string> = { ann: "", ed: "", vi: "", out: "" };
  const ids: Record<string, string> = {};
  let team = "";

  beforeAll(async () => {
    const seed = async (database: Database) => {
      await seedSampleAccounts(database.db, {
        count: 8,
        now: clock,
        indexFields: (s) => indexFieldsForSnapshot(s, clock),
      });
      const rows = await database.db.query.accounts.findMany({
        where: (a, { and, eq }) => and(eq(a.platform, "instagram"), eq(a.isPrivate, false)),
      });
      samples = rows.map((r) => r.username);
    };
    t = await startTestApp(kind, {
      seed,
      env: { DEV_LOGIN: "1", COLLECTORS: "sample", APP_URL: "http://localhost:5000" },
      now: () => clock,
    });
    for (const who of ["ann", "ed", "vi", "out"] as const) {
      c[who] = await signIn(t.app, `${who}@agency.example`);
      const me = await t.app.inject({ url: "/api/auth/me", headers: { cookie: c[who] } });
      ids[who] = me.json().id;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  type Method = "GET" | "POST" | "PATCH" | "DELETE";
  const call = (method: Method, url: string, who: keyof typeof c, payload?: object, ws?: string) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: c[who], ...(ws ? { "x-workspace": ws } : {}) },
      ...(payload ? { payload } : {}),
    });
  const invite = async (email: string, role: string) => {
    const res = await call("POST", `/api/workspaces/${team}/invites`, "ann", { email, role });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { token: string; url: string; expiresAt: string };
  };

  it("gives every user a personal workspace and lets anyone create a team workspace", async () => {
    const mine = (await call("GET", "/api/workspaces", "ann")).json();
    expect(mine.workspaces).toEqual([
      { id: expect.any(String), name: "Personal", kind: "personal", role: "owner", memberCount: 1 },
    ]);
    const bad = await call("POST", "/api/workspaces", "ann", { name: "  " });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Name is required");
    const made = await call("POST", "/api/workspaces", "ann", { name: "Acme Agency" });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: "Acme Agency", kind: "team", role: "owner" });
    team = made.json().id;
    const detail = (await call("GET", `/api/workspaces/${team}`, "ann")).json();
    expect(detail).toMatchObject({ id: team, name: "Acme Agency", kind: "team", role: "owner", members: 1 });
    // Someone else's workspace does not exist for them, by id or as X-Workspace.
    expect((await call("GET", `/api/workspaces/${team}`, "out")).statusCode).toBe(404);
    expect((await call("GET", "/api/lists", "out", undefined, team)).statusCode).toBe(404);
    const malformed = await call("GET", "/api/lists", "out", undefined, "not-a-uuid");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe("X-Workspace");
  });

  it("invites by e-mail: the invitee sees the invite before sign-in, accepts it once, and not after it expires", async () => {
    const forEd = await invite("ED@agency.example", "editor");
    expect(forEd.url).toBe(`http://localhost:5000/invite/${forEd.token}`);
    expect(Date.parse(forEd.expiresAt) - clock.getTime()).toBe(7 * DAY);
    const shown = await t.app.inject({ url: `/api/invites/${forEd.token}` });
    expect(shown.json()).toEqual({
      workspaceName: "Acme Agency",
      role: "editor",
      email: "ed@agency.example",
      expiresAt: forEd.expiresAt,
      state: "pending",
    });
    const wrong = await call("POST", `/api/invites/${forEd.token}/accept`, "out");
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toContain("This invite is for ed@agency.example");
    const ok = await call("POST", `/api/invites/${forEd.token}/accept`, "ed");
    expect(ok.json()).toEqual({ workspaceId: team, role: "editor" });
    const again = await call("POST", `/api/invites/${forEd.token}/accept`, "ed");
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: "INVITE_GONE", message: "This invite was already used." });
    expect((await t.app.inject({ url: `/api/invites/${forEd.token}` })).json().state).toBe("accepted");

    const late = await invite("vi@agency.example", "viewer");
    clock = new Date(clock.getTime() + 8 * DAY);
    expect((await t.app.inject({ url: `/api/invites/${late.token}` })).json().state).toBe("expired");
    const expired = await call("POST", `/api/invites/${late.token}/accept`, "vi");
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toContain("expired");
    const forVi = await invite("vi@agency.example", "viewer");
    expect((await call("POST", `/api/invites/${forVi.token}/accept`, "vi")).json()).toEqual({
      workspaceId: team,
      role: "viewer",
    });
    const members = (await call("GET", `/api/workspaces/${team}/members`, "vi")).json().members;
    expect(members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ["ann@agency.example", "owner"],
      ["ed@agency.example", "editor"],
      ["vi@agency.example", "viewer"],
    ]);
    // Only owners invite.
    expect(
      (await call("POST", `/api/workspaces/${team}/invites`, "ed", { email: "x@y.example", role: "viewer" }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call("POST", `/api/workspaces/${team}/invites`, "ann", { email: "nope", role: "viewer" })).json()
        .field,
    ).toBe("email");
  });

  let listId = 0;
  it("shares lists within the workspace: viewers read and export, never change; other workspaces get 404", async () => {
    const made = await call("POST", "/api/lists", "ed", { name: "Spring launch" }, team);
    expect(made.statusCode, made.body).toBe(201);
    listId = made.json().id;
    const add = await call(
      "POST",
      `/api/lists/${listId}/items`,
      "ed",
      { platform: "instagram", username: samples[0] },
      team,
    );
    expect(add.statusCode, add.body).toBe(201);
    // The owner and the viewer see it; a query parameter names the workspace as well as the header.
    expect((await call("GET", `/api/lists/${listId}?workspace=${team}`, "ann")).json().items).toHaveLength(1);
    expect((await call("GET", `/api/lists/${listId}`, "vi", undefined, team)).statusCode).toBe(200);
    const csv = await call("GET", `/api/lists/${listId}/export?format=csv`, "vi", undefined, team);
    expect(csv.statusCode).toBe(200);
    expect((parseCsv(csv.body, { bom: true }) as string[][])[1]![1]).toBe(samples[0]);
    // A viewer changes nothing.
    for (const [method, url, payload] of [
      ["POST", "/api/lists", { name: "x" }],
      ["POST", `/api/lists/${listId}/items`, { platform: "instagram", username: samples[1] }],
      ["DELETE", `/api/lists/${listId}`, undefined],
      ["POST", `/api/lists/${listId}/share`, { expiresInDays: 7, includeNotes: false }],
      ["POST", "/api/watchlists", { name: "w", cadence: "daily" }],
      ["POST", "/api/keys", { name: "k", scopes: ["read"] }],
    ] as const) {
      const res = await call(method, url, "vi", payload, team);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(VIEWER_MESSAGE);
    }
    // Not in the personal workspaces, and nothing of it for an outsider, whatever they try.
    expect((await call("GET", "/api/lists", "ann")).json()).toEqual([]);
    expect((await call("GET", `/api/lists/${listId}`, "ann")).statusCode).toBe(404);
    for (const [method, url, payload] of [
      ["GET", `/api/lists/${listId}`, undefined],
      ["GET", `/api/lists/${listId}/export?format=csv`, undefined],
      ["POST", `/api/lists/${listId}/share`, { expiresInDays: 7, includeNotes: false }],
      ["POST", `/api/lists/${listId}/items`, { platform: "instagram", username: samples[1] }],
      ["DELETE", `/api/lists/${listId}`, undefined],
    ] as const)
      expect((await call(method, url, "out", payload)).statusCode, `${method} ${url}`).toBe(404);
  });

  it("keeps both of two concurrent edits of one list", async () => {
    const [a, b] = await Promise.all([
      call(
        "POST",
        `/api/lists/${listId}/items`,
        "ann",
        { platform: "instagram", username: samples[2] },
        team,
      ),
      call("POST", `/api/lists/${listId}/items`, "ed", { platform: "instagram", username: samples[3] }, team),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const [na, nb] = await Promise.all([
      call("PATCH", `/api/lists/${listId}/items/${a.json().id}`, "ann", { note: "Ann's note" }, team),
      call("PATCH", `/api/lists/${listId}/items/${b.json().id}`, "ed", { status: "contacted" }, team),
    ]);
    expect([na.statusCode, nb.statusCode]).toEqual([200, 200]);
    const items = (await call("GET", `/api/lists/${listId}`, "vi", undefined, team)).json().items;
    expect(items).toHaveLength(3);
    expect(items.find((i: { id: number }) => i.id === a.json().id).note).toBe("Ann's note");
    expect(items.find((i: { id: number }) => i.id === b.json().id).status).toBe("contacted");
  });

  let edKey = "";
  it("scopes watchlists, alerts, keys and captures to the workspace", async () => {
    const w = await call("POST", "/api/watchlists", "ed", { name: "Roster", cadence: "daily" }, team);
    expect(w.statusCode, w.body).toBe(201);
    const wid = w.json().id;
    expect(
      (
        await call(
          "POST",
          `/api/watchlists/${wid}/accounts`,
          "ed",
          { platform: "instagram", username: samples[0] },
          team,
        )
      ).statusCode,
    ).toBe(201);
    expect((await call("GET", `/api/watchlists/${wid}`, "vi", undefined, team)).statusCode).toBe(200);
    expect((await call("GET", `/api/watchlists/${wid}`, "out")).statusCode).toBe(404);
    expect((await call("GET", `/api/watchlists/${wid}`, "ed")).statusCode).toBe(404);
    const rule = {
      kind: "followers_change",
      threshold: 10,
      channel: { type: "webhook", url: "https://hooks.example/x" },
    };
    expect((await call("POST", `/api/watchlists/${wid}/alerts`, "vi", rule, team)).statusCode).toBe(403);
    expect((await call("POST", `/api/watchlists/${wid}/alerts`, "out", rule)).statusCode).toBe(404);

    const key = await call(
      "POST",
      "/api/keys",
      "ed",
      { name: "Extension", scopes: ["read", "capture"] },
      team,
    );
    expect(key.statusCode, key.body).toBe(201);
    edKey = key.json().key;
    const teamKeys = (await call("GET", "/api/keys", "ann", undefined, team)).json();
    expect(teamKeys.map((k: { name: string; owner: { email: string } }) => [k.name, k.owner.email])).toEqual([
      ["Extension", "ed@agency.example"],
    ]);
    expect((await call("GET", "/api/keys", "ed")).json()).toEqual([]);
    expect((await call("DELETE", `/api/keys/${key.json().id}`, "out")).statusCode).toBe(404);

    // A capture through the team's key is the team's: its viewer sees it, an outsider never does.
    const planted = 7_654_321;
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/v1/snapshots",
      headers: { authorization: `Bearer ${edKey}` },
      payload: capturedSnapshot("teamcapture", planted, clock.toISOString()),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const viewer = await call("GET", "/api/accounts/teamcapture?platform=tiktok", "vi", undefined, team);
    expect(viewer.json()).toMatchObject({ followers: planted, privateTo: "you" });
    const personal = await call("GET", "/api/accounts/teamcapture?platform=tiktok", "ed");
    expect(personal.json().followers).not.toBe(planted);
    const outsider = await call("GET", "/api/accounts/teamcapture?platform=tiktok", "out");
    expect(outsider.json().followers).not.toBe(planted);
    const rows = await queryRows<{ n: number | string }>(
      t.database.db,
      sql`select count(*) as n from supplied_reports where workspace_id = ${team}`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it("owners alone change roles, see the audit log and members' usage; the last owner stays; a personal workspace cannot be deleted", async () => {
    expect(
      (await call("PATCH", `/api/workspaces/${team}/members/${ids.vi}`, "ed", { role: "editor" })).statusCode,
    ).toBe(403);
    const last = await call("PATCH", `/api/workspaces/${team}/members/${ids.ann}`, "ann", { role: "editor" });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toContain("last owner");
    expect((await call("DELETE", `/api/workspaces/${team}/members/${ids.ann}`, "ann")).statusCode).toBe(409);
    const badRole = await call("PATCH", `/api/workspaces/${team}/members/${ids.vi}`, "ann", { role: "boss" });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().field).toBe("role");
    const personal = (await call("GET", "/api/workspaces", "ann")).json().workspaces[0];
    expect(personal.kind).toBe("personal");
    expect((await call("DELETE", `/api/workspaces/${personal.id}`, "ann")).statusCode).toBe(409);
    expect((await call("GET", `/api/workspaces/${team}/audit`, "ed")).statusCode).toBe(403);
    const audit = (await call("GET", `/api/workspaces/${team}/audit?limit=100`, "ann")).json().entries;
    const actions = audit.map((e: { action: string }) => e.action);
    for (const a of [
      "workspace.create",
      "invite.create",
      "invite.accept",
      "list.create",
      "list.items.add",
      "list.export",
      "watchlist.create",
      "key.create",
    ])
      expect(actions, a).toContain(a);
    expect(audit.find((e: { action: string }) => e.action === "list.export").actor.email).toBe(
      "vi@agency.example",
    );
    // Paged two at a time, with the test's clock standing still (entries share a time): the pages
    // together hold every entry once, in the same order — none skipped at a page boundary.
    type Entry = { id: number; at: string };
    const paged: Entry[] = [];
    let cursor = "";
    for (let i = 0; i < 100; i++) {
      const page = (await call("GET", `/api/workspaces/${team}/audit?limit=2${cursor}`, "ann")).json()
        .entries as Entry[];
      paged.push(...page);
      if (page.length < 2) break;
      cursor = `&before=${encodeURIComponent(page[1]!.at)}&beforeId=${page[1]!.id}`;
    }
    const sameTime = new Map<string, number>();
    for (const e of audit as Entry[]) sameTime.set(e.at, (sameTime.get(e.at) ?? 0) + 1);
    // Three or more entries of one time: a page of two always ends inside that group.
    expect(Math.max(...sameTime.values())).toBeGreaterThanOrEqual(3);
    expect(paged.map((e) => e.id)).toEqual(audit.map((e: Entry) => e.id));
    const usage = (await call("GET", `/api/workspaces/${team}/usage`, "ann")).json();
    expect(usage.members.map((m: { email: string }) => m.email)).toEqual([
      "ann@agency.example",
      "ed@agency.example",
      "vi@agency.example",
    ]);
    expect(usage.members[0]).toMatchObject({
      used: expect.any(Number),
      limit: t.config.userDailyReportLimit,
    });
  });

  it("a removed member loses access at once: their session and their keys of the workspace", async () => {
    const v1 = () =>
      t.app.inject({
        url: "/api/v1/accounts/tiktok/teamcapture",
        headers: { authorization: `Bearer ${edKey}` },
      });
    expect((await v1()).statusCode).not.toBe(401);
    const removed = await call("DELETE", `/api/workspaces/${team}/members/${ids.ed}`, "ann");
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call("GET", `/api/lists/${listId}`, "ed", undefined, team)).statusCode).toBe(404);
    expect((await call("POST", "/api/lists", "ed", { name: "x" }, team)).statusCode).toBe(404);
    expect((await v1()).statusCode).toBe(401);
    expect(
      (await call("GET", "/api/workspaces", "ed")).json().workspaces.map((w: { kind: string }) => w.kind),
    ).toEqual(["personal"]);
    // A viewer may leave on their own; then the workspace is gone for them too.
    expect((await call("DELETE", `/api/workspaces/${team}/members/${ids.vi}`, "vi")).statusCode).toBe(200);
    expect((await call("GET", `/api/lists/${listId}`, "vi", undefined, team)).statusCode).toBe(404);
    // Deleting the workspace: nothing of it remains reachable.
    expect((await call("DELETE", `/api/workspaces/${team}`, "ann")).statusCode).toBe(200);
    expect((await call("GET", `/api/lists/${listId}`, "ann", undefined, team)).statusCode).toBe(404);
    expect((await call("GET", `/api/workspaces/${team}`, "ann")).statusCode).toBe(404);
  });
});
