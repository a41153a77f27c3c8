import crypto from "node:crypto";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "./config";
import type { Database } from "./db/database";
import { registerErrorHandler } from "./http/error-handler";
import { registerWebApp } from "./http/static-web";
import fastifyRateLimit from "@fastify/rate-limit";
import { Redis } from "ioredis";
import { authPlugin, ipKey } from "./auth/auth-plugin";
import { authRoutes } from "./routes/auth";
import { clientConfigRoutes } from "./routes/client-config";
import { createMetrics, registerRequestMetrics } from "./ops/metrics";
import { healthRoutes } from "./routes/health";
import { discoveryRoutes } from "./discovery/routes";
import { createBodyCache } from "./reports/body-cache";
import { reportRoutes } from "./routes/reports";
import { createServices, type Services } from "./services";

export interface AppDeps {
  database: Database;
  /** Folder of the built web app (default dist/web). */
  webRoot?: string;
  /** Fastify logger option; tests pass false. */
  logger?: FastifyServerOptions["logger"];
  now?: () => Date;
  /** Replace services (tests); built from config when absent. */
  services?: Services;
}

export const DEFAULT_WEB_ROOT = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  "../../dist/web",
);

/** Builds the HTTP app without listening (conventions §2): tests use app.inject(). */
export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: {
        paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
        remove: true,
      },
    },
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 64 * 1024,
    // Behind one reverse proxy in production: trust exactly one hop for the client address.
    trustProxy: config.isProduction ? (_address: string, hop: number) => hop === 0 : false,
    return503OnClosing: true,
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  registerErrorHandler(app);

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
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  // JSON only: a cross-site <form enctype="text/plain"> must not reach a handler (CSRF).
  app.removeContentTypeParser("text/plain");

  const now = deps.now ?? (() => new Date());
  const metrics = createMetrics();
  registerRequestMetrics(app, metrics);
  const services =
    deps.services ??
    createServices(config, deps.database, {
      now,
      logger: { warn: (obj, msg) => app.log.warn(obj, msg) },
      observer: {
        cache: (result) => metrics.reportCache.inc({ result }),
        upstream: (platform, outcome) => metrics.upstreamCalls.inc({ platform, outcome }),
        quotaRefused: (who) => metrics.quotaRefusals.inc({ who }),
      },
    });
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) {
    redis.on("error", (err) => app.log.warn({ err: err.message }, "redis error"));
    app.addHook("onClose", async () => {
      await redis.quit().catch(() => undefined);
    });
  }
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: "1 minute",
    keyGenerator: (request) => ipKey(request.ip),
    redis,
    nameSpace: "rl:",
    skipOnError: true,
    allowList: (request) => request.url === "/api/health",
    errorResponseBuilder: (_request, ctx) => ({
      statusCode: 429,
      message: `Too many requests; try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
      code: "RATE_LIMITED",
    }),
  });

  await app.register(authPlugin, { config, sessions: services.sessions });
  await app.register(healthRoutes, {
    config,
    database: deps.database,
    redisPing: redis ? async () => (await redis.ping()) === "PONG" : undefined,
  });
  await app.register(authRoutes, { config, ...services });
  await app.register(clientConfigRoutes, { config });
  await app.register(discoveryRoutes, { db: deps.database.db });
  await app.register(reportRoutes, {
    config,
    reports: services.reports,
    repo: services.repo,
    now,
    bodyCache: createBodyCache({ maxEntries: 2000, ttlMs: 10_000, now: () => now().getTime() }),
  });
  await registerWebApp(app, deps.webRoot ?? DEFAULT_WEB_ROOT);
  return app;
}
