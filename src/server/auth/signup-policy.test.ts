import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows";
import { createGoogleTestKeys, TEST_CLIENT_ID } from "../testing/google-tokens";
import { cookieHeader } from "../testing/sign-in";
import { startTestApp, type TestAppHandle } from "../testing/test-app";
import { testedDatabaseKinds } from "../testing/test-db";
import { emailDomain } from "./signup-policy";

type Keys = Awaited<ReturnType<typeof createGoogleTestKeys>>;

const DOMAIN_MESSAGE =
  "Only addresses at agency.example can sign in here. Ask the administrator (boss@example.com) if you need access.";

describe("emailDomain", () => {
  it("is what follows the last @, lower-cased", () => {
    expect(emailDomain("Ana@Agency.Example")).toBe("agency.example");
    expect(emailDomain("a@agency.example@evil.com")).toBe("evil.com");
    expect(emailDomain("user@evil.com#agency.example")).toBe("evil.com#agency.example");
    expect(emailDomain("no-at-sign")).toBe("");
  });
});

describe.each(testedDatabaseKinds())("who may sign in (SIGNUP) on %s", (kind) => {
  let keys: Keys;
  const apps: TestAppHandle[] = [];
  beforeAll(async () => {
    keys = await createGoogleTestKeys();
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    keys?.cleanup();
  });

  async function appWith(env: Record<string, string>) {
    const t = await startTestApp(kind, {
      env: {
        GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
        GOOGLE_CERTS_FILE: keys.certsFile,
        ADMIN_EMAILS: "boss@example.com",
        DEV_LOGIN: "1",
        ...env,
      },
    });
    apps.push(t);
    return t;
  }
  const google = async (t: TestAppHandle, email: string, sub: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { credential: await keys.token({ email }, { sub }) },
    });
  const userCount = async (t: TestAppHandle) => {
    const res = await t.database.db.execute(sql`select count(*)::int as n from users`);
    return rowsOf<{ n: number }>(res)[0]!.n;
  };

  it("open (the default) admits any verified Google address, as before", async () => {
    const t = await appWith({});
    const res = await google(t, "anyone@gmail.example", "2001");
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe("anyone@gmail.example");
  });

  it("domain refuses an address outside ALLOWED_EMAIL_DOMAINS, saying why and whom to ask, and makes no account", async () => {
    const t = await appWith({ SIGNUP: "domain", ALLOWED_EMAIL_DOMAINS: "agency.example" });
    const before = await userCount(t);
    for (const [email, sub] of [
      ["eve@evil.example", "3001"],
      ["eve@agency.example.evil.com", "3002"],
      ["eve@sub.agency.example", "3003"],
      ["eve@evilagency.example", "3004"],
    ] as const) {
      const res = await google(t, email, sub);
      expect(res.statusCode, email).toBe(403);
      expect(res.json()).toEqual({ message: DOMAIN_MESSAGE, code: "SIGNUP_NOT_ALLOWED" });
      expect(res.cookies.find((c) => c.name === "sid")?.value ?? "").toBe("");
    }
    const dev = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "user@evil.com#agency.example" },
    });
    expect(dev.statusCode).toBeGreaterThanOrEqual(400);
    expect(await userCount(t)).toBe(before);
  });

  it("domain admits addresses at the domain (any case) and the ADMIN_EMAILS outside it", async () => {
    const t = await appWith({ SIGNUP: "domain", ALLOWED_EMAIL_DOMAINS: "other.example, Agency.Example" });
    const inside = await google(t, "Ana@AGENCY.example", "4001");
    expect(inside.statusCode).toBe(200);
    const admin = await google(t, "boss@example.com", "4002");
    expect(admin.statusCode).toBe(200);
    expect(admin.json().isAdmin).toBe(true);
    const dev = await t.app.inject({
      method: "POST",
      url: "/api/auth/dev-login",
      payload: { email: "bo@other.example" },
    });
    expect(dev.statusCode).toBe(200);
  });

  it("invite refuses a person without an invite, admits existing users, invitees and admins", async () => {
    const t = await appWith({ SIGNUP: "invite" });
    // An account from before the server was made invite-only keeps signing in (dev login made it).
    const before = await t.database.db.execute(
      sql`insert into users (email, name) values ('old@example.com', 'Old') returning id`,
    );
    expect(rowsOf(before)).toHaveLength(1);
    const stranger = await google(t, "stranger@example.com", "5001");
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({
      message:
        "This server admits only invited people. Ask an owner of a workspace here for an invite, then open its link.",
      code: "SIGNUP_NOT_ALLOWED",
    });
    expect((await google(t, "old@example.com", "5002")).statusCode).toBe(200);
    const admin = await google(t, "boss@example.com", "5003");
    expect(admin.statusCode).toBe(200);
    const cookie = cookieHeader(admin);
    const made = await t.app.inject({
      method: "POST",
      url: "/api/workspaces",
      payload: { name: "Agency" },
      headers: { cookie },
    });
    expect(made.statusCode).toBe(201);
    const invite = await t.app.inject({
      method: "POST",
      url: `/api/workspaces/${made.json().id}/invites`,
      payload: { email: "Newbie@Example.com", role: "viewer" },
      headers: { cookie },
    });
    expect(invite.statusCode).toBe(201);
    const invited = await google(t, "newbie@example.com", "5004");
    expect(invited.statusCode).toBe(200);
    const accepted = await t.app.inject({
      method: "POST",
      url: `/api/invites/${invite.json().token}/accept`,
      headers: { cookie: cookieHeader(invited) },
    });
    expect(accepted.statusCode).toBe(200);
  });

  it("invite does not admit with an expired or revoked invite", async () => {
    const t = await appWith({ SIGNUP: "invite" });
    const cookie = cookieHeader(await google(t, "boss@example.com", "6001"));
    const ws = (
      await t.app.inject({
        method: "POST",
        url: "/api/workspaces",
        payload: { name: "A" },
        headers: { cookie },
      })
    ).json().id as string;
    const invite = (email: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/workspaces/${ws}/invites`,
        payload: { email, role: "editor" },
        headers: { cookie },
      });
    expect((await invite("late@example.com")).statusCode).toBe(201);
    await t.database.db.execute(
      sql`update workspace_invites set expires_at = now() - interval '1 minute' where email = 'late@example.com'`,
    );
    expect((await google(t, "late@example.com", "6002")).statusCode).toBe(403);
    expect((await invite("gone@example.com")).statusCode).toBe(201);
    const pending = await t.app.inject({
      method: "GET",
      url: `/api/workspaces/${ws}/invites`,
      headers: { cookie },
    });
    const gone = (pending.json().invites as { id: string; email: string }[]).find(
      (i) => i.email === "gone@example.com",
    )!;
    const revoked = await t.app.inject({
      method: "DELETE",
      url: `/api/workspaces/${ws}/invites/${gone.id}`,
      headers: { cookie },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await google(t, "gone@example.com", "6003")).statusCode).toBe(403);
  });
});
