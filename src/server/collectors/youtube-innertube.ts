/**
 * Keyless YouTube collector over InnerTube via youtubei.js (data-sources.md §1b), used when no Data
 * API key is configured. Every request youtubei.js makes goes through our HTTP helper (timeout,
 * retries, breaker) with the YouTube host rewritten to the configured base URL.
 *
 * What it reads: the channel header/metadata (name, description, avatar, subscriber and video
 * counts as display text such as "412K subscribers" — rounded, English pinned) and the Videos tab
 * (id, title, view-count text, relative publish date, duration). The grid has no likes or comments,
 * so those stay null; posts whose publish date is not shown are left out rather than guessed.
 * youtubei.js parsers drift with YouTube's renderers: anything unexpected → UpstreamChangedError.
 */

import { isChannelId, stripAt } from "#core/handles";
import type { ProfileSnapshot, SnapshotPost } from "#core/schemas/snapshot";
import {
  AccountNotFoundError,
  AppError,
  LoginWallOrBlockedError,
  UpstreamChangedError,
  UpstreamUnreachableError,
} from "../errors";
import { BROWSER_USER_AGENT, type HttpClient } from "./http";
import { truncateSample } from "./messages";
import type { Collector, CollectorLogger } from "./types";
import { parseCountText, parseRelativeDate, youtubePostType } from "./youtube-shared";

const SERVICE = "YouTube";
const MAX_POSTS = 30;
/** Hosts youtubei.js talks to for browse/resolve; all are sent to the configured base URL. */
const YOUTUBE_HOSTS = new Set(["www.youtube.com", "youtube.com", "m.youtube.com", "youtubei.googleapis.com"]);

export interface YouTubeInnertubeCollectorOptions {
  http: HttpClient;
  baseUrl: string;
  logger?: CollectorLogger;
  now?: () => number;
  /** A signed-in session's Cookie header (YOUTUBE_COOKIES_FILE); youtubei.js signs requests with it. */
  cookie?: string;
}

/** Collects string leaves of a parsed youtubei.js node (bounded), for text we search by meaning. */
function collectStrings(node: unknown, out: string[] = [], depth = 0, seen = new Set<unknown>()): string[] {
  if (out.length > 4000 || depth > 10 || node === null || node === undefined) return out;
  if (typeof node === "string") {
    out.push(node);
    return out;
  }
  if (typeof node !== "object" || seen.has(node)) return out;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const item of node) collectStrings(item, out, depth + 1, seen);
    return out;
  }
  for (const value of Object.values(node as Record<string, unknown>))
    collectStrings(value, out, depth + 1, seen);
  return out;
}

function textOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "object") {
    const t = (value as { text?: unknown }).text;
    if (typeof t === "string") return t;
    const s = String(value);
    if (s && s !== "[object Object]") return s;
  }
  return undefined;
}

function prop(obj: unknown, ...path: string[]): unknown {
  let cur = obj;
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function durationTextToSeconds(text: string): number | undefined {
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** Reads one grid item (Video, GridVideo, LockupView, …) by duck typing. */
function itemToPost(item: unknown, nowMs: number): SnapshotPost | undefined {
  const id =
    textOf(prop(item, "video_id")) ??
    textOf(prop(item, "content_id")) ??
    textOf(prop(item, "id")) ??
    undefined;
  if (!id || !/^[\w-]{6,20}$/.test(id)) return undefined;
  const strings = collectStrings(item);
  const title = textOf(prop(item, "title")) ?? textOf(prop(item, "metadata", "title"));
  const viewText =
    textOf(prop(item, "view_count")) ??
    textOf(prop(item, "short_view_count")) ??
    strings.find((s) => /\bviews?\b/i.test(s) && /\d|^no /i.test(s));
  const publishedText = textOf(prop(item, "published")) ?? strings.find((s) => /\bago\b/i.test(s));
  const postedAt = parseRelativeDate(publishedText, nowMs);
  if (!postedAt) return undefined;
  const secondsProp = prop(item, "duration", "seconds");
  const durationSec =
    typeof secondsProp === "number" && secondsProp > 0
      ? secondsProp
      : strings.map(durationTextToSeconds).find((n) => n !== undefined);
  const isLive = /^streamed\b/i.test(publishedText ?? "");
  return {
    id,
    type: youtubePostType(durationSec, isLive),
    caption: title ?? null,
    postedAt,
    views: parseCountText(viewText) ?? null,
    likes: null,
    comments: null,
    durationSec: durationSec ?? null,
    title: title ?? null,
    url: `https://www.youtube.com/watch?v=${id}`,
    viewsApproximate: /[KMB]\b/i.test(viewText ?? ""),
  };
}

/**
 * youtubei.js's fetch, for the collector and the keyless search: only YouTube's hosts, rewritten to
 * `base` (a stand-in in tests), then our one HTTP helper (timeout, retry, breaker, proxy). Each
 * answer's status goes to `onStatus`, so a failure youtubei.js reports in its own words can be told
 * apart (404, 403, 400).
 */
export function innertubeFetch(opts: {
  http: HttpClient;
  base: URL;
  subject: string;
  signal?: AbortSignal;
  onStatus?: (status: number) => void;
}): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = input instanceof Request ? input : undefined;
    const url = new URL(req ? req.url : input instanceof URL ? input.href : String(input));
    if (!YOUTUBE_HOSTS.has(url.hostname))
      throw new UpstreamChangedError(`YouTube asked us to contact an unexpected host (${url.hostname})`);
    url.protocol = opts.base.protocol;
    url.host = opts.base.host;
    const method = (init?.method ?? req?.method ?? "GET").toUpperCase();
    let body: string | undefined;
    if (typeof init?.body === "string") body = init.body;
    else if (init?.body instanceof URLSearchParams) body = init.body.toString();
    else if (req?.body) body = await req.clone().text();
    const headers = new Headers(init?.headers ?? req?.headers);
    if (!headers.has("user-agent")) headers.set("user-agent", BROWSER_USER_AGENT);
    const res = await opts.http.request({
      url: url.href,
      service: SERVICE,
      subject: opts.subject,
      method: method === "POST" ? "POST" : "GET",
      headers,
      body,
      signal: opts.signal,
      redirect: "follow",
    });
    opts.onStatus?.(res.status);
    return new Response(res.status === 204 || res.status === 304 ? null : res.body, {
      status: res.status,
      headers: res.headers,
    });
  };
}

export function createYouTubeInnertubeCollector(options: YouTubeInnertubeCollectorOptions): Collector {
  const now = options.now ?? Date.now;
  const base = new URL(options.baseUrl);

  return {
    id: "youtube-innertube",
    official: false,
    kind: "live",
    platforms: ["youtube"],
    async fetchSnapshot(platform, rawHandle, { signal, linkKind }) {
      if (platform !== "youtube") return null;
      const handle = stripAt(rawHandle);
      const subject = `@${handle}`;
      let lastStatus = 0;

      const fetchThroughHelper = innertubeFetch({
        http: options.http,
        base,
        subject,
        signal,
        onStatus: (status) => {
          lastStatus = status;
        },
      });

      const mapError = (e: unknown): unknown => {
        if (signal?.aborted) return signal.reason ?? e;
        let cur: unknown = e;
        for (let i = 0; i < 5 && cur; i++) {
          if (cur instanceof AppError) return cur;
          cur = (cur as { cause?: unknown }).cause;
        }
        if (lastStatus === 404) return new AccountNotFoundError(`No YouTube channel ${subject} was found`);
        // YouTube.js #574: browse answers 400 now and then for channels that exist. Transient.
        if (lastStatus === 400)
          return new UpstreamUnreachableError(
            `YouTube answered "400" for ${subject}; this is usually temporary, try again later`,
          );
        if (lastStatus === 403 || lastStatus === 401)
          return new LoginWallOrBlockedError(
            `YouTube is blocking automated access right now, so ${subject} could not be read; try again later, or configure YOUTUBE_API_KEY to use the official API`,
          );
        const message = e instanceof Error ? e.message : String(e);
        options.logger?.warn(
          { service: SERVICE, handle, error: truncateSample(message) },
          "youtubei.js could not read the channel (InnerTube format drift?)",
        );
        return new UpstreamChangedError(
          `YouTube sent data we couldn't read for ${subject}; the platform may have changed its format`,
          truncateSample(message),
        );
      };

      try {
        // Loaded on first use: youtubei.js costs ~70 MB of memory once imported, and a server with a
        // Data API key (or no YouTube traffic) never needs it.
        const { Innertube } = await import("youtubei.js");
        const yt = await Innertube.create({
          fetch: fetchThroughHelper,
          retrieve_player: false,
          generate_session_locally: true,
          retrieve_innertube_config: false,
          enable_session_cache: false,
          lang: "en",
          location: "US",
          ...(options.cookie ? { cookie: options.cookie } : {}),
        });

        // 1. Channel id.
        let browseId: string | undefined;
        if (linkKind === "channel" || isChannelId(handle)) browseId = handle;
        else if (
          linkKind === "video" ||
          linkKind === "short" ||
          linkKind === "short_link" ||
          linkKind === "shorts"
        ) {
          const info = await yt.getBasicInfo(handle);
          browseId = info.basic_info.channel_id;
          if (!browseId) throw new AccountNotFoundError(`No YouTube video ${handle} was found`);
        } else {
          const path =
            linkKind === "user" ? `/user/${handle}` : linkKind === "c" ? `/c/${handle}` : `/@${handle}`;
          let url = `https://www.youtube.com${encodeURI(path)}`;
          // Some handles resolve to a legacy URL first (LuanRT/YouTube.js#1254): resolve once more.
          for (let i = 0; i < 2 && !browseId; i++) {
            const endpoint = await yt.resolveURL(url);
            const payload = endpoint.payload as { browseId?: unknown; url?: unknown } | undefined;
            if (typeof payload?.browseId === "string" && payload.browseId.startsWith("UC"))
              browseId = payload.browseId;
            else if (typeof payload?.url === "string" && payload.url !== url)
              url = new URL(payload.url, "https://www.youtube.com").href;
            else break;
          }
          if (!browseId) throw new AccountNotFoundError(`No YouTube channel ${subject} was found`);
        }

        // 2. Channel page: header and metadata.
        const channel = await yt.getChannel(browseId);
        const metadata = channel.metadata as Record<string, unknown>;
        const headerStrings = collectStrings(channel.header);
        const subscribers = parseCountText(headerStrings.find((s) => /subscribers?\b/i.test(s)));
        const videoCount = parseCountText(headerStrings.find((s) => /\bvideos?\b/i.test(s) && /\d/.test(s)));
        const verified = collectStrings(channel.header, []).some(
          (s) => s === "BADGE_STYLE_TYPE_VERIFIED" || s === "CHECK_CIRCLE_THICK" || s === "Verified",
        );
        const vanity = textOf(metadata.vanity_channel_url) ?? "";
        const handleFromHeader = headerStrings.find((s) => /^@[\w.-]{3,30}$/.test(s));
        const username =
          handleFromHeader?.slice(1) ??
          /\/@([\w.-]+)/.exec(vanity)?.[1] ??
          (browseId === handle ? browseId : handle);
        const avatar = prop(metadata, "avatar", "0", "url") ?? prop(metadata, "thumbnail", "0", "url");

        // 3. Recent videos from the Videos tab (when the channel has one).
        const posts: SnapshotPost[] = [];
        if (channel.has_videos) {
          const videos = await channel.getVideos();
          for (const item of videos.videos) {
            const post = itemToPost(item, now());
            if (post) posts.push(post);
            if (posts.length >= MAX_POSTS) break;
          }
        }

        if (subscribers === undefined)
          options.logger?.warn(
            { service: SERVICE, handle },
            "InnerTube channel header had no subscriber count",
          );
        const snapshot: ProfileSnapshot = {
          platform: "youtube",
          username,
          name: textOf(metadata.title) ?? "",
          bio: textOf(metadata.description) ?? "",
          verified,
          isPrivate: false,
          avatarUrl: typeof avatar === "string" ? avatar : null,
          externalUrl: null,
          followers: subscribers ?? 0,
          following: null,
          postsCount: videoCount ?? null,
          fetchedAt: new Date(now()).toISOString(),
          source: "youtube-innertube",
          posts,
          channelId: browseId,
          followersRounded: true,
          followersHidden: subscribers === undefined,
        };
        return snapshot;
      } catch (e) {
        throw mapError(e);
      }
    },
  };
}
