import crypto from "node:crypto";
import path from "node:path";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { agencyRoutes } from "./agency/routes";
import { publicApiPlugin } from "./api-v1/plugin";
import { authPlugin } from "./auth/auth-plugin";
import { authRoutes } from "./auth/routes";
import type { AppConfig } from "./config";
import { buildDeps, type DepsInput } from "./deps";
import { expandRoutes } from "./discovery/expand/routes";
import { indexGrowthRoutes } from "./discovery/growth/routes";
import { discoveryRoutes } from "./discovery/routes";
import { NotFoundError } from "./errors";
import type { AlertService } from "./growth/alert-service";
import type { GrowthService } from "./growth/growth-service";
import { growthRoutes } from "./growth/routes";
import type { WatchlistService } from "./growth/watchlist-service";
import { clientConfigRoutes } from "./http/client-config-routes";
import { createTrustCheck, registerHostGuard, registerNulGuard } from "./http/edge";
import { DEFAULT_BODY_LIMIT, registerErrorHandler } from "./http/error-handler";
import { registerBrowserSecurity, registerRateLimit } from "./http/security";
import { registerWebApp } from "./http/static-web";
import type { Jobs } from "./jobs";
import { jobRoutes } from "./jobs/routes";
import { PROJECT_ROOT } from "./lib/project-root";
import { healthRoutes } from "./ops/health-routes";
import { logSerializers } from "./ops/log-redaction";
import { registerRequestMetrics } from "./ops/metrics";
import { reportRoutes } from "./reports/routes";
import { siteSearchRoutes } from "./search/routes";
import { seoRoutes } from "./seo/routes";
import { settingsRoutes } from "./settings/routes";
import { similarRoutes } from "./similar/routes";
import { createSimilarService } from "./similar/similar-service";
import { sourcesRoutes } from "./sources/routes";
import { workspaceRoutes } from "./workspaces/routes";

export interface AppDeps extends DepsInput {
  /** Folder of the built web app (default dist/web). */
  webRoot?: string;
  /** Fastify logger option; tests pass false. */
  logger?: FastifyServerOptions["logger"];
}

export { JOB_DRAIN_MS } from "./deps";

declare module "fastify" {
  interface FastifyInstance {
    /** Background jobs (refresh, import, seed): the admin API, report views and server.ts use them. */
    jobs: Jobs;
    /** Growth, watchlists and alerts (issue #21). `tick()` evaluates new points and sends due alerts. */
    growth: {
      growth: GrowthService;
      watchlists: WatchlistService;
      alerts: AlertService;
      tick(): Promise<void>;
    };
  }
}

export const DEFAULT_WEB_ROOT = path.join(PROJECT_ROOT, "dist/web");

/** Builds the HTTP app without listening (conventions §2): tests use app.inject(). */
export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const trustedPeer = createTrustCheck(config.trustedProxies);
  const options: FastifyServerOptions = {
    logger: withLogSerializers(deps.logger) ?? {
      level: config.logLevel,
      serializers: logSerializers,
      redact: {
        paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
        remove: true,
      },
      ...(deps.output ? { stream: deps.output.logStream } : {}),
    },
    // A request id is taken from a trusted proxy only: any other client could make its log lines
    // collide with another request's.
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return trustedPeer(req.socket?.remoteAddress) &&
        typeof given === "string" &&
        /^[\w.-]{1,64}$/.test(given)
        ? given
        : crypto.randomUUID();
    },
    bodyLimit: DEFAULT_BODY_LIMIT,
    // X-Forwarded-For is believed only from TRUSTED_PROXIES (default none): a client that reaches
    // the port directly cannot choose its own address for quotas and rate limits.
    trustProxy: config.trustedProxies.length > 0 ? [...config.trustedProxies] : false,
    return503OnClosing: true,
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  registerErrorHandler(app);
  registerHostGuard(app, config);
  registerNulGuard(app);

  await registerBrowserSecurity(app, config);

  // Every service and shared instance, built once; the plugins below get what they need from it.
  const { now, metrics, shared, services, jobs } = await buildDeps(app, config, deps);
  registerRequestMetrics(app, metrics, { token: config.metricsToken });
  await registerRateLimit(app, config, { redis: shared.redis, metrics });
  await app.register(authPlugin, { config, sessions: services.sessions });
  // Issue #37: every scoped route resolves its workspace through app.workspaces (workspaces/acting.ts).
  app.decorate("workspaces", services.workspaces);
  await app.register(healthRoutes, {
    config,
    database: deps.database,
    redisPing: shared.ping,
  });
  await app.register(authRoutes, { config, ...services });
  await app.register(clientConfigRoutes, { config });
  await app.register(discoveryRoutes, {
    discovery: services.discovery,
    finder: services.finder,
    webCandidates: services.webCandidates,
  });
  await app.register(expandRoutes, { expand: services.expand }); // issue #35
  await app.register(indexGrowthRoutes, {
    db: deps.database.db,
    crawl: services.crawl,
    panel: services.indexPanel,
  }); // issue #35
  await app.register(reportRoutes, {
    config,
    reports: services.reports,
    repo: services.repo,
    supplied: services.suppliedReports,
    store: services.reportStore,
    onView: (entry) => jobs.noteViewed(entry),
  });
  await app.register(jobRoutes, { jobs });
  await app.register(sourcesRoutes, { sources: services.sources });
  await app.register(growthRoutes, { growth: services.growth, watchlists: services.watchlists });
  await app.register(settingsRoutes, {
    settings: services.settings,
    data: services.accountData,
    aiEnabled: config.aiEnabled,
    now,
    onDataDeleted: () => services.reportStore.clear(),
  });
  await app.register(publicApiPlugin, {
    config,
    services,
    onView: (entry) => jobs.noteViewed(entry),
  });
  await app.register(siteSearchRoutes, { siteSearch: services.siteSearch });
  await app.register(agencyRoutes, { config, lists: services.lists, compare: services.compare, now });
  await app.register(workspaceRoutes, {
    appUrl: config.appUrl,
    userDailyReportLimit: config.userDailyReportLimit,
    now,
  });
  await app.register(seoRoutes, { seo: services.seo, appUrl: config.appUrl });
  // Issue #36: similar creators and lookalikes.
  await app.register(similarRoutes, {
    similar: createSimilarService({ db: deps.database.db, kind: deps.database.kind }),
    lists: services.lists,
  });
  const site = { appUrl: config.appUrl, brandName: config.brandName };
  await registerWebApp(
    app,
    deps.webRoot ?? DEFAULT_WEB_ROOT,
    { service: services.seo, site },
    {
      // A report page comes rendered with its stored report (decision 027); nothing is recorded.
      storedReport: async (platform, username) => {
        try {
          const entry = await services.reportStore.read(platform, username);
          return { body: entry.body, etag: entry.etag };
        } catch (err) {
          if (err instanceof NotFoundError) return null;
          throw err;
        }
      },
    },
  );
  return app;
}

/** A logger given by the caller (tests) still writes URLs through the redacting serializer (issue #33). */
function withLogSerializers(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger || typeof logger !== "object" || !("level" in logger || "stream" in logger)) return logger;
  return { serializers: logSerializers, ...logger };
}

export { isAllowListed, isStaticFileRequest } from "./http/security";
