import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { signIn } from "../testing/sign-in";
import { startTestApp, type TestAppHandle } from "../testing/test-app";
import { createTestDatabase, testedDatabaseKinds } from "../testing/test-db";

const REDIS_URL = process.env.REDIS_URL;

/**
 * Teams (issue #37) with several instances (Redis): a key another instance has just looked up (and
 * cached) stops there at once when its maker is removed from the workspace, or when it is revoked.
 * Without Redis there is one instance, and workspaces.test covers it.
 */
describe.skipIf(!REDIS_URL).each(testedDatabaseKinds())("API keys across two instances on %s", (kind) => {
  let database: Database;
  let a: TestAppHandle;
  let b: TestAppHandle;
  const cookies = { ann: "", ed: "" };
  let team = "";
  let edId = "";

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const env = {
      DEV_LOGIN: "1",
      COLLECTORS: "sample",
      REDIS_URL,
      REDIS_KEY_PREFIX: `test:keys:${crypto.randomBytes(4).toString("hex")}:`,
    };
    a = await startTestApp(database, { env });
    b = await startTestApp(database, { env });
    cookies.ann = await signIn(a.app, "ann@agency.example");
    cookies.ed = await signIn(a.app, "ed@agency.example");
    edId = (await a.app.inject({ url: "/api/auth/me", headers: { cookie: cookies.ed } })).json().id;
    const made = await a.app.inject({
      method: "POST",
      url: "/api/workspaces",
      headers: { cookie: cookies.ann },
      payload: { name: "Acme Agency" },
    });
    team = made.json().id;
    const invite = await a.app.inject({
      method: "POST",
      url: `/api/workspaces/${team}/invites`,
      headers: { cookie: cookies.ann },
      payload: { email: "ed@agency.example", role: "editor" },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const accepted = await a.app.inject({
      method: "POST",
      url: `/api/invites/${invite.json().token}/accept`,
      headers: { cookie: cookies.ed },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  const makeKey = async () => {
    const res = await a.app.inject({
      method: "POST",
      url: "/api/keys",
      headers: { cookie: cookies.ed, "x-workspace": team },
      payload: { name: "Extension", scopes: ["read"] },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; key: string };
  };
  const onB = (key: string) =>
    b.app.inject({ url: "/api/v1/accounts/instagram/nobody", headers: { authorization: `Bearer ${key}` } });

  it("a key revoked on one instance stops at once on the other", async () => {
    const key = await makeKey();
    expect((await onB(key.key)).statusCode).not.toBe(401);
    const revoked = await a.app.inject({
      method: "DELETE",
      url: `/api/keys/${key.id}`,
      headers: { cookie: cookies.ed, "x-workspace": team },
    });
    expect(revoked.statusCode, revoked.body).toBeLessThan(300);
    expect((await onB(key.key)).statusCode).toBe(401);
  });

  it("a member removed on one instance loses their keys at once on the other", async () => {
    const key = await makeKey();
    expect((await onB(key.key)).statusCode).not.toBe(401);
    // Looked up again within the cache's time: still open while ed is a member.
    expect((await onB(key.key)).statusCode).not.toBe(401);
    const removed = await a.app.inject({
      method: "DELETE",
      url: `/api/workspaces/${team}/members/${edId}`,
      headers: { cookie: cookies.ann },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await onB(key.key)).statusCode).toBe(401);
  });
});
