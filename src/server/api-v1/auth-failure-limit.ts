import type { FastifyInstance, FastifyRequest } from "fastify";
import { ipKey } from "../auth/auth-plugin";
import { AppError, RateLimitedError } from "../errors";

/**
 * Failed API-key authentication is rate limited per address (issue #33, item 7). On /api/v1 the
 * per-user budget replaces the global per-address limit, and the key check runs before it,
 * so a wrong key would otherwise be answered 401 as often as anyone asks. Each 401 or 403 counts
 * against the address (RATE_LIMIT_PER_MINUTE a minute, in the rate limiter's store: Redis with
 * REDIS_URL); once the address is over, every /api/v1 call from it gets a 429 without its key
 * being looked at, until the minute is over.
 */
export function createAuthFailureLimit(app: FastifyInstance, max: number) {
  const limiter = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `v1-auth-failed:${ipKey(request.ip)}`,
  });
  const refuse = (ttlInSeconds: number) =>
    new RateLimitedError(
      `Too many requests with a missing, wrong or insufficient API key from your address; try again in ${ttlInSeconds} seconds.`,
      ttlInSeconds,
    );
  return {
    /** Throws the 429 when the address is over its failures; counts nothing. */
    async check(request: FastifyRequest): Promise<void> {
      const r = await limiter(request, { increment: false });
      if (!r.isAllowed && r.remaining === 0) throw refuse(r.ttlInSeconds);
    },
    /** Runs the key check; a 401/403 it throws is counted (and becomes the 429 past the limit). */
    async guard<T>(request: FastifyRequest, authenticate: () => Promise<T>): Promise<T> {
      try {
        return await authenticate();
      } catch (err) {
        if (err instanceof AppError && (err.status === 401 || err.status === 403)) {
          const r = await limiter(request);
          if (!r.isAllowed && r.isExceeded) throw refuse(r.ttlInSeconds);
        }
        throw err;
      }
    },
  };
}
