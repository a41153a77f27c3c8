import { aiWriterFromConfig } from "./ai";
import { createGoogleVerifier, type GoogleVerifier } from "./auth/google-verifier";
import { createSessionService, type SessionService } from "./auth/session-service";
import { type CollectorLogger, type Collectors, createCollectors } from "./collectors";
import { createNotFoundCache } from "./collectors/not-found-cache";
import { createSingleFlight } from "./collectors/single-flight";
import type { AppConfig } from "./config";
import type { Database } from "./db/database";
import { createQuotaService, type QuotaService } from "./quota/quota-service";
import { type AccountRepo, createAccountRepo } from "./reports/account-repo";
import { reportEngine } from "./reports/engine-adapter";
import { createReportService, type ReportObserver, type ReportService } from "./reports/report-service";
import { resolveAnalyzeInput } from "./reports/resolve-input";
import { createDbSampleStore } from "./samples/sample-service";

/** Every service, wired in one short place (conventions §4). */
export interface Services {
  sessions: SessionService;
  google: GoogleVerifier;
  quota: QuotaService;
  collectors: Collectors;
  repo: AccountRepo;
  reports: ReportService;
}

export interface ServiceDeps {
  observer?: ReportObserver;
  now: () => Date;
  logger?: CollectorLogger;
  /** Replaces the global fetch for collectors (never needed in tests: they use base URLs). */
  fetch?: typeof fetch;
}

export function createServices(config: AppConfig, database: Database, deps: ServiceDeps): Services {
  const { db } = database;
  const { now } = deps;
  const quota = createQuotaService({
    db,
    now,
    limits: {
      anonymous: config.anonReportLimit,
      anonymousPerIp: config.anonIpDailyLimit,
      user: config.userDailyReportLimit,
    },
  });
  const collectors = createCollectors(
    {
      order: config.collectors,
      youtubeApiKey: config.youtubeApiKey,
      youtubeApiBaseUrl: config.upstreams.youtubeApi,
      youtubeInnertubeBaseUrl: config.upstreams.youtubeInnertube,
      instagramBaseUrl: config.upstreams.instagram,
      instagramGraphBaseUrl: config.upstreams.instagramGraph,
      instagramAccessToken: config.instagramAccessToken,
      instagramBusinessAccountId: config.instagramBusinessAccountId,
      tiktokBaseUrl: config.upstreams.tiktok,
      timeoutMs: config.upstreamTimeoutMs,
      retries: config.upstreamRetries,
    },
    {
      fetch: deps.fetch,
      logger: deps.logger,
      sampleStore: createDbSampleStore(db, now),
      notFoundCache: createNotFoundCache({ ttlMs: 86_400_000, now: () => now().getTime() }),
      now: () => now().getTime(),
    },
  );
  const repo = createAccountRepo(db);
  const reports = createReportService({
    repo,
    collectors,
    quota,
    singleFlight: createSingleFlight(),
    engine: reportEngine,
    writer: aiWriterFromConfig(config, { now, logger: deps.logger }),
    observer: deps.observer,
    resolveInput: resolveAnalyzeInput,
    now,
    cacheMs: () => config.reportCacheDays * 86_400_000,
  });
  return {
    sessions: createSessionService({
      db,
      adminEmails: config.adminEmails,
      ttlMs: config.sessionTtlDays * 86_400_000,
      now,
    }),
    google: createGoogleVerifier({ clientId: config.googleClientId, certsFile: config.googleCertsFile }),
    quota,
    collectors,
    repo,
    reports,
  };
}
