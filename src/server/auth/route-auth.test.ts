import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { registerErrorHandler } from "../http/error-handler";
import { startTestApp, testConfig } from "../testing/test-app";
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
      r.get("/api/t/public", { config: { auth: "public" } }, async () => ({ ran: ++ran }));
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

  it("refuses to register an /api route that declares no auth, so no app with one starts", async () => {
    await expect(
      build((r) => {
        r.get("/api/t/forgotten", async () => ({}));
      }),
    ).rejects.toThrow("GET /api/t/forgotten declares no config.auth");
    // Pages and other non-API paths are not the guard's business.
    await expect(build((r) => r.get("/about-us", async () => ({})))).resolves.toBeDefined();
  });

  it("keeps API keys to /api/v1 and sessions off it", async () => {
    await expect(
      build((r) => {
        r.get("/api/t/keyed", { config: { auth: "api-key" } }, async () => ({}));
      }),
    ).rejects.toThrow(/only \/api\/v1 routes take an API key/);
    await expect(
      build((r) => {
        r.get("/api/v1/t", async () => ({}));
      }),
    ).rejects.toThrow("GET /api/v1/t declares no config.auth");
  });
});

/** Every method + path the router holds, read from printRoutes' tree. */
function routesOf(app: FastifyInstance): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^((?:│ {3}| {4})*)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    for (const method of m[3]!.split(", ")) out.push({ method, url: stack.join("") });
  }
  return out;
}

describe("the whole app's routes (Infisical's route-schema guard, for auth)", () => {
  it("every /api route of the built app declares who may call it", async () => {
    const handle = await startTestApp("pglite", { env: { DEV_LOGIN: "1" } });
    try {
      const api = routesOf(handle.app).filter((r) => r.url.startsWith("/api/"));
      // The walk reads the real table: the analysis, the v1 report and the key routes are in it.
      expect(api.map((r) => `${r.method} ${r.url}`)).toEqual(
        expect.arrayContaining([
          "GET /api/analyze/stream",
          "GET /api/v1/accounts/:platform/:username",
          "POST /api/keys",
          "GET /api/health",
        ]),
      );
      // A route the auth plugin never saw (registered before it) would be missing here too.
      const undeclared = api.filter((r) => !handle.app.routeAuth.has(`${r.method} ${r.url}`));
      expect(undeclared).toEqual([]);
      expect(handle.app.routeAuth.get("POST /api/v1/snapshots")).toBe("api-key");
      expect(handle.app.routeAuth.get("GET /api/health")).toBe("public");
    } finally {
      await handle.close();
    }
  }, 60_000);
});
