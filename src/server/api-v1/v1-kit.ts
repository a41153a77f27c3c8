import type { FastifyRequest } from "fastify";
import type { ApiKeyScope } from "#core/schemas/api-keys";
import { v1ErrorSchema } from "#core/schemas/api-v1";
import type { AppConfig } from "../config";

/**
 * What every /api/v1 route declares, for the capabilities that own them (reports/, growth/,
 * discovery/ `v1-routes.ts`, docs/decisions/032): the OpenAPI error descriptions, the bearer
 * security, the per-key rate limit and `config: { auth: "api-key", apiScope }`. The bearer-key
 * check itself is api-v1/plugin.ts's hook, around all of them.
 */

/** What each error status means on these routes (the OpenAPI response descriptions). */
const ERROR_TEXTS: Record<number, string> = {
  400: "Invalid request: the message and `field` name what was wrong",
  401: "Missing, malformed, unknown or revoked credentials",
  403: "The API key does not have the scope this route needs",
  404: "Not found (the message says what)",
  409: "Conflict (the message says what)",
  429: "A limit was reached: the owner's per-minute rate limit over all their keys, or too many failed key checks from one address (`RATE_LIMITED`) or the owner's daily report quota (`REPORT_LIMIT_EXCEEDED`)",
  503: "The platform or a source could not be reached; try again later",
  504: "The analysis took longer than the time budget (`API_TIME_BUDGET_SECONDS`) and was stopped; no quota unit was spent",
};

/** The error body of one status, described for the OpenAPI document. */
export const err = (status: number) => v1ErrorSchema.describe(ERROR_TEXTS[status] ?? "Error");

/** The errors every key-authenticated route may answer. */
export const v1Errors = () => ({ 400: err(400), 401: err(401), 403: err(403), 429: err(429) });

export const v1Security = [{ apiKey: [] }];

/** A snapshot with a few hundred posts and captions is larger than the default JSON body limit. */
export const SNAPSHOT_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * The route config of a v1 route needing `scope`: the API key, and each user's one per-minute budget over all their keys
 * (Redis with REDIS_URL, in process without) in place of the per-address limit, with the IETF
 * draft RateLimit-* headers on every answer.
 */
export function v1RouteConfig(config: AppConfig) {
  const rateLimit = {
    max: config.apiKeyRateLimitPerMinute,
    timeWindow: 60_000,
    // Per user, not per key: 50 keys of one user share one budget (issue #33).
    keyGenerator: (request: FastifyRequest) => `apiuser:${request.apiKey?.userId ?? request.ip}`,
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
      message: `Your API keys made more than ${ctx.max} requests in a minute; try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
      code: "RATE_LIMITED",
    }),
  };
  return (scope: ApiKeyScope) => ({ auth: "api-key" as const, apiScope: scope, rateLimit });
}

/** The key owner, as the quota and the history see a v1 caller. */
export function keyOwnerOf(request: FastifyRequest) {
  const owner = request.apiKey!;
  return { identity: { kind: "user" as const, userId: owner.userId }, userId: owner.userId };
}

/** The supplied-data owner of a v1 call: the key's workspace (issue #37) and its creator. */
export function keyDataOwner(request: FastifyRequest): { userId: string; workspaceId: string } {
  const key = request.apiKey!;
  return { userId: key.userId, workspaceId: key.workspaceId };
}
