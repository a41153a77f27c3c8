import crypto from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppConfig } from "../config";
import { ForbiddenError, UnauthorizedError } from "../errors";
import type { QuotaIdentity } from "../quota/quota-service";
import type { SessionService, SessionUser } from "./session-service";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie (null when signed out). */
    user: SessionUser | null;
    sessionToken: string | null;
  }
  interface FastifyInstance {
    /** "METHOD /url" → the auth each /api route declared, as the auth plugin saw it registered. */
    routeAuth: ReadonlyMap<string, RouteAuth>;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route (docs/decisions/026, 032): "public", "user" (401 when signed out) or
     * "admin" (401 signed out, 403 for other users), optionally with the screen's own words, or
     * "api-key" (/api/v1: the bearer key, checked by api-v1's hook). Checked in onRequest, after the
     * session is resolved and the Origin check passed. Every /api route must declare it: the auth
     * plugin refuses to register one that does not (`assertRouteDeclaresAuth`).
     */
    auth?: RouteAuth;
  }
}

export type RouteRole = "public" | "user" | "admin";
export type RouteAuth =
  | RouteRole
  | "api-key"
  | { role: Exclude<RouteRole, "public">; anonymous?: string; forbidden?: string };

/**
 * The guard you cannot forget (docs/decisions/032): every /api route says who may call it, public
 * included; /api/v1 routes are "api-key" (or "public", e.g. the CORS preflight) and no other route
 * is. Throws at registration, so an app with such a route never starts and its tests fail.
 */
export function assertRouteDeclaresAuth(route: {
  method: string | string[];
  url: string;
  config?: { auth?: RouteAuth };
}): void {
  const rule = route.config?.auth;
  const where = `${Array.isArray(route.method) ? route.method.join(",") : route.method} ${route.url}`;
  if (!/^\/api(\/|$)/.test(route.url)) return;
  if (rule === undefined)
    throw new Error(
      `${where} declares no config.auth: every /api route says who may call it ("public", "user", "admin", "api-key" or { role, … }).`,
    );
  const v1 = route.url.startsWith("/api/v1/");
  if (v1 && rule !== "api-key" && rule !== "public")
    throw new Error(
      `${where}: /api/v1 routes are authenticated by API key, not auth: ${JSON.stringify(rule)}`,
    );
  if (!v1 && rule === "api-key")
    throw new Error(`${where}: only /api/v1 routes take an API key; this route reads the session.`);
}

export interface CookieNames {
  session: string;
  visitor: string;
}

export function cookieNames(config: AppConfig): CookieNames {
  // __Host- cookies must be Secure with Path=/ and no Domain: only over HTTPS in production.
  return config.isProduction
    ? { session: "__Host-sid", visitor: "__Host-vid" }
    : { session: "sid", visitor: "vid" };
}

/** Groups an address as quotas and rate limits see it: IPv4 as is, IPv6 by its /64. */
export function ipKey(address: string): string {
  const ip = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (!ip.includes(":")) return ip;
  const [head] = ip.split("%");
  const parts = head!.split("::");
  const left = parts[0] ? parts[0].split(":") : [];
  const right = parts[1] ? parts[1].split(":") : [];
  const full =
    parts.length > 1 ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${full
    .slice(0, 4)
    .map((g) => (g || "0").toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

function readSigned(request: FastifyRequest, name: string): string | null {
  const raw = request.cookies[name];
  if (!raw) return null;
  const un = request.unsignCookie(raw);
  return un.valid && un.value ? un.value : null;
}

export interface AuthPluginOptions {
  config: AppConfig;
  sessions: SessionService;
}

/**
 * Resolves the session on every request, refuses cross-site state changes (CSRF), and offers
 * helpers for routes: requireUser, requireAdmin, quotaIdentity, startSession, endSession.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app: FastifyInstance, opts) => {
    const names = cookieNames(opts.config);
    const appOrigin = new URL(opts.config.appUrl).origin;

    app.decorateRequest("user", null);
    app.decorateRequest("sessionToken", null);
    const declared = new Map<string, RouteAuth>();
    app.decorate("routeAuth", declared);

    // `config: { auth }` on a route becomes its own onRequest check; the bearer-key routes of
    // /api/v1 never read the session, so a session rule there would be a mistake.
    app.addHook("onRoute", (route) => {
      assertRouteDeclaresAuth(route);
      const rule = route.config?.auth;
      for (const method of [route.method].flat())
        if (rule !== undefined) declared.set(`${method} ${route.url}`, rule);
      if (rule === undefined || rule === "public" || rule === "api-key") return;
      const check = authCheck(rule);
      const existing = route.onRequest;
      route.onRequest = [
        check,
        ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      ];
    });

    app.addHook("onRequest", async (request) => {
      // /api/v1 reads no cookie (an API key is its only credential), so it needs no Origin check.
      if (isBearerApiRequest(request)) return;
      // Decided on the matched route and for every unsafe method, never on the raw URL: the router
      // decodes /%61pi/… and /api/analyze/%73tream to the same handlers, and answers HEAD with GET's.
      assertSameOrigin(request, appOrigin);
      if (!isApiRequest(request)) return;
      const token = readSigned(request, names.session);
      if (token) {
        request.user = await opts.sessions.resolve(token);
        request.sessionToken = request.user ? token : null;
      }
    });
  },
  // Named: without a name, fastify-plugin throws an Error to read one off its stack, and formatting that
  // stack parsed the whole server bundle's source map at every start (~120 ms here, issue #38 item 2).
  { name: "auth" },
);

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF defence in layers (research/reliability.md §2): SameSite=Lax cookies, JSON-only bodies, and
 * this check — a state-changing request (or the quota-spending stream) from a browser must come from
 * our own origin. Clients that send neither Sec-Fetch-Site nor Origin (curl, server-to-server) carry
 * no ambient browser cookies of a victim and pass.
 */
/** Routes a GET (or HEAD) of which spends a quota unit: only the app's own pages may call them. */
export const QUOTA_SPENDING_GETS = new Set(["/api/analyze/stream"]);

/**
 * /api/v1 (issue #23): authenticated by `Authorization: Bearer <key>` only. The session cookie is
 * never read there and no cookie route reads the Authorization header, so a key never opens a
 * cookie route and a cookie never opens /api/v1 (docs/decisions/020-public-api-keys.md).
 */
export function isBearerApiRequest(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? request.url).startsWith("/api/v1/");
}

function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined ? route.startsWith("/api/") : request.url.startsWith("/api/");
}

/**
 * True when a browser says this request came from a page of our own (or from no page: typed in the
 * address bar, a bookmark) and is not a cross-site navigation. Requests without Sec-Fetch headers
 * (curl, older browsers) count as same-site: they carry no victim's cookies.
 */
export function isSameSiteRequest(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  return true;
}

function assertSameOrigin(request: FastifyRequest, appOrigin: string): void {
  const route = request.routeOptions.url ?? "";
  const spendsQuota =
    (request.method === "GET" || request.method === "HEAD") && QUOTA_SPENDING_GETS.has(route);
  if (!UNSAFE.has(request.method) && !spendsQuota) return;
  const site = request.headers["sec-fetch-site"];
  const origin = request.headers.origin;
  if (spendsQuota && request.headers["sec-fetch-mode"] === "navigate") {
    throw new ForbiddenError("This address can only be used by the app itself.");
  }
  if (typeof origin === "string" && origin !== "null") {
    const host = request.headers.host;
    const selfOrigins = [appOrigin, `${request.protocol}://${host}`];
    if (selfOrigins.includes(origin)) return;
    throw new ForbiddenError("Cross-site requests are not allowed.");
  }
  if (site === undefined || site === "same-origin" || site === "none") {
    if (origin === "null") throw new ForbiddenError("Cross-site requests are not allowed.");
    return;
  }
  throw new ForbiddenError("Cross-site requests are not allowed.");
}

function authCheck(
  rule: Exclude<RouteAuth, "public" | "api-key">,
): (request: FastifyRequest) => Promise<void> {
  const { role, ...texts } = typeof rule === "string" ? { role: rule } : rule;
  return role === "admin"
    ? async (request) => {
        requireAdmin(request, texts);
      }
    : async (request) => {
        requireUser(request, texts.anonymous);
      };
}

/**
 * The signed-in user of a route declared `config: { auth: "user" | "admin" }` (its onRequest check
 * has already answered 401/403 for anyone else).
 */
export function userOf(request: FastifyRequest): SessionUser {
  return requireUser(request);
}

/**
 * For a rule that depends on the input (GET /api/accounts?scope=history); a route that always needs
 * a user declares `config: { auth }` instead.
 */
export function requireUser(
  request: FastifyRequest,
  message = "You need to be logged in to do this.",
): SessionUser {
  if (!request.user) throw new UnauthorizedError(message);
  return request.user;
}

/** 401 for visitors, 403 for other users; a screen may say both in its own words (settings, spec §6). */
function requireAdmin(
  request: FastifyRequest,
  texts: { anonymous?: string; forbidden?: string } = {},
): SessionUser {
  const user = requireUser(request, texts.anonymous);
  if (!user.isAdmin)
    throw new ForbiddenError(texts.forbidden ?? "This action is restricted to administrators.");
  return user;
}

/** The anonymous visitor id from its signed cookie, creating one (1 year) when absent. */
export function visitorId(request: FastifyRequest, reply: FastifyReply, config: AppConfig): string {
  const names = cookieNames(config);
  const existing = readSigned(request, names.visitor);
  if (existing && /^[\w-]{16,64}$/.test(existing)) return existing;
  const id = crypto.randomBytes(16).toString("base64url");
  // Written as a header at once (not through reply.setCookie, which serialises in onSend): the
  // analysis stream hijacks its reply, and its visitor must still get the cookie its quota counts.
  const serialized = request.server.serializeCookie(names.visitor, reply.signCookie(id), {
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction,
    path: "/",
    maxAge: 365 * 24 * 3600,
  });
  const already = reply.getHeader("set-cookie");
  const list = already === undefined ? [] : Array.isArray(already) ? already : [String(already)];
  reply.header("set-cookie", [...list.map(String), serialized]);
  return id;
}

export function quotaIdentity(
  request: FastifyRequest,
  reply: FastifyReply,
  config: AppConfig,
): QuotaIdentity {
  if (request.user) return { kind: "user", userId: request.user.id };
  return { kind: "anonymous", visitorId: visitorId(request, reply, config), ipKey: ipKey(request.ip) };
}

export function setSessionCookie(
  reply: FastifyReply,
  config: AppConfig,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(cookieNames(config).session, token, {
    signed: true,
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction,
    path: "/",
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(cookieNames(config).session, {
    path: "/",
    secure: config.isProduction,
    sameSite: "lax",
    httpOnly: true,
  });
}
