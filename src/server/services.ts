import { type CompareService, createCompareService } from "./agency/compare-service";
import { createListsRepo } from "./agency/lists-repo";
import { createListsService, type ListsService } from "./agency/lists-service";
import {
  aiWriterFromConfig,
  createAiClient,
  criteriaExtractorFromConfig,
  type ExtractionUsage,
  webCandidateProposerFromConfig,
  webSearchReporterFromConfig,
} from "./ai";
import { type ApiKeyService, createApiKeyService } from "./api-v1/api-key-service";
import { createGoogleVerifier, type GoogleVerifier } from "./auth/google-verifier";
import { createSessionService, type SessionService } from "./auth/session-service";
import { createSignupPolicy } from "./auth/signup-policy";
import { createBenchmarkCache } from "./benchmarks/benchmark-service";
import {
  type CollectorLogger,
  type Collectors,
  collectorsConfigFromApp,
  createCollectors,
  type SourceOutcome,
} from "./collectors";
import {
  createMemorySourceHealth,
  createRedisSourceHealth,
  type SourceHealthStore,
} from "./collectors/source-health";
import type { AppConfig } from "./config";
import type { Database } from "./db/database";
import { createDiscoveryService, type DiscoveryService } from "./discovery/discovery-service";
import { createExpandService, type ExpandService } from "./discovery/expand/expand-service";
import { createSearchBudget } from "./discovery/expand/search-budget";
import { createSearchSources } from "./discovery/expand/sources";
import { createFinderService, type FinderService } from "./discovery/finder/finder-service";
import { type CrawlService, createCrawlService } from "./discovery/growth/crawl-service";
import { createFeaturedChannelsReader } from "./discovery/growth/featured-channels";
import { createGrowthQueue, type GrowthQueue } from "./discovery/growth/growth-queue";
import type { IndexPanelDeps } from "./discovery/growth/index-panel";
import {
  createWebCandidateService,
  type WebCandidateService,
  type WebCandidateServiceDeps,
} from "./discovery/web-candidates";
import { type AlertEmail, createAlertEmail } from "./growth/alert-email";
import { type AlertService, createAlertService } from "./growth/alert-service";
import { createDeliveryCap } from "./growth/delivery-cap";
import { createGrowthRepo } from "./growth/growth-repo";
import { createGrowthService, type GrowthService } from "./growth/growth-service";
import { createMailer, type Mailer } from "./growth/mailer";
import { createWatchlistService, type WatchlistService } from "./growth/watchlist-service";
import { countWebSearchTokens, countWriterTokens, type TokenObserver } from "./ops/model-usage";
import { collectorByOrigin, instrumentFetch, type UpstreamObserver } from "./ops/upstream-fetch";
import { createQuotaService, type QuotaService } from "./quota/quota-service";
import { type AccountRepo, createAccountRepo } from "./reports/account-repo";
import { type CaptureService, createCaptureService } from "./reports/capture-service";
import { createReportService, type ReportObserver, type ReportService } from "./reports/report-service";
import { ReportStore } from "./reports/report-store";
import { resolveAnalyzeInput } from "./reports/resolve-input";
import { createSuppliedReportRepo, type SuppliedReportRepo } from "./reports/supplied-repo";
import { createDbSampleStore } from "./samples/sample-service";
import { createSiteSearchService, type SiteSearchService } from "./search/search-service";
import { loadBlogPosts } from "./seo/blog-posts";
import { createSeoService, type SeoService } from "./seo/seo-service";
import { type AccountDataService, createAccountDataService } from "./settings/account-data-service";
import { createModelPolicy } from "./settings/model-policy";
import { createLocalCallLimiter, createRedisCallLimiter } from "./settings/model-rate-limiter";
import {
  type AdminSettingsService,
  createSettingsService,
  settingsDefaults,
} from "./settings/settings-service";
import { createMemorySharedState, type SharedState } from "./shared/shared-state";
import { createSourcesService, type SourcesService } from "./sources/sources-service";
import type { WorkspacesKit } from "./workspaces/acting";
import { createAuditLog } from "./workspaces/audit";
import { createInviteService } from "./workspaces/invite-service";
import { createWorkspaceService } from "./workspaces/workspace-service";

/** Every service, wired in one short place (conventions §4). */
export interface Services {
  sessions: SessionService;
  google: GoogleVerifier;
  quota: QuotaService;
  collectors: Collectors;
  /** Each source's quiet state, last success and failure (shared through Redis when configured). */
  sourceHealth: SourceHealthStore;
  repo: AccountRepo;
  reports: ReportService;
  /** Trust III (#33): browser captures, and the reports only their supplier sees. */
  captures: CaptureService;
  suppliedReports: SuppliedReportRepo;
  /** Where reports are saved (invalidating the cached body) and read as the API sends them. */
  reportStore: ReportStore;
  /** The admin's settings (cache, expiry, auto-refresh, model rate limit, model): `settings.get()`. */
  settings: AdminSettingsService;
  /** Export and delete-all of stored accounts (admin). */
  accountData: AccountDataService;
  /** POST /api/discovery/search and /api/v1/discovery/search: the index search. */
  discovery: DiscoveryService;
  /** The finder: the model-based interpreter with AI on, the lexicon without. */
  finder: FinderService;
  /**
   * The index search plus verified web candidates (docs/decisions/009-discovery-web-candidates.md);
   * without a web-search model, requests for them get a note.
   */
  webCandidates: WebCandidateService;
  /** Settings → API keys and the bearer check of /api/v1. */
  apiKeys: ApiKeyService;
  /** Growth over time, watchlists and alert rules (issue #21); deps.ts runs the alerts' poller. */
  growth: GrowthService;
  watchlists: WatchlistService;
  alerts: AlertService;
  /** Alert e-mail addresses: the sign-in one, or confirmed by a link (issue #33). */
  alertEmail: AlertEmail;
  /** E-mail alerts (SMTP_URL and MAIL_FROM); closed by the app at shutdown. */
  mailer?: Mailer;
  /** The admin's sources screen: each collector's configuration and health. */
  sources: SourcesService;
  /** Server-rendered pages' meta, sitemaps and the blog. */
  seo: SeoService;
  /** GET /api/search. */
  siteSearch: SiteSearchService;
  /** The agency's lists (owned, shared by link) and side-by-side comparisons. */
  lists: ListsService;
  compare: CompareService;
  /** "Find more on {platform}" (issue #35): platform searches that add real creators to the index. */
  expand: ExpandService;
  /** Teams (issue #37): workspaces, invites and the audit log. */
  workspaces: WorkspacesKit;
  /** The index's growth around reports, admin crawls and the Index panel's budgets (issue #35). */
  indexGrowth: GrowthQueue;
  crawl: CrawlService;
  indexPanel: Omit<IndexPanelDeps, "db" | "crawls">;
}

export interface ServiceDeps {
  observer?: ReportObserver;
  now: () => Date;
  logger?: CollectorLogger;
  /** Replaces the global fetch for collectors (never needed in tests: they use base URLs). */
  fetch?: typeof fetch;
  /**
   * The single-flight and not-found cache instances share, and with REDIS_URL the Redis connection
   * that also shares the model calls-per-minute count; in-process ones when absent.
   */
  shared?: Pick<SharedState, "singleFlight" | "notFoundCache" | "redis" | "bodyCache">;
  /** Bounds of discovery's web candidates (default WEB_CANDIDATE_LIMITS). */
  webCandidateLimits?: WebCandidateServiceDeps["limits"];
  /** Operational counters (Prometheus in the app): collectors' HTTP requests, model tokens. */
  ops?: {
    upstreamRequest?: UpstreamObserver;
    modelTokens?: TokenObserver;
    sourceOutcome?: (source: string, outcome: SourceOutcome) => void;
  };
}

export function createServices(config: AppConfig, database: Database, deps: ServiceDeps): Services {
  const { db } = database;
  const { now } = deps;
  const shared = deps.shared ?? createMemorySharedState({ now });
  const quota = createQuotaService({
    db,
    now,
    limits: {
      anonymous: config.anonReportLimit,
      anonymousPerIp: config.anonIpDailyLimit,
      user: config.userDailyReportLimit,
    },
  });
  const sourceHealth = shared.redis
    ? createRedisSourceHealth(shared.redis, { prefix: config.redisKeyPrefix })
    : createMemorySourceHealth();
  const collectorsConfig = collectorsConfigFromApp(config);
  const observeUpstream = deps.ops?.upstreamRequest;
  const collectors = createCollectors(collectorsConfig, {
    fetch: deps.fetch,
    wrapFetch: observeUpstream
      ? (f) =>
          instrumentFetch(
            f,
            collectorByOrigin({
              "instagram-web": config.upstreams.instagram,
              "instagram-graph": config.upstreams.instagramGraph,
              "youtube-api": config.upstreams.youtubeApi,
              "youtube-innertube": config.upstreams.youtubeInnertube,
              "tiktok-web": config.upstreams.tiktok,
              apify: config.apify.baseUrl,
            }),
            observeUpstream,
          )
      : undefined,
    logger: deps.logger,
    sampleStore: createDbSampleStore(db, now),
    notFoundCache: shared.notFoundCache,
    now: () => now().getTime(),
    health: sourceHealth,
    onOutcome: deps.ops?.sourceOutcome,
  });
  const repo = createAccountRepo(db);
  const settings = createSettingsService({
    db,
    defaults: settingsDefaults(config),
    now,
    logger: deps.logger,
  });
  const localLimiter = createLocalCallLimiter();
  const modelPolicy = createModelPolicy({
    settings,
    limiter: shared.redis
      ? createRedisCallLimiter(shared.redis, {
          key: `${config.redisKeyPrefix}llm:calls`,
          fallback: localLimiter,
          logger: deps.logger,
        })
      : localLimiter,
  });
  const tokens: TokenObserver = deps.ops?.modelTokens ?? (() => {});
  const ai = {
    now,
    logger: deps.logger,
    chooseModel: modelPolicy.chooseModel,
    currentModel: modelPolicy.currentModel,
    permit: modelPolicy.permit,
    // One model client: the writer, web search, the finder's interpreter and web candidates share
    // its bulkhead (calls at once), its call limit and its token totals.
    client:
      config.aiEnabled && config.llm.apiKey
        ? createAiClient({
            baseUrl: config.llm.baseUrl,
            apiKey: config.llm.apiKey,
            model: config.llm.model,
            now,
            logger: deps.logger,
            permit: modelPolicy.permit,
          })
        : undefined,
  };
  const onUsage = (usage: ExtractionUsage) => {
    if (usage.promptTokens > 0) tokens("prompt", usage.promptTokens);
    if (usage.completionTokens > 0) tokens("completion", usage.completionTokens);
  };
  const extractor = criteriaExtractorFromConfig(config, { ...ai, onUsage });
  const benchmarkCells = createBenchmarkCache(db, () => now().getTime());
  const writer = countWriterTokens(aiWriterFromConfig(config, ai), tokens);
  // Issue #35: the index grows around analysed reports within INDEX_GROWTH_PER_DAY (0 = off).
  const youtubeApiOn = Boolean(
    config.youtubeApiKey && config.collectors.some((c) => c === "youtube" || c === "youtube-api"),
  );
  const growthBudget =
    config.indexGrowthPerDay > 0
      ? createSearchBudget({
          name: "index-growth",
          limit: config.indexGrowthPerDay,
          now,
          db,
          redis: shared.redis,
          redisKeyPrefix: config.redisKeyPrefix,
        })
      : null;
  const indexGrowth = createGrowthQueue({
    db,
    chain: collectors,
    budget: growthBudget,
    now,
    featuredChannels:
      youtubeApiOn && config.youtubeApiKey
        ? createFeaturedChannelsReader({
            http: collectors.http.youtube,
            baseUrl: config.upstreams.youtubeApi,
            apiKey: config.youtubeApiKey,
          })
        : undefined,
    logger: deps.logger,
  });
  const reportStore = new ReportStore({
    repo,
    bodyCache: shared.bodyCache,
    now,
    afterSave: (snapshot, accountId) =>
      indexGrowth
        .noteReport(snapshot, accountId)
        .catch((err: Error) =>
          deps.logger?.warn({ err: err.message }, "could not note the report's pointers"),
        ),
  });
  const reports = createReportService({
    repo,
    store: reportStore,
    collectors,
    quota,
    singleFlight: shared.singleFlight,
    writer,
    webSearch: countWebSearchTokens(webSearchReporterFromConfig(config, ai), tokens),
    observer: deps.observer,
    resolveInput: resolveAnalyzeInput,
    now,
    cacheMs: () => settings.cacheMaxAgeMs(),
    storedMaxAgeDays: config.storedDataMaxDays,
    engineInputs: async () => ({
      pricing: await settings.pricing(),
      installationBenchmarks: await benchmarkCells.get(),
    }),
  });
  // Trust III (#33): captures carry the server's time and stay private to a non-admin capturer.
  const suppliedReports = createSuppliedReportRepo(db);
  const captures = createCaptureService({
    repo,
    store: reportStore,
    supplied: suppliedReports,
    quota,
    singleFlight: shared.singleFlight,
    writer,
    observer: deps.observer,
    resolveInput: resolveAnalyzeInput,
    now,
    engineInputs: async () => ({
      pricing: await settings.pricing(),
      installationBenchmarks: await benchmarkCells.get(),
    }),
  });
  const discovery = createDiscoveryService({ db });
  // Issue #35: the sources "Find more on {platform}" can search, best first per platform.
  const searchSources = createSearchSources({
    config,
    collectors,
    health: sourceHealth,
    db,
    redis: shared.redis,
    now,
  });
  const expand = createExpandService({ db, quota, now, sources: searchSources });
  const crawl = createCrawlService({ db, chain: collectors, growth: indexGrowth, now });
  const growthRepo = createGrowthRepo(db);
  const mailer =
    config.smtpUrl && config.mailFrom
      ? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom })
      : undefined;
  const logger = deps.logger;
  // Issue #33: e-mail alerts only to the user's own verified addresses; a daily delivery cap.
  const alertEmail = createAlertEmail({
    db,
    now,
    appUrl: config.appUrl,
    brandName: config.brandName,
    mailer,
  });
  const deliveryCap = createDeliveryCap({ db, perDay: config.alertDeliveriesPerDay });
  const apiKeys = createApiKeyService({
    db,
    now,
    redis: shared.redis,
    redisKeyPrefix: config.redisKeyPrefix,
  });
  const workspaces: WorkspacesKit = {
    service: createWorkspaceService({ db, now, onAccessChange: apiKeys.forget }),
    invites: createInviteService({ db, now }),
    audit: createAuditLog({ db, now }),
  };
  return {
    sessions: createSessionService({
      db,
      adminEmails: config.adminEmails,
      ttlMs: config.sessionTtlDays * 86_400_000,
      now,
      signupPolicy: createSignupPolicy({ db, signup: config.signup, adminEmails: config.adminEmails, now }),
      ensureWorkspace: workspaces.service.ensurePersonal,
    }),
    workspaces,
    google: createGoogleVerifier({ clientId: config.googleClientId, certsFile: config.googleCertsFile }),
    quota,
    collectors,
    expand,
    indexGrowth,
    crawl,
    indexPanel: {
      now,
      growthBudget,
      budgets: () => [
        ...searchSources.flatMap((source) =>
          source.budget
            ? [
                {
                  read: source.budget,
                  label:
                    source.name === "youtube-api"
                      ? "YouTube search (search.list calls a day)"
                      : source.name === "instagram-graph"
                        ? "Instagram hashtags (distinct hashtags in the last 7 days)"
                        : `${source.name} (searches a day)`,
                },
              ]
            : [],
        ),
        ...(growthBudget
          ? [
              {
                read: async () => ({
                  name: growthBudget.name,
                  limit: growthBudget.limit,
                  used: await growthBudget.used(),
                }),
                label: "Index growth (profiles read a day)",
              },
            ]
          : []),
      ],
    },
    sourceHealth,
    repo,
    reports,
    captures,
    suppliedReports,
    reportStore,
    settings,
    accountData: createAccountDataService({ db }),
    sources: createSourcesService({ config, collectors: collectors.collectors, health: sourceHealth, now }),
    seo: createSeoService({
      db,
      appUrl: config.appUrl,
      brandName: config.brandName,
      blogPosts: loadBlogPosts(),
    }),
    siteSearch: createSiteSearchService({ db }),
    lists: createListsService({
      repo: createListsRepo(db),
      now,
      appUrl: config.appUrl,
      supplied: suppliedReports,
    }),
    compare: createCompareService({ repo, supplied: suppliedReports }),
    discovery,
    finder: createFinderService({
      db,
      extractor: extractor && ((text, platform) => extractor.extract(text, platform)),
    }),
    webCandidates: createWebCandidateService({
      db,
      discovery,
      proposer: webCandidateProposerFromConfig(config, { ...ai, onUsage }),
      verify: (platform, handle, opts) => reports.analyzeCandidate(platform, handle, opts),
      now,
      logger,
      limits: deps.webCandidateLimits,
    }),
    apiKeys,
    growth: createGrowthService({ db, repo: growthRepo, now }),
    watchlists: createWatchlistService({
      db,
      repo: growthRepo,
      now,
      allowPrivateWebhooks: config.webhookAllowPrivate,
      emailEnabled: Boolean(mailer),
      alertEmail,
    }),
    alertEmail,
    alerts: createAlertService({
      db,
      repo: growthRepo,
      now,
      appUrl: config.appUrl,
      brandName: config.brandName,
      allowPrivateWebhooks: config.webhookAllowPrivate,
      mailer,
      email: alertEmail,
      cap: deliveryCap,
      logger: logger && { warn: (obj, msg) => logger.warn({ component: "alerts", ...obj }, msg) },
    }),
    mailer,
  };
}
