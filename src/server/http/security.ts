import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { ipKey } from "../auth/auth-plugin";
import type { AppConfig } from "../config";
import type { Metrics } from "../ops/metrics";
import type { SharedState } from "../shared/shared-state";
import { COMPRESSION_OPTIONS } from "./compression";

/** Helmet (CSP and friends), compression, signed cookies, and JSON-only bodies: before every route. */
export async function registerBrowserSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  // Exactly what the app loads: its own scripts, Google's sign-in, and — only when configured —
  // the ad network and the analytics pixel.
  const ads = config.adsenseClientId
    ? [
        "https://pagead2.googlesyndication.com",
        "https://*.googlesyndication.com",
        "https://*.doubleclick.net",
      ]
    : [];
  const pixel = config.pixelId ? ["https://connect.facebook.net", "https://www.facebook.com"] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "https://accounts.google.com/gsi/client", ...ads, ...pixel],
        frameSrc: ["'self'", "https://accounts.google.com/gsi/", ...ads],
        connectSrc: ["'self'", "https://accounts.google.com/gsi/", ...ads, ...pixel],
        styleSrc: ["'self'", "'unsafe-inline'", "https://accounts.google.com/gsi/style"],
        imgSrc: ["'self'", "data:", "https:"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
  // Before every route: HTML and JSON above 1 KB go out brotli/gzip-compressed (http/compression.ts).
  await app.register(fastifyCompress, COMPRESSION_OPTIONS);
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  // JSON only: a cross-site <form enctype="text/plain"> must not reach a handler (CSRF).
  app.removeContentTypeParser("text/plain");
}

/**
 * The global per-address rate limit (Redis-backed with REDIS_URL), and the log line and counter
 * while it fails open because Redis is away.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: AppConfig,
  { redis, metrics }: { redis: SharedState["redis"]; metrics: Metrics },
): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: "1 minute",
    keyGenerator: (request) => ipKey(request.ip),
    redis,
    nameSpace: `${config.redisKeyPrefix}rl:`,
    // Fails open while Redis is away (availability first); the outage is logged once and counted
    // in /metrics (rate_limit_fail_open_total), see the onRequest hook below.
    skipOnError: true,
    // Static files (hashed JS/CSS chunks, icons, images) are immutable and cost nothing to serve;
    // one page load fetches ~20 of them, so counting them would lock out an office behind one NAT.
    // Decided on the matched route, never the raw URL: /%61pi/… is routed to the API too.
    allowList: (request) => isAllowListed(request.method, request.url, request.routeOptions.url),
    errorResponseBuilder: (_request, ctx) => ({
      statusCode: 429,
      message: `Too many requests; try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
      code: "RATE_LIMITED",
    }),
  });

  if (redis) {
    let failingOpen = false;
    app.addHook("onRequest", async (request) => {
      const down = redis.status !== "ready";
      if (down && isAllowListed(request.method, request.url, request.routeOptions.url)) return;
      if (down) {
        metrics.rateLimitFailOpen.inc();
        if (!failingOpen) app.log.warn("Redis is unreachable: rate limits are not enforced until it is back");
      } else if (failingOpen) app.log.info("Redis is back: rate limits are enforced again");
      failingOpen = down;
    });
  }
}

const STATIC_FILE =
  /^\/(?!api\/)[^?]*\.(?:js|mjs|css|map|svg|png|jpe?g|webp|avif|gif|ico|woff2?|txt)(?:\?.*)?$/i;

/** Requests the global rate limit does not count: liveness probes and the web app's static files. */
export function isAllowListed(method: string, url: string, route: string | undefined): boolean {
  if (route === "/api/health") return true;
  if (route?.startsWith("/api/") || route === "/metrics") return false;
  return isStaticFileRequest(method, url);
}

/** A GET/HEAD for a file of the built web app (not an API call, not a server-rendered page). */
export function isStaticFileRequest(method: string, url: string): boolean {
  return (method === "GET" || method === "HEAD") && STATIC_FILE.test(url);
}
