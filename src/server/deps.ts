import type { FastifyInstance } from "fastify";
import type { AppConfig } from "./config";
import type { Database } from "./db/database";
import { purgeStaleYouTubeProfiles } from "./discovery/expand/expand-service";
import { purgeStaleGrowthYouTubeRows } from "./discovery/growth/index-rows";
import { type AlertPoller, createAlertPoller } from "./growth/alert-poller";
import { createJobs, type Jobs } from "./jobs";
import { createHousekeeping } from "./ops/housekeeping";
import type { ProcessOutput } from "./ops/log-output";
import { createMetrics, type Metrics } from "./ops/metrics";
import { createServices, type Services } from "./services";
import { createSharedState, type SharedState } from "./shared/shared-state";
import { syncEmbeddings } from "./similar/embedding-store";

/** How long running background jobs get to finish at shutdown before they are handed back. */
export const JOB_DRAIN_MS = 10_000;
/** How often the index's growth is asked to run (it reads what waits, within pace and budget). */
const GROWTH_EVERY_MS = 60_000;

/** What buildApp's caller supplies (AppDeps adds the web root and logger). */
export interface DepsInput {
  database: Database;
  /** The process's output (server.ts): log lines go there, and its failures are counted in /metrics. */
  output?: ProcessOutput;
  now?: () => Date;
  /** Replace services (tests); built from config when absent. */
  services?: Services;
}

/** What the capability plugins are wired from: built once per app by buildDeps(). */
export interface Deps {
  config: AppConfig;
  database: Database;
  now: () => Date;
  metrics: Metrics;
  /** Locks and short caches: Redis with REDIS_URL (shared by every instance), in process without. */
  shared: SharedState;
  services: Services;
  jobs: Jobs;
  /** Checks new growth points against alert rules and sends due alerts, every few seconds. */
  alertPoller: AlertPoller;
}

/**
 * Builds metrics, shared state, services and background jobs for one app, and hooks their start
 * (onReady) and shutdown (onClose) to it.
 */
export async function buildDeps(app: FastifyInstance, config: AppConfig, appDeps: DepsInput): Promise<Deps> {
  const now = appDeps.now ?? (() => new Date());
  const metrics = createMetrics();
  if (appDeps.output) metrics.setLogOutputSource(appDeps.output.counts);
  // Locks and short caches: Redis with REDIS_URL (shared by every instance), in process without.
  const shared = createSharedState(config, {
    now,
    logger: app.log.child({ component: "scale" }),
    observer: {
      flight: (event) => metrics.singleFlight.inc({ event }),
      cache: (cache, result) => metrics.cacheRequests.inc({ cache, result }),
    },
  });
  const services =
    appDeps.services ??
    createServices(config, appDeps.database, {
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
    work: {
      db: appDeps.database.db,
      reports: services.reports,
      expand: services.expand,
      indexGrowth: services.indexGrowth,
      crawl: services.crawl,
    },
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
  // Issue #35: "Find more on {platform}" runs as a background job.
  services.expand.setQueue(async (id, platform) => {
    await jobs.enqueueExpand(id, platform);
  });
  // Issue #35: the index's growth runs as the queue fills, and every minute while work waits.
  services.indexGrowth.setKick(async () => {
    await jobs.enqueueGrowth();
  });
  services.crawl.setQueue(async (id) => {
    await jobs.enqueueCrawl(id);
  });
  const growthTimer = services.indexGrowth.enabled
    ? setInterval(() => services.indexGrowth.kick(), GROWTH_EVERY_MS)
    : undefined;
  growthTimer?.unref();
  app.addHook("onClose", async () => clearInterval(growthTimer));
  const housekeeping = createHousekeeping({
    purgeExpiredSessions: () => services.sessions.purgeExpired(),
    purgeOldUsage: () => services.quota.purgeOldUsage(),
    // Issue #35: search-found and growth-found YouTube API rows older than YouTube's 30 days.
    purgeStaleSearchRows: async () =>
      (await purgeStaleYouTubeProfiles(appDeps.database.db, now())) +
      (await purgeStaleGrowthYouTubeRows(appDeps.database.db, now())),
    purgeOldAudit: () => services.workspaces.audit.purgeOld(),
    rebuildStaleRepresentations: async (signal) =>
      (await syncEmbeddings(appDeps.database.db, { signal })).built,
    logger: app.log.child({ component: "housekeeping" }),
  });
  app.addHook("onReady", async () => housekeeping.start());
  app.addHook("onClose", async () => housekeeping.stop());
  app.decorate("jobs", jobs);
  const alertPoller = createAlertPoller({
    alerts: services.alerts,
    logger: app.log.child({ component: "alerts" }),
  });
  app.decorate("growth", {
    growth: services.growth,
    watchlists: services.watchlists,
    alerts: services.alerts,
    tick: alertPoller.tick,
  });
  app.addHook("onReady", async () => alertPoller.start());
  // The round in progress is stopped (deliveries in flight handed back) before the mailer closes.
  app.addHook("onClose", async () => {
    await alertPoller.stop();
    if (!appDeps.services) services.mailer?.close();
  });
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
    if (!appDeps.services) await services.collectors.close();
  });
  return { config, database: appDeps.database, now, metrics, shared, services, jobs, alertPoller };
}
