import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const secret = () => "s".repeat(64);

describe("loadConfig", () => {
  it("applies the design.md defaults to an empty environment", () => {
    const c = loadConfig({}, secret);
    expect(c.port).toBe(5000);
    expect(c.host).toBe("0.0.0.0");
    expect(c.dataDir).toBe("./data");
    expect(c.isPostgres).toBe(false);
    expect(c.hasRedis).toBe(false);
    expect(c.sampleAccounts).toBe(2000);
    expect(c.anonReportLimit).toBe(1);
    expect(c.userDailyReportLimit).toBe(50);
    expect(c.llm).toEqual({ baseUrl: "https://api.perplexity.ai", apiKey: undefined, model: "sonar-pro" });
    expect(c.aiEnabled).toBe(false);
    expect(c.collectors).toEqual(["sample", "youtube", "instagram", "tiktok"]);
    expect(c.appUrl).toBe("http://localhost:5000");
    expect(c.brandName).toBe("Social Media Analytics Platform");
    expect(c.sessionSecretIsEphemeral).toBe(true);
  });

  it("reads SIGNUP and ALLOWED_EMAIL_DOMAINS: open by default, domain needs its domains, clear messages", () => {
    expect(loadConfig({}, secret).signup).toEqual({ mode: "open", allowedEmailDomains: [] });
    expect(loadConfig({ SIGNUP: " Invite " }, secret).signup.mode).toBe("invite");
    expect(
      loadConfig({ SIGNUP: "domain", ALLOWED_EMAIL_DOMAINS: " Agency.Example, b.example ,," }, secret).signup,
    ).toEqual({ mode: "domain", allowedEmailDomains: ["agency.example", "b.example"] });
    expect(() => loadConfig({ SIGNUP: "closed" }, secret)).toThrow(
      /SIGNUP must be "open" \(anyone\), "invite" \(invited people\) or "domain"/,
    );
    expect(() => loadConfig({ SIGNUP: "domain" }, secret)).toThrow(
      "Invalid configuration: ALLOWED_EMAIL_DOMAINS is required when SIGNUP=domain (e.g. ALLOWED_EMAIL_DOMAINS=agency.example)",
    );
    for (const bad of [
      "@agency.example",
      "https://agency.example",
      "agency",
      "a@b.example",
      "agency.example/x",
    ]) {
      expect(() => loadConfig({ SIGNUP: "domain", ALLOWED_EMAIL_DOMAINS: bad }, secret)).toThrow(
        /ALLOWED_EMAIL_DOMAINS ".*" is not an e-mail domain/,
      );
    }
  });

  it("reads CONTACT_EMAIL: one e-mail address, unset by default, a clear message otherwise", () => {
    expect(loadConfig({}, secret).contactEmail).toBeUndefined();
    expect(loadConfig({ CONTACT_EMAIL: "" }, secret).contactEmail).toBeUndefined();
    expect(loadConfig({ CONTACT_EMAIL: " hello@acme.example " }, secret).contactEmail).toBe(
      "hello@acme.example",
    );
    for (const bad of ["support", "a@b", "x@y.z, other@y.z", "<a@b.c>"]) {
      expect(() => loadConfig({ CONTACT_EMAIL: bad }, secret)).toThrow(ConfigError);
      expect(() => loadConfig({ CONTACT_EMAIL: bad }, secret)).toThrow(
        /CONTACT_EMAIL must be one e-mail address such as hello@example\.com/,
      );
    }
  });

  it("derives flags from the values given", () => {
    const c = loadConfig(
      {
        PORT: "8080",
        DATABASE_URL: "postgres://u:p@db:5432/app",
        REDIS_URL: "redis://cache:6379",
        LLM_API_KEY: "k",
        ADMIN_EMAILS: " Boss@Example.com, ops@example.com ,",
        COLLECTORS: "tiktok, sample",
        TIKTOK_BASE_URL: "http://127.0.0.1:9999/",
      },
      secret,
    );
    expect(c.port).toBe(8080);
    expect(c.isPostgres).toBe(true);
    expect(c.hasRedis).toBe(true);
    expect(c.aiEnabled).toBe(true);
    expect(c.adminEmails).toEqual(["boss@example.com", "ops@example.com"]);
    expect(c.collectors).toEqual(["tiktok", "sample"]);
    expect(c.upstreams.tiktok).toBe("http://127.0.0.1:9999");
    expect(c.appUrl).toBe("http://localhost:8080");
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a whole number from 0 to 65535, got "abc"'],
    [{ PORT: "70000" }, "Invalid configuration: PORT must be from 0 to 65535, got 70000"],
    [
      { DATABASE_URL: "nonsense" },
      "Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL",
    ],
    [
      { DATABASE_URL: "mysql://x/y" },
      "Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL, got mysql://…",
    ],
    [{ REDIS_URL: "localhost" }, "Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL"],
    [{ DEV_LOGIN: "yes" }, 'Invalid configuration: DEV_LOGIN must be 1 or 0, got "yes"'],
    [
      { COLLECTORS: "sample,myspace" },
      'Invalid configuration: COLLECTORS unknown collector "myspace"; use any of sample, youtube, instagram, tiktok, youtube-api, youtube-innertube, instagram-graph, instagram-apify, instagram-web, tiktok-apify, tiktok-web, tiktok-embed',
    ],
    [{ ADMIN_EMAILS: "root" }, 'Invalid configuration: ADMIN_EMAILS "root" is not an e-mail address'],
    [{ SESSION_SECRET: "short" }, "Invalid configuration: SESSION_SECRET must be at least 32 characters"],
    [
      { TIKTOK_BASE_URL: "ftp://x" },
      'Invalid configuration: TIKTOK_BASE_URL must be an http(s) URL, got "ftp://x"',
    ],
    [
      { ANON_REPORT_LIMIT: "-1" },
      'Invalid configuration: ANON_REPORT_LIMIT must be a whole number from 0 to 1000000, got "-1"',
    ],
    [
      { NODE_ENV: "production" },
      "Invalid configuration: SESSION_SECRET is required when NODE_ENV=production",
    ],
    [
      { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), DEV_LOGIN: "1" },
      "Invalid configuration: DEV_LOGIN=1 is refused when NODE_ENV=production",
    ],
    [
      { INSTAGRAM_ACCESS_TOKEN: "t" },
      "Invalid configuration: INSTAGRAM_ACCESS_TOKEN and INSTAGRAM_BUSINESS_ACCOUNT_ID must be set together",
    ],
    [
      { UPSTREAM_PROXY: "proxy.example:3128" },
      "Invalid configuration: UPSTREAM_PROXY must be an http:// or https:// proxy URL such as http://user:pass@proxy.example:3128",
    ],
    [
      { TIKTOK_PROXY: "socks5://user:pw@proxy.example:1080" },
      "Invalid configuration: TIKTOK_PROXY must be an http:// or https:// proxy URL (SOCKS is not supported), got socks5://…",
    ],
    [
      { INSTAGRAM_PROXY: "not a url" },
      "Invalid configuration: INSTAGRAM_PROXY must be an http:// or https:// proxy URL such as http://user:pass@proxy.example:3128",
    ],
    [
      { YOUTUBE_PROXY: "http://proxy.example:3128/path?x=1" },
      "Invalid configuration: YOUTUBE_PROXY must be a proxy origin without a path or query, e.g. http://proxy.example:3128",
    ],
    [
      { APIFY_BASE_URL: "ftp://x" },
      'Invalid configuration: APIFY_BASE_URL must be an http(s) URL, got "ftp://x"',
    ],
    [
      { APIFY_TIMEOUT_SECONDS: "600" },
      "Invalid configuration: APIFY_TIMEOUT_SECONDS must be from 10 to 300, got 600",
    ],
    [
      { TIKTOK_COOKIES_FILE: "/nonexistent/cookies.txt" },
      "Invalid configuration: TIKTOK_COOKIES_FILE: /nonexistent/cookies.txt does not exist",
    ],
    [
      { SMTP_URL: "smtp://127.0.0.1:25" },
      "Invalid configuration: SMTP_URL and MAIL_FROM must be set together (e-mail alerts)",
    ],
    [
      { SMTP_URL: "http://mail.example.com", MAIL_FROM: "a@example.com" },
      "Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)",
    ],
    [
      { SMTP_URL: "smtp://127.0.0.1:25", MAIL_FROM: "alerts" },
      'Invalid configuration: MAIL_FROM must be an e-mail address or "Name <address>", got "alerts"',
    ],
    [
      { WEBHOOK_ALLOW_PRIVATE: "yes" },
      'Invalid configuration: WEBHOOK_ALLOW_PRIVATE must be 1 or 0, got "yes"',
    ],
  ])("rejects %j with one clear line", (env, message) => {
    expect(() => loadConfig(env, secret)).toThrow(ConfigError);
    expect(() => loadConfig(env, secret)).toThrow(message);
  });

  it("reads the proxies, Apify and cookie files (issue 19 §7-8)", () => {
    const dir = mkdtempSync(join(tmpdir(), "cfg-"));
    const cookies = join(dir, "ig.txt");
    writeFileSync(cookies, ".instagram.com\tTRUE\t/\tTRUE\t0\tsessionid\tabc\n");
    const c = loadConfig(
      {
        UPSTREAM_PROXY: "http://user:pw@proxy.example:3128/",
        TIKTOK_PROXY: "https://tt-proxy.example:8443",
        APIFY_TOKEN: "apify_api_x",
        INSTAGRAM_COOKIES_FILE: cookies,
      },
      secret,
    );
    expect(c.proxies).toEqual({
      upstream: "http://user:pw@proxy.example:3128",
      tiktok: "https://tt-proxy.example:8443",
      instagram: undefined,
      youtube: undefined,
    });
    expect(c.apify).toEqual({
      token: "apify_api_x",
      baseUrl: "https://api.apify.com",
      timeoutSec: 120,
      maxItemsPerSearch: 50,
    });
    expect(c.cookieFiles.instagram).toBe(cookies);
    writeFileSync(cookies, "sessionid=abc\n");
    expect(() => loadConfig({ INSTAGRAM_COOKIES_FILE: cookies }, secret)).toThrow(
      "Invalid configuration: INSTAGRAM_COOKIES_FILE: line 1 is not a Netscape cookie line",
    );
    try {
      loadConfig({ UPSTREAM_PROXY: "socks5://user:hunter2@proxy.example:1080" }, secret);
    } catch (err) {
      expect((err as Error).message).not.toContain("hunter2");
    }
  });

  it("reads the YouTube search budget (issue #35): 90 by default, a whole number, else a clear message", () => {
    expect(loadConfig({}, secret).discoveryReach).toEqual({ youtubeSearchDailyBudget: 90 });
    expect(loadConfig({ YOUTUBE_SEARCH_DAILY_BUDGET: "40" }, secret).discoveryReach).toEqual({
      youtubeSearchDailyBudget: 40,
    });
    expect(() => loadConfig({ YOUTUBE_SEARCH_DAILY_BUDGET: "lots" }, secret)).toThrow(
      /YOUTUBE_SEARCH_DAILY_BUDGET must be a whole number from 0 to 100000, got "lots"/,
    );
  });

  it("reads the Apify item cap of a platform search (issue #35): 50 by default, 1–1000, else a clear message", () => {
    expect(loadConfig({}, secret).apify.maxItemsPerSearch).toBe(50);
    expect(loadConfig({ APIFY_MAX_ITEMS_PER_SEARCH: "20" }, secret).apify.maxItemsPerSearch).toBe(20);
    expect(() => loadConfig({ APIFY_MAX_ITEMS_PER_SEARCH: "0" }, secret)).toThrow(
      /APIFY_MAX_ITEMS_PER_SEARCH must be from 1 to 1000, got 0/,
    );
    expect(() => loadConfig({ APIFY_MAX_ITEMS_PER_SEARCH: "many" }, secret)).toThrow(
      /APIFY_MAX_ITEMS_PER_SEARCH must be a whole number from 1 to 1000, got "many"/,
    );
  });

  it("reads the alert settings (issue #21)", () => {
    expect(loadConfig({}, secret)).toMatchObject({
      webhookAllowPrivate: false,
      smtpUrl: undefined,
      mailFrom: undefined,
    });
    expect(
      loadConfig(
        {
          WEBHOOK_ALLOW_PRIVATE: "1",
          SMTP_URL: "smtps://u:p@mail.example.com:465",
          MAIL_FROM: "Alerts <a@example.com>",
        },
        secret,
      ),
    ).toMatchObject({
      webhookAllowPrivate: true,
      smtpUrl: "smtps://u:p@mail.example.com:465",
      mailFrom: "Alerts <a@example.com>",
    });
  });

  it("never puts secrets in its error messages", () => {
    try {
      loadConfig({ DATABASE_URL: "mysql://user:hunter2@db/x" }, secret);
    } catch (err) {
      expect((err as Error).message).not.toContain("hunter2");
    }
    expect.assertions(1);
  });
});
