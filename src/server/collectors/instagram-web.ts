/**
 * Instagram public web profile collector (data-sources.md §2a): GET /api/v1/users/web_profile_info/
 * with the web app id header. Accepts the classic `edge_*` shape and the newer `*_count` / `pk` shape.
 */
import { z } from "zod";
import { stripAt } from "#core/handles";
import {
  INSTAGRAM_WEB_APP_ID,
  instagramFollowers,
  instagramProfileFields,
  instagramTimelinePosts,
  instagramUserSchema,
} from "#core/platform-json/instagram";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import { AccountNotFoundError, LoginWallOrBlockedError, UpstreamUnreachableError } from "../errors";
import { type Cookie, createCookieJar } from "./cookies";
import { BROWSER_USER_AGENT, type HttpClient } from "./http";
import type { Collector, CollectorLogger } from "./types";
import { AnonymousProfileUnavailableError } from "./upstream-errors";
import {
  looksLikeHtml,
  parseJsonText,
  type UpstreamContext,
  upstreamChanged,
  validateUpstream,
} from "./upstream-json";

const SERVICE = "Instagram";
const userSchema = instagramUserSchema.refine((u) => instagramFollowers(u) !== undefined, {
  message: "no follower count (edge_followed_by.count or follower_count)",
});

const responseSchema = z.looseObject({
  data: z.looseObject({ user: userSchema.nullable() }).optional(),
  status: z.string().optional(),
  message: z.string().optional(),
});

const BLOCK_MESSAGES = /checkpoint_required|challenge_required|feedback_required|login_required|please wait/i;
/**
 * The 2026 refusal for creator and business accounts: HTTP 400 with a server-side schema error,
 * "Asset asset://laser.provider/ig_business_category_subvertical has been deleted. You cannot use
 * this schema" (instaloader PR #2722).
 */
const ANONYMOUS_REFUSAL = /asset:\/\/|cannot use this schema|ig_business_category/i;

export interface InstagramWebCollectorOptions {
  http: HttpClient;
  baseUrl: string;
  logger?: CollectorLogger;
  now?: () => number;
  /** Whether the Graph API is configured too (changes the advice in block messages). */
  graphConfigured?: boolean;
  /** Whether an Apify token is set (changes the advice when Instagram refuses anonymous access). */
  providerConfigured?: boolean;
  /** Cookies from INSTAGRAM_COOKIES_FILE, sent with every request (a logged-in session). */
  cookies?: readonly Cookie[];
}

function cookieHeader(value: string | undefined): Record<string, string> {
  return value ? { cookie: value } : {};
}

export function createInstagramWebCollector(options: InstagramWebCollectorOptions): Collector {
  const now = options.now ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, "");

  function blocked(handle: string): LoginWallOrBlockedError {
    const advice = options.graphConfigured
      ? "The official API only covers business and creator accounts; try again later"
      : "Try again later, or configure INSTAGRAM_ACCESS_TOKEN and INSTAGRAM_BUSINESS_ACCOUNT_ID to use the official API";
    return new LoginWallOrBlockedError(
      `Instagram is showing a login wall instead of @${handle}'s public profile (it blocks automated access from some networks). ${advice}.`,
    );
  }

  const jar = createCookieJar(options.cookies ?? [], now);
  const refusalAdvice = [
    options.graphConfigured ? "" : "INSTAGRAM_ACCESS_TOKEN and INSTAGRAM_BUSINESS_ACCOUNT_ID",
    options.providerConfigured ? "" : "or APIFY_TOKEN with instagram-apify in COLLECTORS",
  ]
    .filter(Boolean)
    .join(" ")
    .replace(/^or /, "");

  return {
    id: "instagram-web",
    kind: "live",
    official: false,
    platforms: ["instagram"],
    async fetchSnapshot(platform, rawHandle, { signal }) {
      if (platform !== "instagram") return null;
      const handle = stripAt(rawHandle);
      const ctx: UpstreamContext = {
        service: SERVICE,
        subject: `@${handle}`,
        what: "web_profile_info",
        logger: options.logger,
      };
      const res = await options.http.request({
        url: `${base}/api/v1/users/web_profile_info/?username=${encodeURIComponent(handle)}`,
        service: SERVICE,
        subject: `@${handle}`,
        signal,
        headers: {
          "user-agent": BROWSER_USER_AGENT,
          "x-ig-app-id": INSTAGRAM_WEB_APP_ID,
          accept: "*/*",
          "accept-language": "en-US,en;q=0.9",
          referer: `https://www.instagram.com/${encodeURIComponent(handle)}/`,
          // What the profile page's own XHR sends (the transport adds none of its own).
          "x-requested-with": "XMLHttpRequest",
          "sec-fetch-dest": "empty",
          "sec-fetch-mode": "cors",
          "sec-fetch-site": "same-origin",
          ...cookieHeader(jar.header()),
        },
      });
      jar.storeFrom(res.headers);

      // Only Instagram's own "user": null is authoritative (instaloader #2715): a bare 404 is
      // transient and never remembered as "not found".
      if (res.status === 404)
        throw new UpstreamUnreachableError(
          `Instagram answered "404" for @${handle} without saying the account does not exist; this is usually temporary, try again later`,
        );
      if (res.status >= 300 && res.status < 400) throw blocked(handle);
      if (res.status === 401 || res.status === 403) throw blocked(handle);
      if (looksLikeHtml(res.headers.get("content-type"), res.body)) throw blocked(handle);
      if (res.status === 400 && BLOCK_MESSAGES.test(res.body)) throw blocked(handle);
      if (res.status === 400 && ANONYMOUS_REFUSAL.test(res.body)) {
        options.logger?.warn(
          { service: SERVICE, handle, sample: res.body.slice(0, 200) },
          "Instagram refused the profile to anonymous access (HTTP 400 schema error)",
        );
        throw new AnonymousProfileUnavailableError(handle, refusalAdvice);
      }
      if (res.status !== 200) throw upstreamChanged(ctx, res.body, `HTTP ${res.status}`);

      const json = parseJsonText(res.body, ctx);
      const parsed = validateUpstream(responseSchema, json, ctx, res.body);
      if (parsed.status === "fail") throw blocked(handle);
      if (!parsed.data) throw upstreamChanged(ctx, res.body, "no data object");
      const user = parsed.data.user;
      if (!user) throw new AccountNotFoundError(`No Instagram account @${handle} was found`);

      const { posts, skipped } = instagramTimelinePosts(user);
      if (skipped > 0)
        options.logger?.warn(
          { service: SERVICE, handle, skipped },
          "skipped Instagram posts with an unexpected shape",
        );

      const snapshot: ProfileSnapshot = {
        ...instagramProfileFields(user),
        followers: instagramFollowers(user) ?? 0,
        fetchedAt: new Date(now()).toISOString(),
        source: "instagram-web",
        official: false,
        posts,
      };
      return snapshot;
    },
  };
}
