import fastifySwagger from "@fastify/swagger";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { accountSchema } from "#core/schemas/account";
import {
  type ApiKeyScope,
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyDeletedSchema,
  apiKeyListSchema,
  apiKeyParamsSchema,
} from "#core/schemas/api-keys";
import { v1AccountParamsSchema, v1AnalyzeRequestSchema, v1ErrorSchema } from "#core/schemas/api-v1";
import {
  discoverySearchRequestSchema,
  discoverySearchResponseSchema,
  finderRequestSchema,
  finderResponseSchema,
} from "#core/schemas/discovery";
import { growthResponseSchema } from "#core/schemas/growth";
import { PLATFORM_LABELS } from "#core/schemas/platform";
import { profileSnapshotSchema } from "#core/schemas/snapshot";
import { userOf } from "../auth/auth-plugin";
import type { AppConfig } from "../config";
import { AppError, NotFoundError } from "../errors";
import type { Services } from "../services";
import type { BodyCacheEntry } from "../shared/body-cache";
import type { ApiKeyOwner, ApiKeyService } from "./api-key-service";
import { registerApiDocs } from "./docs-page";
import { API_EXAMPLES } from "./examples";

declare module "fastify" {
  interface FastifyRequest {
    /** The API key's owner on /api/v1 routes (set by the bearer check; null elsewhere). */
    apiKey: ApiKeyOwner | null;
  }
  interface FastifyContextConfig {
    /** The scope an /api/v1 route needs. */
    apiScope?: ApiKeyScope;
  }
}

/** 401 for a missing, malformed, unknown or revoked key. */
export class ApiKeyInvalidError extends AppError {
  readonly status = 401;
  readonly code: string;
  override name = "ApiKeyInvalidError";
  constructor(message: string, code = "API_KEY_INVALID") {
    super(message);
    this.code = code;
    this.headers["www-authenticate"] = 'Bearer realm="api"';
  }
}

/** 403 for a valid key without the scope the route needs. */
export class ApiKeyScopeError extends AppError {
  readonly status = 403;
  readonly code = "API_KEY_SCOPE";
  override name = "ApiKeyScopeError";
}

/** No key in the request at all. */
export const MISSING_KEY_MESSAGE =
  "An API key is required: send it as 'Authorization: Bearer ca_…'. Create one in Settings → API keys.";
export const MALFORMED_KEY_MESSAGE =
  "The Authorization header must be 'Bearer <key>', with a key from Settings → API keys (it starts with ca_).";
export const INVALID_KEY_MESSAGE =
  "This API key is not valid: it may have been revoked or mistyped. Create a new one in Settings → API keys.";

/** What each error status means on these routes (the OpenAPI response descriptions). */
const ERROR_TEXTS: Record<number, string> = {
  400: "Invalid request: the message and `field` name what was wrong",
  401: "Missing, malformed, unknown or revoked credentials",
  403: "The API key does not have the scope this route needs",
  404: "Not found (the message says what)",
  409: "Conflict (the message says what)",
  429: "A limit was reached: the key's per-minute rate limit (`RATE_LIMITED`) or the owner's daily report quota (`REPORT_LIMIT_EXCEEDED`)",
  503: "The platform or a source could not be reached; try again later",
  504: "The analysis took longer than the time budget (`API_TIME_BUDGET_SECONDS`) and was stopped; no quota unit was spent",
};
const err = (status: number) => v1ErrorSchema.describe(ERROR_TEXTS[status] ?? "Error");

/** 504: an analysis ran past the API's time budget and was stopped (no quota unit is kept). */
export class TimeBudgetError extends AppError {
  readonly status = 504;
  readonly code = "TIME_BUDGET_EXCEEDED";
  override name = "TimeBudgetError";
}

/** A snapshot with a few hundred posts and captions is larger than the default JSON body limit. */
export const SNAPSHOT_BODY_LIMIT = 2 * 1024 * 1024;

/** Headers a browser page elsewhere may read from a v1 answer. */
const EXPOSED_HEADERS =
  "RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id, ETag";

export interface PublicApiOptions {
  config: AppConfig;
  services: Services;
  /** A stored report was opened (the "refresh on viewing" auto-refresh setting). */
  onView?: (entry: BodyCacheEntry) => void;
}

/**
 * The public API (issue #23, docs/decisions/020-public-api-keys.md), registered with one line in
 * app.ts: the key routes of Settings → API keys (session cookie), /api/v1 (bearer keys only, CORS
 * open), /api/openapi.json generated from the routes' zod schemas, and the /api/docs reference.
 */
export const publicApiPlugin: FastifyPluginAsync<PublicApiOptions> = async (base, opts) => {
  const keys = opts.services.apiKeys;
  // Registered in this plugin's context, so the document lists exactly the routes defined here.
  await base.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${opts.config.brandName} API`,
        version: "1.0.0",
        description:
          "Reports, growth, discovery and browser captures for scripts, sheets and CRMs. Every /api/v1 call needs an API key (Settings → API keys) sent as `Authorization: Bearer ca_…`. Errors are `{message, code}`.",
      },
      servers: [{ url: opts.config.appUrl }],
      components: {
        securitySchemes: {
          apiKey: {
            type: "http",
            scheme: "bearer",
            description: "An API key from Settings → API keys (starts with `ca_`).",
          },
          session: {
            type: "apiKey",
            in: "cookie",
            name: "sid",
            description: "The web app's session cookie.",
          },
        },
      },
      tags: [
        { name: "v1", description: "The versioned API, authenticated by API keys." },
        { name: "keys", description: "Managing API keys (signed in to the web app, same origin)." },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  await base.register(keyRoutes, { keys });
  await base.register(v1Routes, { ...opts, keys });

  base.get(
    "/api/openapi.json",
    { config: { auth: "public" }, schema: { hide: true } },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return base.swagger();
    },
  );
  registerApiDocs(base, () => base.swagger() as unknown as Record<string, unknown>);
};

/** Settings → API keys: signed-in users (session cookie, same origin), admins see and revoke every key. */
const keyRoutes: FastifyPluginAsync<{ keys: ApiKeyService }> = async (base, { keys }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: err(400), 401: err(401) };
  const security = [{ session: [] }];

  app.post(
    "/api/keys",
    {
      config: { auth: { role: "user", anonymous: "You need to be logged in to create API keys." } },
      schema: {
        tags: ["keys"],
        summary: "Create an API key (shown once)",
        security,
        body: apiKeyCreateSchema,
        response: {
          201: apiKeyCreatedSchema.meta({
            example: API_EXAMPLES.keyCreated,
            description: "The new key: its secret is shown this once",
          }),
          ...errors,
          409: err(409),
        },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const created = await keys.create(user.id, request.body);
      reply.code(201).header("cache-control", "no-store");
      return created;
    },
  );

  app.get(
    "/api/keys",
    {
      config: { auth: { role: "user", anonymous: "You need to be logged in to see your API keys." } },
      schema: {
        tags: ["keys"],
        summary: "List API keys (never the secret); administrators see every user's keys",
        security,
        response: { 200: apiKeyListSchema.describe("The keys, never their secrets"), 401: err(401) },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      reply.header("cache-control", "private, no-store");
      return keys.list(user);
    },
  );

  app.delete(
    "/api/keys/:id",
    {
      config: { auth: { role: "user", anonymous: "You need to be logged in to revoke API keys." } },
      schema: {
        tags: ["keys"],
        summary: "Revoke an API key (its owner, or an administrator)",
        security,
        params: apiKeyParamsSchema,
        response: { 200: apiKeyDeletedSchema.describe("Revoked"), ...errors, 404: err(404) },
      },
    },
    async (request) => {
      const user = userOf(request);
      await keys.revoke(user, request.params.id);
      return { deleted: true as const };
    },
  );
};

/** The bearer key of a request, or an error saying what is wrong with it. */
function bearerKey(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === "")
    throw new ApiKeyInvalidError(MISSING_KEY_MESSAGE, "API_KEY_REQUIRED");
  const match = /^Bearer +(\S{1,200})\s*$/i.exec(header);
  if (!match) throw new ApiKeyInvalidError(MALFORMED_KEY_MESSAGE);
  return match[1]!;
}

const v1Routes: FastifyPluginAsync<PublicApiOptions & { keys: ApiKeyService }> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { config, services, keys } = opts;
  // The same discovery, finder and web-candidate services as the cookie routes (services.ts).
  const { discovery, finder, webCandidates: web } = services;

  app.decorateRequest("apiKey", null);

  // CORS is open: a key, not a cookie, is the credential, so a page elsewhere gains nothing it
  // could not do with the key itself. Every answer (errors too) carries the headers.
  app.addHook("onRequest", async (request, reply) => {
    reply.header("access-control-allow-origin", "*");
    reply.header("access-control-expose-headers", EXPOSED_HEADERS);
    reply.header("cross-origin-resource-policy", "cross-origin");
    // A report read with one key must never be answered from a browser cache filled with another.
    reply.header("vary", "Origin, Authorization");
    if (request.method === "OPTIONS") return;
    const owner = await keys.authenticate(bearerKey(request));
    if (!owner) throw new ApiKeyInvalidError(INVALID_KEY_MESSAGE);
    request.apiKey = owner;
    const scope = request.routeOptions.config.apiScope;
    if (scope && !owner.scopes.includes(scope))
      throw new ApiKeyScopeError(
        `This API key does not have the "${scope}" scope (it has: ${owner.scopes.join(", ")}). Create a key with that scope in Settings → API keys.`,
      );
    keys
      .touch(owner.keyId)
      .catch((err: Error) => request.log.warn({ err: err.message }, "could not record an API key's use"));
  });

  // Preflight: any v1 path, answered before authentication (browsers send no Authorization on it).
  app.options(
    "/api/v1/*",
    { config: { auth: "public" }, schema: { hide: true } },
    async (_request, reply) => {
      reply
        .code(204)
        .header("access-control-allow-methods", "GET, POST, OPTIONS")
        .header("access-control-allow-headers", "Authorization, Content-Type")
        .header("access-control-max-age", "600");
      return reply.send();
    },
  );

  // Each key has its own per-minute budget (Redis with REDIS_URL, in process without), in place of
  // the per-address limit, with the IETF draft RateLimit-* headers on every answer.
  const rateLimit = {
    max: config.apiKeyRateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `apikey:${request.apiKey?.keyId ?? request.ip}`,
    labels: {
      rateLimit: "ratelimit-limit",
      rateRemaining: "ratelimit-remaining",
      rateReset: "ratelimit-reset",
      retryAfter: "retry-after",
    },
    addHeaders: {
      "ratelimit-limit": true,
      "ratelimit-remaining": true,
      "ratelimit-reset": true,
      "retry-after": true,
    },
    addHeadersOnExceeding: { "ratelimit-limit": true, "ratelimit-remaining": true, "ratelimit-reset": true },
    errorResponseBuilder: (_request: FastifyRequest, ctx: { ttl: number; max: number }) => ({
      statusCode: 429,
      message: `This API key made more than ${ctx.max} requests in a minute; try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
      code: "RATE_LIMITED",
    }),
  };
  const route = (scope: ApiKeyScope) => ({ auth: "api-key" as const, apiScope: scope, rateLimit });
  const security = [{ apiKey: [] }];
  const errors = {
    400: err(400),
    401: err(401),
    403: err(403),
    429: err(429),
  };
  const quotaOf = (request: FastifyRequest) => {
    const owner = request.apiKey!;
    return { identity: { kind: "user" as const, userId: owner.userId }, userId: owner.userId };
  };
  /** Aborts the work when the client goes away before the answer (as the cookie routes do). */
  const abortOnClose = (reply: {
    raw: { once(e: "close", f: () => void): unknown; writableFinished: boolean };
  }) => {
    const controller = new AbortController();
    reply.raw.once("close", () => {
      if (!reply.raw.writableFinished) controller.abort(new Error("client went away"));
    });
    return controller.signal;
  };

  app.post(
    "/api/v1/analyze",
    {
      config: route("analyze"),
      schema: {
        tags: ["v1"],
        summary: "Analyse an account (one unit of the key owner's daily quota)",
        description:
          "Fetches the account, runs the analysis and stores the report, or answers with the stored report while it is fresh (as the web app does). Scope: `analyze`.",
        security,
        body: v1AnalyzeRequestSchema,
        response: {
          200: accountSchema.meta({ example: API_EXAMPLES.account, description: "The report" }),
          ...errors,
          404: err(404),
          503: err(503),
          504: err(504),
        },
      },
    },
    async (request, reply) => {
      // Synchronous within a time budget (issue #23 §5): past it the analysis is stopped, stores
      // nothing and gives the quota unit back.
      const budget = AbortSignal.timeout(config.apiTimeBudgetMs);
      const view = await opts.services.reports
        .analyze(request.body, quotaOf(request), { signal: AbortSignal.any([abortOnClose(reply), budget]) })
        .catch((err: unknown) => {
          if (!budget.aborted) throw err;
          throw new TimeBudgetError(
            `The analysis of @${request.body.username} took longer than ${Math.round(config.apiTimeBudgetMs / 1000)} seconds, this API's time budget, and was stopped; no quota unit was spent. Try again later, or read the stored report with GET /api/v1/accounts/${request.body.platform}/{username}.`,
          );
        });
      reply.header("cache-control", "no-store");
      return accountSchema.parse(view);
    },
  );

  app.get(
    "/api/v1/accounts/:platform/:username",
    {
      config: route("read"),
      schema: {
        tags: ["v1"],
        summary: "The stored report of an account",
        description:
          "The newest stored report, as the web app shows it; 404 when the account was never analysed. Scope: `read`.",
        security,
        params: v1AccountParamsSchema,
        response: {
          200: accountSchema.meta({ example: API_EXAMPLES.account, description: "The report" }),
          ...errors,
          404: err(404),
        },
      },
    },
    async (request, reply) => {
      const { platform } = request.params;
      const username = request.params.username.replace(/^@+/, "");
      const entry = await services.reportStore.read(platform, username);
      opts.onView?.(entry);
      reply.header("etag", entry.etag);
      reply.header("cache-control", "private, max-age=60");
      if (request.headers["if-none-match"] === entry.etag) {
        reply.code(304 as 200);
        return reply.send(undefined as never);
      }
      return reply.type("application/json; charset=utf-8").send(entry.body as never);
    },
  );

  app.get(
    "/api/v1/accounts/:platform/:username/growth",
    {
      config: route("read"),
      schema: {
        tags: ["v1"],
        summary: "Growth over time of an account",
        description:
          "Dated follower and engagement points, 7/30/90-day change and anomalies. 404 (`NO_GROWTH`) until the account has been measured at least twice. Scope: `read`.",
        security,
        params: v1AccountParamsSchema,
        response: {
          200: growthResponseSchema.meta({ example: API_EXAMPLES.growth, description: "The growth" }),
          ...errors,
          404: err(404),
        },
      },
    },
    async (request, reply) => {
      const { platform } = request.params;
      const username = request.params.username.replace(/^@+/, "");
      const growth = await services.growth.growth(platform, username);
      if (growth.points.length < 2)
        throw new NoGrowthError(
          `No growth for @${growth.username} on ${PLATFORM_LABELS[platform]} yet: it has been measured ${growth.points.length === 1 ? "once" : "never"}, and growth needs at least two measurements. Analyse it again later.`,
        );
      reply.header("cache-control", "private, max-age=60");
      return growth;
    },
  );

  app.post(
    "/api/v1/discovery/search",
    {
      config: route("read"),
      schema: {
        tags: ["v1"],
        summary: "Discovery search over the indexed accounts",
        description: "The same search as the web app's discovery page. Scope: `read`.",
        security,
        body: discoverySearchRequestSchema.meta({ example: API_EXAMPLES.discoverySearch }),
        response: { 200: discoverySearchResponseSchema.describe("The matching accounts"), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      if (!request.body.includeWebCandidates) return discovery.search(request.body);
      return web.search(request.body, { userId: request.apiKey!.userId }, { signal: abortOnClose(reply) });
    },
  );

  app.post(
    "/api/v1/accounts/find",
    {
      config: route("read"),
      schema: {
        tags: ["v1"],
        summary: "Find accounts from a description",
        description: "The finder: a plain-language description of the creators you look for. Scope: `read`.",
        security,
        body: finderRequestSchema.meta({ example: API_EXAMPLES.find }),
        response: {
          200: finderResponseSchema.describe("The interpretation and the matching accounts"),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return finder.find(request.body);
    },
  );

  app.post(
    "/api/v1/snapshots",
    {
      config: route("capture"),
      bodyLimit: SNAPSHOT_BODY_LIMIT,
      schema: {
        tags: ["v1"],
        summary: "Make a report from a profile snapshot captured in the browser",
        description:
          "The body is a ProfileSnapshot (the shape every collector produces). The report is stored with source `capture` and a note saying who captured it and when; one unit of the key owner's daily quota. A bad snapshot gets 400 naming the field (e.g. `posts.3.likes`). Scope: `capture`.",
        security,
        body: profileSnapshotSchema.meta({ example: API_EXAMPLES.snapshot }),
        response: {
          200: accountSchema.meta({
            example: API_EXAMPLES.capturedAccount,
            description: "The report made from the capture",
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const owner = request.apiKey!;
      const view = await services.reports.analyzeCapture(
        request.body,
        { ...quotaOf(request), capturedBy: owner.name || owner.email },
        { signal: abortOnClose(reply) },
      );
      reply.header("cache-control", "no-store");
      return accountSchema.parse(view);
    },
  );
};

/** 404 NO_GROWTH: the account exists but has fewer than two measurements. */
export class NoGrowthError extends NotFoundError {
  override readonly code = "NO_GROWTH";
  override name = "NoGrowthError";
}
