import { z } from "zod";
import { COOKIE_DOMAINS, CookieFileError, loadCookieFile } from "./collectors/cookies";
import { COLLECTOR_NAMES, type CollectorName, type CookieFilesConfig } from "./collectors/types";
import {
  adminEmailsField,
  allowedEmailDomainsField,
  allowedHostsField,
  brandLogoUrlField,
  contactEmailField,
  databaseUrlField,
  flag,
  httpUrl,
  intInRange,
  optionalString,
  proxyUrl,
  trustedProxiesField,
} from "./config-fields";

/**
 * The one place that reads the environment (conventions §3). Every variable of design.md is parsed
 * here once, with defaults and derived flags; a bad value stops the start with one line naming it.
 */

const PKG_VERSION = "0.1.0";

export const COLLECTOR_IDS = COLLECTOR_NAMES;
export type CollectorId = CollectorName;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).optional().default("development"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
    .optional()
    .default("info"),
  PORT: intInRange("PORT", 0, 65535, 5000),
  HOST: z.string().trim().min(1).max(255).optional().default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1, { message: "must not be empty" }).max(1024).optional().default("./data"),
  DATABASE_URL: databaseUrlField,
  REDIS_URL: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      if (!/^rediss?:\/\/[^\s]+$/.test(v)) {
        ctx.addIssue({ code: "custom", message: "must be a redis:// or rediss:// URL" });
        return z.NEVER;
      }
      return v;
    }),
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return "app:";
      if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(v)) {
        ctx.addIssue({ code: "custom", message: `must be 1-64 letters, digits or _ . : -, got "${v}"` });
        return z.NEVER;
      }
      return v;
    }),
  LOCK_TTL_MS: intInRange("LOCK_TTL_MS", 1000, 600_000, 30_000),
  REFRESH_CONCURRENCY: intInRange("REFRESH_CONCURRENCY", 1, 50, 2),
  JOB_WORKERS: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "" || v === "1" || v.toLowerCase() === "true") return true;
      if (v === "0" || v.toLowerCase() === "false") return false;
      ctx.addIssue({ code: "custom", message: `must be 1 or 0, got "${v}"` });
      return z.NEVER;
    }),
  SESSION_SECRET: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      if (v.length < 32) {
        ctx.addIssue({ code: "custom", message: "must be at least 32 characters" });
        return z.NEVER;
      }
      return v;
    }),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CERTS_FILE: optionalString,
  ADMIN_EMAILS: adminEmailsField,
  DEV_LOGIN: flag,
  // Issue #37: who may sign in.
  SIGNUP: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v),
    z
      .enum(["open", "invite", "domain"], {
        error: 'must be "open" (anyone), "invite" (invited people) or "domain" (ALLOWED_EMAIL_DOMAINS)',
      })
      .optional()
      .default("open"),
  ),
  ALLOWED_EMAIL_DOMAINS: allowedEmailDomainsField,
  SAMPLE_ACCOUNTS: intInRange("SAMPLE_ACCOUNTS", 0, 5_000_000, 2000),
  ANON_REPORT_LIMIT: intInRange("ANON_REPORT_LIMIT", 0, 1_000_000, 1),
  ANON_IP_DAILY_LIMIT: intInRange("ANON_IP_DAILY_LIMIT", 0, 1_000_000, 5),
  RATE_LIMIT_PER_MINUTE: intInRange("RATE_LIMIT_PER_MINUTE", 1, 1_000_000, 300),
  LOGIN_RATE_LIMIT_PER_MINUTE: intInRange("LOGIN_RATE_LIMIT_PER_MINUTE", 1, 1_000_000, 10),
  API_KEY_RATE_LIMIT_PER_MINUTE: intInRange("API_KEY_RATE_LIMIT_PER_MINUTE", 1, 1_000_000, 60),
  API_TIME_BUDGET_SECONDS: intInRange("API_TIME_BUDGET_SECONDS", 1, 600, 60),
  UPSTREAM_TIMEOUT_MS: intInRange("UPSTREAM_TIMEOUT_MS", 100, 120_000, 10_000),
  UPSTREAM_RETRIES: intInRange("UPSTREAM_RETRIES", 0, 5, 2),
  SOURCE_PACE_PER_MINUTE: intInRange("SOURCE_PACE_PER_MINUTE", 0, 10_000, 6),
  STORED_DATA_MAX_DAYS: intInRange("STORED_DATA_MAX_DAYS", 0, 3650, 90),
  SESSION_TTL_DAYS: intInRange("SESSION_TTL_DAYS", 1, 3650, 30),
  USER_DAILY_REPORT_LIMIT: intInRange("USER_DAILY_REPORT_LIMIT", 0, 1_000_000, 50),
  REPORT_CACHE_DAYS: intInRange("REPORT_CACHE_DAYS", 0, 3650, 7),
  LLM_BASE_URL: httpUrl("https://api.perplexity.ai"),
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.string().trim().min(1).max(200).optional().default("sonar-pro"),
  YOUTUBE_API_KEY: optionalString,
  INSTAGRAM_ACCESS_TOKEN: optionalString,
  INSTAGRAM_BUSINESS_ACCOUNT_ID: optionalString,
  INSTAGRAM_GRAPH_VERSION: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return "v24.0";
      if (!/^v\d{1,3}\.\d$/.test(v)) {
        ctx.addIssue({ code: "custom", message: `must look like "v24.0", got "${v}"` });
        return z.NEVER;
      }
      return v;
    }),
  YOUTUBE_API_BASE_URL: httpUrl("https://www.googleapis.com"),
  YOUTUBE_INNERTUBE_BASE_URL: httpUrl("https://www.youtube.com"),
  INSTAGRAM_BASE_URL: httpUrl("https://www.instagram.com"),
  INSTAGRAM_GRAPH_BASE_URL: httpUrl("https://graph.facebook.com"),
  TIKTOK_BASE_URL: httpUrl("https://www.tiktok.com"),
  APIFY_TOKEN: optionalString,
  APIFY_BASE_URL: httpUrl("https://api.apify.com"),
  APIFY_TIMEOUT_SECONDS: intInRange("APIFY_TIMEOUT_SECONDS", 10, 300, 120),
  // "Find more on Instagram/TikTok" (issue #35): dataset items one Apify search may use, in all.
  APIFY_MAX_ITEMS_PER_SEARCH: intInRange("APIFY_MAX_ITEMS_PER_SEARCH", 1, 1000, 50),
  UPSTREAM_PROXY: proxyUrl,
  INSTAGRAM_PROXY: proxyUrl,
  TIKTOK_PROXY: proxyUrl,
  YOUTUBE_PROXY: proxyUrl,
  INSTAGRAM_COOKIES_FILE: optionalString,
  TIKTOK_COOKIES_FILE: optionalString,
  YOUTUBE_COOKIES_FILE: optionalString,
  COLLECTORS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? "sample,youtube,instagram,tiktok")
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      for (const c of list) {
        if (!(COLLECTOR_IDS as readonly string[]).includes(c)) {
          ctx.addIssue({
            code: "custom",
            message: `unknown collector "${c}"; use any of ${COLLECTOR_IDS.join(", ")}`,
          });
          return z.NEVER;
        }
      }
      return [...new Set(list)] as CollectorId[];
    }),
  APP_URL: httpUrl(),
  HOME_VARIANT: z
    .enum(["a", "b"], { error: 'must be "a" (analyser first) or "b" (rotating hero)' })
    .default("a"),
  ADSENSE_CLIENT_ID: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      if (!/^ca-pub-\d{10,20}$/.test(v)) {
        ctx.addIssue({ code: "custom", message: 'must look like "ca-pub-1234567890123456"' });
        return z.NEVER;
      }
      return v;
    }),
  META_PIXEL_ID: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      if (!/^\d{5,20}$/.test(v)) {
        ctx.addIssue({ code: "custom", message: "must be the numeric pixel id" });
        return z.NEVER;
      }
      return v;
    }),
  BRAND_NAME: z.string().trim().min(1).max(100).optional().default("Social Media Analytics Platform"),
  /** The address of the Feedback and "Contact us" (enterprise access) links; unset hides them. */
  CONTACT_EMAIL: contactEmailField,
  TRUSTED_PROXIES: trustedProxiesField,
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      if (v.length < 16 || /\s/.test(v)) {
        ctx.addIssue({ code: "custom", message: "must be at least 16 characters with no spaces" });
        return z.NEVER;
      }
      return v;
    }),
  BRAND_LOGO_URL: brandLogoUrlField,
  ALLOWED_HOSTS: allowedHostsField,
  // Growth alerts (issue #21).
  WEBHOOK_ALLOW_PRIVATE: flag,
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      if (!/^smtps?:\/\/[^/]/i.test(v)) {
        ctx.addIssue({
          code: "custom",
          message: "must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)",
        });
        return z.NEVER;
      }
      return v;
    }),
  MAIL_FROM: z
    .string()
    .trim()
    .max(320)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      if (!/^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(v)) {
        ctx.addIssue({
          code: "custom",
          message: `must be an e-mail address or "Name <address>", got "${v}"`,
        });
        return z.NEVER;
      }
      return v;
    }),
  // Trust III, alerts (issue #33): alert deliveries (every channel) per user and UTC day.
  ALERT_DELIVERIES_PER_DAY: intInRange("ALERT_DELIVERIES_PER_DAY", 1, 1_000_000, 200),
  // Issue #35 (discovery reach): "Find more on YouTube" spends search.list calls from this server-wide
  // daily budget (YouTube's own bucket is 100 a day per project), shared through Redis when configured.
  YOUTUBE_SEARCH_DAILY_BUDGET: intInRange("YOUTUBE_SEARCH_DAILY_BUDGET", 0, 100_000, 90),
  // Issue #35 (index growth): profiles the growth job reads a day around analysed reports; 0 = off.
  INDEX_GROWTH_PER_DAY: intInRange("INDEX_GROWTH_PER_DAY", 0, 1_000_000, 200),
});

/**
 * The app configuration, typed by what loadConfig makes of the schema (no hand-written twin to keep
 * in step): add a variable to envSchema and its field to `configFrom`.
 */
export type AppConfig = ReturnType<typeof configFrom>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Parses an environment into the app configuration. Throws ConfigError with one line:
 * "Invalid configuration: PORT must be a whole number from 0 to 65535, got "abc"".
 * `randomSecret` is injected so this stays deterministic in tests.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  randomSecret: () => string = () => crypto.randomUUID() + crypto.randomUUID(),
): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const name = String(first.path[0] ?? "environment");
    const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : "";
    throw new ConfigError(`Invalid configuration: ${name} ${first.message}${more}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  if (isProduction && !e.SESSION_SECRET) {
    throw new ConfigError("Invalid configuration: SESSION_SECRET is required when NODE_ENV=production");
  }
  if (isProduction && e.DEV_LOGIN) {
    throw new ConfigError("Invalid configuration: DEV_LOGIN=1 is refused when NODE_ENV=production");
  }
  if (isProduction && e.GOOGLE_CERTS_FILE) {
    throw new ConfigError(
      "Invalid configuration: GOOGLE_CERTS_FILE is refused when NODE_ENV=production (it lets its key holder mint any identity)",
    );
  }
  if (Boolean(e.INSTAGRAM_ACCESS_TOKEN) !== Boolean(e.INSTAGRAM_BUSINESS_ACCOUNT_ID)) {
    throw new ConfigError(
      "Invalid configuration: INSTAGRAM_ACCESS_TOKEN and INSTAGRAM_BUSINESS_ACCOUNT_ID must be set together",
    );
  }
  const cookieFiles: CookieFilesConfig = {
    instagram: e.INSTAGRAM_COOKIES_FILE,
    tiktok: e.TIKTOK_COOKIES_FILE,
    youtube: e.YOUTUBE_COOKIES_FILE,
  };
  for (const platform of ["instagram", "tiktok", "youtube"] as const) {
    const file = cookieFiles[platform];
    if (!file) continue;
    try {
      loadCookieFile(file, COOKIE_DOMAINS[platform], Date.now());
    } catch (err) {
      if (!(err instanceof CookieFileError)) throw err;
      throw new ConfigError(`Invalid configuration: ${platform.toUpperCase()}_COOKIES_FILE: ${err.message}`);
    }
  }
  if (e.SIGNUP === "domain" && e.ALLOWED_EMAIL_DOMAINS.length === 0) {
    throw new ConfigError(
      "Invalid configuration: ALLOWED_EMAIL_DOMAINS is required when SIGNUP=domain (e.g. ALLOWED_EMAIL_DOMAINS=agency.example)",
    );
  }
  if (Boolean(e.SMTP_URL) !== Boolean(e.MAIL_FROM)) {
    throw new ConfigError(
      "Invalid configuration: SMTP_URL and MAIL_FROM must be set together (e-mail alerts)",
    );
  }
  return configFrom(e, { isProduction, cookieFiles, randomSecret });
}

/** The configuration's fields, from the parsed environment (the checks above have passed). */
function configFrom(
  e: z.infer<typeof envSchema>,
  {
    isProduction,
    cookieFiles,
    randomSecret,
  }: { isProduction: boolean; cookieFiles: CookieFilesConfig; randomSecret: () => string },
) {
  const port = e.PORT;
  return {
    env: e.NODE_ENV,
    isProduction,
    version: PKG_VERSION,
    logLevel: e.LOG_LEVEL,
    port,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    isPostgres: Boolean(e.DATABASE_URL),
    hasRedis: Boolean(e.REDIS_URL),
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    lockTtlMs: e.LOCK_TTL_MS,
    refreshConcurrency: e.REFRESH_CONCURRENCY,
    jobWorkers: e.JOB_WORKERS,
    sessionSecret: e.SESSION_SECRET ?? randomSecret(),
    sessionSecretIsEphemeral: !e.SESSION_SECRET,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleCertsFile: e.GOOGLE_CERTS_FILE,
    adminEmails: e.ADMIN_EMAILS,
    devLogin: e.DEV_LOGIN,
    signup: { mode: e.SIGNUP, allowedEmailDomains: e.ALLOWED_EMAIL_DOMAINS },
    sampleAccounts: e.SAMPLE_ACCOUNTS,
    anonReportLimit: e.ANON_REPORT_LIMIT,
    anonIpDailyLimit: e.ANON_IP_DAILY_LIMIT,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    upstreamRetries: e.UPSTREAM_RETRIES,
    sourcePacePerMinute: e.SOURCE_PACE_PER_MINUTE,
    storedDataMaxDays: e.STORED_DATA_MAX_DAYS,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    apiKeyRateLimitPerMinute: e.API_KEY_RATE_LIMIT_PER_MINUTE,
    apiTimeBudgetMs: e.API_TIME_BUDGET_SECONDS * 1000,
    userDailyReportLimit: e.USER_DAILY_REPORT_LIMIT,
    reportCacheDays: e.REPORT_CACHE_DAYS,
    llm: { baseUrl: e.LLM_BASE_URL!, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL },
    aiEnabled: Boolean(e.LLM_API_KEY),
    youtubeApiKey: e.YOUTUBE_API_KEY,
    instagramAccessToken: e.INSTAGRAM_ACCESS_TOKEN,
    instagramBusinessAccountId: e.INSTAGRAM_BUSINESS_ACCOUNT_ID,
    instagramGraphVersion: e.INSTAGRAM_GRAPH_VERSION,
    upstreams: {
      youtubeApi: e.YOUTUBE_API_BASE_URL!,
      youtubeInnertube: e.YOUTUBE_INNERTUBE_BASE_URL!,
      instagram: e.INSTAGRAM_BASE_URL!,
      instagramGraph: e.INSTAGRAM_GRAPH_BASE_URL!,
      tiktok: e.TIKTOK_BASE_URL!,
    },
    collectors: e.COLLECTORS,
    apify: {
      token: e.APIFY_TOKEN,
      baseUrl: e.APIFY_BASE_URL!,
      timeoutSec: e.APIFY_TIMEOUT_SECONDS,
      maxItemsPerSearch: e.APIFY_MAX_ITEMS_PER_SEARCH,
    },
    proxies: {
      upstream: e.UPSTREAM_PROXY,
      instagram: e.INSTAGRAM_PROXY,
      tiktok: e.TIKTOK_PROXY,
      youtube: e.YOUTUBE_PROXY,
    },
    cookieFiles,
    appUrl: e.APP_URL ?? `http://localhost:${port}`,
    brandName: e.BRAND_NAME,
    contactEmail: e.CONTACT_EMAIL,
    brandLogoUrl: e.BRAND_LOGO_URL,
    homeVariant: e.HOME_VARIANT,
    adsenseClientId: e.ADSENSE_CLIENT_ID,
    pixelId: e.META_PIXEL_ID,
    trustedProxies: e.TRUSTED_PROXIES,
    metricsToken: e.METRICS_TOKEN,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    alertDeliveriesPerDay: e.ALERT_DELIVERIES_PER_DAY,
    allowedHosts: [
      ...new Set([
        new URL(e.APP_URL ?? `http://localhost:${port}`).hostname.toLowerCase(),
        "localhost",
        "127.0.0.1",
        "[::1]",
        ...e.ALLOWED_HOSTS,
      ]),
    ],
    // Issue #35 (discovery reach).
    discoveryReach: { youtubeSearchDailyBudget: e.YOUTUBE_SEARCH_DAILY_BUDGET },
    // Issue #35 (index growth, docs/decisions/042-index-growth.md).
    indexGrowthPerDay: e.INDEX_GROWTH_PER_DAY,
  };
}
