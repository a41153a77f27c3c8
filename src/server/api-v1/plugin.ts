import fastifySwagger from "@fastify/swagger";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import {
  type ApiKeyScope,
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyDeletedSchema,
  apiKeyListSchema,
  apiKeyParamsSchema,
} from "#core/schemas/api-keys";
import { userOf } from "../auth/auth-plugin";
import type { AppConfig } from "../config";
import { discoveryV1Routes } from "../discovery/v1-routes";
import { ApiKeyInvalidError, ApiKeyScopeError } from "../errors";
import { growthV1Routes } from "../growth/v1-routes";
import { captureV1Routes, reportV1Routes } from "../reports/v1-routes";
import type { Services } from "../services";
import type { BodyCacheEntry } from "../shared/body-cache";
import { actingEditor, actingWorkspace, audit } from "../workspaces/acting";
import type { ApiKeyOwner, ApiKeyService } from "./api-key-service";
import { createAuthFailureLimit } from "./auth-failure-limit";
import { registerApiDocs } from "./docs-page";
import { API_EXAMPLES } from "./examples";
import { err } from "./v1-kit";

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

/** No key in the request at all. */
export const MISSING_KEY_MESSAGE =
  "An API key is required: send it as 'Authorization: Bearer ca_…'. Create one in Settings → API keys.";
export const MALFORMED_KEY_MESSAGE =
  "The Authorization header must be 'Bearer <key>', with a key from Settings → API keys (it starts with ca_).";
export const INVALID_KEY_MESSAGE =
  "This API key is not valid: it may have been revoked or mistyped. Create a new one in Settings → API keys.";

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
      const acting = await actingEditor(request);
      const created = await keys.create(acting, request.body);
      await audit(request, acting, "key.create", `key:${created.id}`, {
        name: created.name,
        scopes: created.scopes,
      });
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
      const acting = await actingWorkspace(request);
      reply.header("cache-control", "private, no-store");
      return keys.list(user, acting.workspaceId);
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
      const acting = await actingEditor(request);
      await keys.revoke(user, acting, request.params.id);
      await audit(request, acting, "key.revoke", `key:${request.params.id}`);
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

const v1Routes: FastifyPluginAsync<PublicApiOptions & { keys: ApiKeyService }> = async (app, opts) => {
  const { config, services, keys } = opts;

  app.decorateRequest("apiKey", null);
  const authFailures = createAuthFailureLimit(app, config.rateLimitPerMinute);

  // CORS is open: a key, not a cookie, is the credential, so a page elsewhere gains nothing it
  // could not do with the key itself. Every answer (errors too) carries the headers.
  app.addHook("onRequest", async (request, reply) => {
    reply.header("access-control-allow-origin", "*");
    reply.header("access-control-expose-headers", EXPOSED_HEADERS);
    reply.header("cross-origin-resource-policy", "cross-origin");
    // A report read with one key must never be answered from a browser cache filled with another.
    reply.header("vary", "Origin, Authorization");
    if (request.method === "OPTIONS") return;
    // Issue #33: failed key checks count against the address (auth-failure-limit.ts).
    await authFailures.check(request);
    const owner = await authFailures.guard(request, async () => {
      const found = await keys.authenticate(bearerKey(request));
      if (!found) throw new ApiKeyInvalidError(INVALID_KEY_MESSAGE);
      const scope = request.routeOptions.config.apiScope;
      if (scope && !found.scopes.includes(scope))
        throw new ApiKeyScopeError(
          `This API key does not have the "${scope}" scope (it has: ${found.scopes.join(", ")}). Create a key with that scope in Settings → API keys.`,
        );
      return found;
    });
    request.apiKey = owner;
    // At most one UPDATE per key and minute; awaited so "last used" is written before the answer (a
    // read right after it sees the use), and a failure to write it never fails the call.
    await keys
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

  // Each capability owns its v1 routes (docs/decisions/032); they are registered here, inside the
  // bearer-key hook and the OpenAPI document, in the document's order.
  const reports = {
    config,
    reports: services.reports,
    store: services.reportStore,
    captures: services.captures,
    supplied: services.suppliedReports,
    onView: opts.onView,
  };
  await app.register(reportV1Routes, reports);
  await app.register(growthV1Routes, { config, growth: services.growth });
  await app.register(discoveryV1Routes, {
    config,
    discovery: services.discovery,
    finder: services.finder,
    webCandidates: services.webCandidates,
  });
  await app.register(captureV1Routes, reports);
};
