import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { registerErrorHandler } from "../http/error-handler";
import { testConfig } from "../testing/test-app";
import { authPlugin, userOf } from "./auth-plugin";
import type { SessionService, SessionUser } from "./session-service";

const config = testConfig();
const USERS: Record<string, SessionUser> = {
  "user-token": { id: "u1", email: "u@example.com", name: "U", isAdmin: false } as SessionUser,
  "admin-token": { id: "a1", email: "a@example.com", name: "A", isAdmin: true } as SessionUser,
};
// The session lookup only: what the route option needs from the session service.
const sessions = { resolve: async (token: string) => USERS[token] ?? null } as unknown as SessionService;

let app: FastifyInstance;
afterEach(async () => app?.close());

async function build(routes: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(authPlugin, { config, sessions });
  await app.register(async (scoped) => routes(scoped));
  await app.ready();
  return app;
}

function as(token: string): Record<string, string> {
  return { cookie: `sid=${app.signCookie(token)}` };
}

describe("config: { auth } on a route", () => {
  it("answers 401 signed out and 403 to a non-admin, with the route's own words, before the handler runs", async () => {
    let ran = 0;
    await build((r) => {
      r.get("/api/t/public", async () => ({ ran: ++ran }));
      r.get("/api/t/user", { config: { auth: "user" } }, async (req) => ({ id: userOf(req).id }));
      r.get("/api/t/admin", { config: { auth: "admin" } }, async () => ({ ran: ++ran }));
      r.post(
        "/api/t/worded",
        { config: { auth: { role: "admin", anonymous: "Sign in first.", forbidden: "Admins only." } } },
        async () => ({ ran: ++ran }),
      );
    });
    expect((await app.inject({ url: "/api/t/public" })).statusCode).toBe(200);
    const anon = await app.inject({ url: "/api/t/user" });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({
      message: "You need to be logged in to do this.",
      requiresAuth: true,
    });
    expect((await app.inject({ url: "/api/t/user", headers: as("user-token") })).json()).toEqual({
      id: "u1",
    });
    expect((await app.inject({ url: "/api/t/admin", headers: as("user-token") })).statusCode).toBe(403);
    expect((await app.inject({ url: "/api/t/admin", headers: as("admin-token") })).statusCode).toBe(200);
    const worded = await app.inject({ method: "POST", url: "/api/t/worded", payload: {} });
    expect([worded.statusCode, worded.json().message]).toEqual([401, "Sign in first."]);
    const forbidden = await app.inject({
      method: "POST",
      url: "/api/t/worded",
      payload: {},
      headers: as("user-token"),
    });
    expect([forbidden.statusCode, forbidden.json().message]).toEqual([403, "Admins only."]);
    // public, then the two admin calls that passed: nothing ran for a refused caller.
    expect(ran).toBe(2);
  });

  it("refuses to declare a session rule on an /api/v1 route (keys only there)", async () => {
    await expect(
      build((r) => {
        r.get("/api/v1/t", { config: { auth: "user" } }, async () => ({}));
      }),
    ).rejects.toThrow(/api\/v1 routes are authenticated by API key/);
  });
});
