/**
 * TikTok's web session (collectors/tiktok.ts's strategies share it): the browser-like navigation,
 * the WAF proof-of-work, the cookie jar kept for the collector's life, and the page, item-list and
 * embed readers with their schemas.
 */
import { randomInt } from "node:crypto";
import { z } from "zod";
import { extractScriptById } from "#core/platform-json/page-script";
import {
  tiktokCount,
  tiktokPosts,
  tiktokStatsSchema,
  tiktokUserSchema,
  tiktokVideoUrl,
} from "#core/platform-json/tiktok";
import type { SnapshotPost } from "#core/schemas/snapshot";
import { AccountNotFoundError, LoginWallOrBlockedError, UpstreamUnreachableError } from "../errors";
import { type Cookie, type CookieJar, createCookieJar } from "./cookies";
import { BROWSER_USER_AGENT, type HttpClient, type HttpResponse } from "./http";
import { looksLikeChallenge, parseChallenge, solveChallenge } from "./tiktok-challenge";
import type { CollectorLogger } from "./types";
import { parseJsonText, type UpstreamContext, validateUpstream } from "./upstream-json";

export const SERVICE = "TikTok";
const MAX_POSTS = 30;
export const userSchema = tiktokUserSchema.extend({ secUid: z.string().nullish() });

export const userDetailSchema = z.looseObject({
  statusCode: z.number().optional(),
  statusMsg: z.string().nullish(),
  userInfo: z
    .looseObject({
      user: userSchema.optional(),
      stats: tiktokStatsSchema.optional(),
      statsV2: tiktokStatsSchema.optional(),
      itemList: z.array(z.unknown()).optional(),
    })
    .optional(),
  itemList: z.array(z.unknown()).optional(),
});

export const universalSchema = z.looseObject({
  __DEFAULT_SCOPE__: z.record(z.string(), z.unknown()).optional(),
});

export const sigiSchema = z.looseObject({
  UserPage: z.looseObject({ statusCode: z.number().optional() }).optional(),
  UserModule: z
    .looseObject({
      users: z.record(z.string(), z.unknown()).optional(),
      stats: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  ItemModule: z.record(z.string(), z.unknown()).optional(),
});

const itemListSchema = z.looseObject({
  statusCode: z.number().optional(),
  itemList: z.array(z.unknown()).nullish(),
  hasMorePrevious: z.boolean().nullish(),
});

const embedUserSchema = z.looseObject({
  id: z.string().optional(),
  uniqueId: z.string().min(1),
  nickname: z.string().nullish(),
  signature: z.string().nullish(),
  verified: z.boolean().nullish(),
  privateAccount: z.boolean().nullish(),
  avatarThumbUrl: z.string().nullish(),
  avatarLarger: z.string().nullish(),
  followerCount: tiktokCount,
  followingCount: tiktokCount.nullish(),
  heartCount: tiktokCount.nullish(),
  videoCount: tiktokCount.nullish(),
});

const embedVideoSchema = z.looseObject({
  id: z.string().regex(/^\d{6,25}$/),
  desc: z.string().nullish(),
  createTime: tiktokCount.nullish(),
  playCount: tiktokCount.nullish(),
});

const embedStateSchema = z.looseObject({
  source: z.looseObject({ data: z.record(z.string(), z.unknown()) }),
});

/** Headers of a top-level page navigation in desktop Chrome (collectors-review.md §1.3). */
export const NAVIGATION_HEADERS: Readonly<Record<string, string>> = {
  "user-agent": BROWSER_USER_AGENT,
  accept:
    "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7",
  "accept-language": "en-US,en;q=0.9",
  "cache-control": "max-age=0",
  "sec-ch-ua": '"Chromium";v="139", "Google Chrome";v="139", "Not;A=Brand";v="99"',
  "sec-ch-ua-mobile": "?0",
  "sec-ch-ua-platform": '"Windows"',
  "sec-fetch-dest": "document",
  "sec-fetch-mode": "navigate",
  "sec-fetch-site": "none",
  "sec-fetch-user": "?1",
  "upgrade-insecure-requests": "1",
};

/** Headers of the page's own XHR to its API (same origin, JSON). */
function apiHeaders(referer: string): Record<string, string> {
  return {
    "user-agent": BROWSER_USER_AGENT,
    accept: "application/json, text/plain, */*",
    "accept-language": "en-US,en;q=0.9",
    referer,
    "sec-ch-ua": NAVIGATION_HEADERS["sec-ch-ua"]!,
    "sec-ch-ua-mobile": "?0",
    "sec-ch-ua-platform": '"Windows"',
    "sec-fetch-dest": "empty",
    "sec-fetch-mode": "cors",
    "sec-fetch-site": "same-origin",
  };
}

/**
 * The creation time in a TikTok video id: ids are snowflakes whose top 32 bits are epoch seconds.
 * Undefined for an id outside TikTok's lifetime.
 */
export function postedAtFromVideoId(id: string, nowMs: number): string | undefined {
  if (!/^\d{6,25}$/.test(id)) return undefined;
  const seconds = Number(BigInt(id) >> 32n);
  const ms = seconds * 1000;
  if (ms < Date.parse("2016-09-01T00:00:00Z") || ms > nowMs + 86_400_000) return undefined;
  return new Date(ms).toISOString();
}

export interface TikTokCollectorOptions {
  http: HttpClient;
  baseUrl: string;
  logger?: CollectorLogger;
  now?: () => number;
  /** Cookies from TIKTOK_COOKIES_FILE; the jar starts with them. */
  cookies?: readonly Cookie[];
}

export interface Extracted {
  user: z.output<typeof userSchema>;
  stats: z.output<typeof tiktokStatsSchema>;
  /** The counts are the page's rounded `stats` (no exact `statsV2`). */
  rounded?: boolean;
  rawItems: unknown[];
}

/** How a snapshot's posts were found, recorded as `postsVia` for provenance. */
export type TikTokPostsVia = "profile-page" | "item-list" | "embed" | "none";

export function parseItems(raw: readonly unknown[], skipped: { n: number }): SnapshotPost[] {
  const { posts, skipped: n } = tiktokPosts(raw);
  skipped.n += n;
  return posts;
}

export function newestFirst(posts: SnapshotPost[]): SnapshotPost[] {
  const seen = new Set<string>();
  return posts
    .filter((p) => {
      if (seen.has(p.id)) return false;
      seen.add(p.id);
      return true;
    })
    .sort((a, b) => Date.parse(b.postedAt) - Date.parse(a.postedAt))
    .slice(0, MAX_POSTS);
}

/** The shared plumbing of both TikTok strategies: cookies, the challenge, the embed page. */
export function createTikTokSession(options: TikTokCollectorOptions) {
  const now = options.now ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, "");
  const jar: CookieJar = createCookieJar(options.cookies ?? [], now);
  // One device per collector instance, in the range yt-dlp draws from.
  const deviceId = String(7_250_000_000_000_000_000n + BigInt(randomInt(0, 2 ** 47)) * 500n);

  const blocked = (handle: string, why = "") =>
    new LoginWallOrBlockedError(
      `TikTok is blocking automated access right now, so @${handle}'s profile could not be read${why}; try again later`,
    );
  const notFound = (handle: string) =>
    new AccountNotFoundError(`No TikTok account @${handle} was found (it may have been removed or banned)`);

  async function get(
    url: string,
    handle: string,
    headers: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<HttpResponse> {
    const cookie = jar.header();
    const res = await options.http.request({
      url,
      service: SERVICE,
      subject: `@${handle}`,
      signal,
      headers: cookie ? { ...headers, cookie } : headers,
    });
    jar.storeFrom(res.headers);
    return res;
  }

  /**
   * A page, with the WAF challenge solved and the page fetched once more when it is served instead.
   * Returns the last response; the caller decides what a page without data means.
   */
  async function getPage(url: string, handle: string, signal?: AbortSignal): Promise<HttpResponse> {
    const res = await get(url, handle, NAVIGATION_HEADERS, signal);
    if (res.status !== 200 || !looksLikeChallenge(res.body)) return res;
    const challenge = parseChallenge(res.body);
    const cookies = challenge ? await solveChallenge(challenge, signal) : undefined;
    if (!cookies) {
      options.logger?.warn({ service: SERVICE, handle }, "TikTok challenge page could not be solved");
      throw blocked(handle, " (a verification page we could not solve)");
    }
    for (const c of cookies) jar.set({ ...c, expiresAt: now() + 120_000 });
    try {
      const again = await get(url, handle, NAVIGATION_HEADERS, signal);
      if (again.status === 200 && looksLikeChallenge(again.body))
        throw blocked(handle, " (the verification page came back after it was solved)");
      return again;
    } finally {
      // The page's own script sets them with Max-Age=1: they are for this one retry.
      for (const c of cookies) jar.delete(c.name);
    }
  }

  interface EmbedResult {
    user?: z.output<typeof embedUserSchema>;
    posts: SnapshotPost[];
  }

  /** The creator embed page: profile (when present) and recent videos with views only. */
  async function fetchEmbed(handle: string, signal?: AbortSignal): Promise<EmbedResult> {
    const ctx: UpstreamContext = {
      service: SERVICE,
      subject: `@${handle}`,
      what: "embed page",
      logger: options.logger,
    };
    const res = await getPage(`${base}/embed/@${encodeURIComponent(handle)}`, handle, signal);
    // A bare 404 here is not TikTok saying "no such user" (private accounts and accounts with
    // embedding off have no embed page either), so it is never cached as not found.
    if (res.status === 404)
      throw new UpstreamUnreachableError(
        `TikTok has no embed page for @${handle} (it may not exist, be private, or have embedding turned off)`,
      );
    if (res.status !== 200) throw blocked(handle, ` (embed page HTTP ${res.status})`);
    const raw = extractScriptById(res.body, "__FRONTITY_CONNECT_STATE__");
    if (raw === undefined) throw blocked(handle, " (the embed page had no data)");
    const state = validateUpstream(embedStateSchema, parseJsonText(raw, ctx), ctx, raw);
    const data = state.source.data;
    const key = Object.keys(data).find((k) => k.toLowerCase() === `/embed/@${handle.toLowerCase()}`);
    const route = key === undefined ? undefined : data[key];
    if (!route || typeof route !== "object") throw blocked(handle, " (the embed page had no profile)");
    const { userInfo, videoList } = route as { userInfo?: unknown; videoList?: unknown };
    const user = userInfo === undefined ? undefined : validateUpstream(embedUserSchema, userInfo, ctx, raw);
    const posts: SnapshotPost[] = [];
    let skipped = 0;
    for (const v of Array.isArray(videoList) ? videoList : []) {
      const parsed = embedVideoSchema.safeParse(v);
      const postedAt = parsed.success
        ? parsed.data.createTime
          ? new Date(parsed.data.createTime * 1000).toISOString()
          : postedAtFromVideoId(parsed.data.id, now())
        : undefined;
      if (!parsed.success || !postedAt) {
        skipped++;
        continue;
      }
      posts.push({
        id: parsed.data.id,
        type: "video",
        caption: parsed.data.desc ?? null,
        postedAt,
        views: parsed.data.playCount ?? null,
        likes: null,
        comments: null,
        shares: null,
        durationSec: null,
        url: tiktokVideoUrl(handle, parsed.data.id),
      });
    }
    if (skipped > 0)
      options.logger?.warn(
        { service: SERVICE, handle, skipped },
        "skipped TikTok embed videos with an unexpected shape",
      );
    return { user, posts: newestFirst(posts) };
  }

  /**
   * Recent videos from the creator item list API, newest first, up to MAX_POSTS (two pages of 15,
   * as yt-dlp pages it: cursor = the oldest createTime seen, in ms). Unsigned: it relies on the
   * cookies the profile page set. An empty body is TikTok refusing (TikTok-Api's
   * EmptyResponseException), reported as a block so the caller falls back to the embed page.
   */
  async function fetchItemList(
    handle: string,
    secUid: string,
    signal?: AbortSignal,
  ): Promise<SnapshotPost[]> {
    const ctx: UpstreamContext = {
      service: SERVICE,
      subject: `@${handle}`,
      what: "creator item_list",
      logger: options.logger,
    };
    const posts: SnapshotPost[] = [];
    const skipped = { n: 0 };
    let cursor = now();
    for (let page = 0; page < 2 && posts.length < MAX_POSTS; page++) {
      const query = new URLSearchParams({
        aid: "1988",
        app_language: "en",
        app_name: "tiktok_web",
        browser_language: "en-US",
        browser_name: "Mozilla",
        browser_online: "true",
        browser_platform: "Win32",
        browser_version: "5.0 (Windows)",
        channel: "tiktok_web",
        cookie_enabled: "true",
        count: "15",
        cursor: String(cursor),
        device_id: deviceId,
        device_platform: "web_pc",
        focus_state: "true",
        from_page: "user",
        history_len: "2",
        is_fullscreen: "false",
        is_page_visible: "true",
        language: "en",
        os: "windows",
        priority_region: "",
        referer: "",
        region: "US",
        screen_height: "1080",
        screen_width: "1920",
        secUid,
        type: "1",
        tz_name: "UTC",
        verifyFp: `verify_${randomInt(0, 0x10000000).toString(16).padStart(7, "0")}`,
        webcast_language: "en",
      });
      const res = await get(
        `${base}/api/creator/item_list/?${query}`,
        handle,
        apiHeaders(`${base}/@${encodeURIComponent(handle)}`),
        signal,
      );
      if (res.status !== 200) throw blocked(handle, ` (item list HTTP ${res.status})`);
      if (res.body.trim() === "") throw blocked(handle, " (empty item list)");
      const list = validateUpstream(itemListSchema, parseJsonText(res.body, ctx), ctx, res.body);
      if ((list.statusCode ?? 0) !== 0) throw blocked(handle, ` (item list status ${list.statusCode})`);
      const batch = parseItems(list.itemList ?? [], skipped);
      posts.push(...batch);
      const oldest = batch.at(-1);
      if (!oldest || !list.hasMorePrevious) break;
      cursor = Date.parse(oldest.postedAt);
    }
    if (skipped.n > 0)
      options.logger?.warn(
        { service: SERVICE, handle, skipped: skipped.n },
        "skipped TikTok videos with an unexpected shape",
      );
    return newestFirst(posts);
  }

  return { base, now, jar, blocked, notFound, getPage, fetchEmbed, fetchItemList };
}
