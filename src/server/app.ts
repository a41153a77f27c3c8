import crypto from "node:crypto";
import path from "node:path";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { agencyRoutes } from "./agency/routes";
import { publicApiPlugin } from "./api-v1/plugin";
import { authPlugin } from "./auth/auth-plugin";
import type { AppConfig } from "./config";
import type { Database } from "./db/database";
import { discoveryRoutes } from "./discovery/routes";
import { createTrustCheck, registerHostGuard, registerNulGuard } from "./http/edge";
import { growthPlugin } from "./growth/routes";
import { DEFAULT_BODY_LIMIT, registerErrorHandler } from "./http/error-handler";
import { registerBrowserSecurity, registerRateLimit } from "./http/security";
import { registerWebApp } from "./http/static-web";
import { createJobs, type Jobs } from "./jobs";
import { jobRoutes } from "./jobs/routes";
import { createHousekeeping } from "./ops/housekeeping";
import type { ProcessOutput } from "./ops/log-output";
import { createMetrics, registerRequestMetrics } from "./ops/metrics";
import { authRoutes } from "./auth/routes";
import { clientConfigRoutes } from "./http/client-config-routes";
import { healthRoutes } from "./ops/health-routes";
import { reportRoutes } from "./reports/routes";
import { createSharedState } from "./shared/shared-state";
import { siteSearchRoutes } from "./search/routes";
import { seoRoutes } from "./seo/routes";
import { createServices, type Services } from "./services";
import { settingsRoutes } from "./settings/routes";
import { sourcesRoutes } from "./sources/routes";

export interface AppDeps {
  database: Database;
  /** Folder of the built web app (default dist/web). */
  webRoot?: string;
  /** Fastify logger option; tests pass false. */
  logger?: FastifyServerOptions["logger"];
  /** The process's output (server.ts): log lines go there, and its failures are counted in /metrics. */
  output?: ProcessOutput;
  now?: () => Date;
  /** Replace services (tests); built from config when absent. */
  services?: Services;
}

/** How long running background jobs get to finish at shutdown before they are handed back. */
export const JOB_DRAIN_MS = 10_000;

declare module "fastify" {
  interface FastifyInstance {
    /** Background jobs (refresh, import, seed): the admin API, report views and server.ts use them. */
    jobs: Jobs;
  }
}

export const DEFAULT_WEB_ROOT = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  "../../dist/web",
);

/** Builds the HTTP app without listening (conventions §2): tests use app.inject(). */
export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const trustedPeer = createTrustCheck(config.trustedProxies);
  const options: FastifyServerOptions = {
    logger: deps.logger ?? {
      level: config.logLevel,
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

  const now = deps.now ?? (() => new Date());
  const metrics = createMetrics();
  if (deps.output) metrics.setLogOutputSource(deps.output.counts);
  registerRequestMetrics(app, metrics, { token: config.metricsToken });
  // Locks and short caches: Redis with REDIS_URL (shared by every instance), in process without.
  const shared = createSharedState(config, {
    now,
    logger: app.log.child({ component: "scale" }),
    observer: {
      flight: (event) => metrics.singleFlight.inc({ event }),
      cache: (cache, result) => metrics.cacheRequests.inc({ cache, result }),
    },
  });
  const redis = shared.redis;
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
      shared,
      ops: {
        upstreamRequest: (collector, outcome, seconds) => {
          metrics.upstreamRequests.inc({ collector, outcome });
          metrics.upstreamDuration.observe({ collector }, seconds);
        },
        modelTokens: (kind, tokens) => metrics.modelTokens.inc({ kind }, tokens),
        sourceOutcome: (source, outcome) => metrics.sourceFetches.inc({ source, outcome }),
      },
    });
  // Background jobs: BullMQ with REDIS_URL, in process without (docs/decisions/010-scale-out-locks-and-jobs.md).
  const jobs = await createJobs(config, {
    work: { db: deps.database.db, reports: services.reports, bodyCache: shared.bodyCache },
    getAutoRefresh: async () => (await services.settings.get()).autoRefresh,
    shared,
    now,
    logger: app.log.child({ component: "jobs" }),
    observer: (queue, outcome, seconds) => {
      metrics.jobsFinished.inc({ queue, outcome });
      if (outcome !== "retrying") metrics.jobDuration.observe({ queue }, seconds);
    },
  });
  metrics.setJobCountsSource(() => jobs.gaugeCounts());
  const housekeeping = createHousekeeping({
    purgeExpiredSessions: () => services.sessions.purgeExpired(),
    purgeOldUsage: () => services.quota.purgeOldUsage(),
    logger: app.log.child({ component: "housekeeping" }),
  });
  app.addHook("onReady", async () => housekeeping.start());
  app.addHook("onClose", async () => housekeeping.stop());
  app.decorate("jobs", jobs);
  app.addHook("onReady", async () => {
    await shared.ready(3000);
    // Without Redis at start the instance still serves (not ready, degraded); the job workers start
    // as soon as the queue's connection comes up.
    const started = jobs.start({ workers: config.jobWorkers }).then(
      () => true,
      (err: Error) => {
        app.log.error({ err: err.message }, "background jobs could not start");
        return true;
      },
    );
    const waited = await Promise.race([
      started,
      new Promise<false>((r) => setTimeout(() => r(false), 5000).unref()),
    ]);
    if (!waited) app.log.warn("the job queue is not reachable yet; workers start when it is");
  });
  // Shutdown (after the server stopped taking requests and finished the ones in flight): drain the
  // jobs, then close Redis. The database is closed by whoever opened it (server.ts), after this.
  app.addHook("onClose", async () => {
    await jobs.close({ drainMs: JOB_DRAIN_MS });
    await shared.close();
    // The collectors' connection pools (and proxy tunnels); services passed in are their owner's.
    if (!deps.services) await services.collectors.close();
  });
  await registerRateLimit(app, config, { redis, metrics });
  await app.register(authPlugin, { config, sessions: services.sessions });
  await app.register(healthRoutes, {
    config,
    database: deps.database,
    redisPing: shared.ping,
  });
  await app.register(authRoutes, { config, ...services });
  await app.register(clientConfigRoutes, { config });
  await app.register(discoveryRoutes, {
    db: deps.database.db,
    extractor: services.criteriaExtractor,
    webCandidates: services.webCandidates,
  });
  const bodyCache = shared.bodyCache;
  await app.register(reportRoutes, {
    config,
    reports: services.reports,
    repo: services.repo,
    now,
    bodyCache,
    onView: (entry) => jobs.noteViewed(entry),
  });
  await app.register(jobRoutes, { jobs });
  await app.register(sourcesRoutes, { sources: services.sources });
  await app.register(growthPlugin, { config, database: deps.database, now });
  await app.register(settingsRoutes, {
    settings: services.settings,
    data: services.accountData,
    aiEnabled: config.aiEnabled,
    now,
    onDataDeleted: () => bodyCache.clear(),
  });
  await app.register(publicApiPlugin, {
    config,
    database: deps.database,
    services,
    bodyCache,
    now,
    onView: (entry) => jobs.noteViewed(entry),
  });
  await app.register(siteSearchRoutes, { siteSearch: services.siteSearch });
  await app.register(agencyRoutes, { config, lists: services.lists, compare: services.compare, now });
  await app.register(seoRoutes, { seo: services.seo, appUrl: config.appUrl });
  const site = { appUrl: config.appUrl, brandName: config.brandName };
  await registerWebApp(app, deps.webRoot ?? DEFAULT_WEB_ROOT, { service: services.seo, site });
  return app;
}

export { isAllowListed, isStaticFileRequest } from "./http/security";
