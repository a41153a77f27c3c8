/**
 * YouTube Data API v3 collector (data-sources.md §1a): channels.list (forHandle / id / forUsername)
 * → uploads playlist → playlistItems (≤ 30) → videos.list (statistics, durations). 3 quota units a report.
 */
import { z } from "zod";
import { isChannelId, stripAt } from "#core/handles";
import type { ProfileSnapshot, SnapshotPost } from "#core/schemas/snapshot";
import { AccountNotFoundError, NotConfiguredError, RateLimitedError } from "../errors";
import type { HttpClient, HttpResponse } from "./http";
import { formatWait } from "./messages";
import type { Collector, CollectorLogger } from "./types";
import { parseUpstreamJson, type UpstreamContext, upstreamChanged } from "./upstream-json";
import {
  parseIsoDuration,
  SHORTS_MAX_SECONDS,
  secondsUntilPacificMidnight,
  youtubeChannelSchema,
  youtubeCountString,
  youtubePostType,
} from "./youtube-shared";

const SERVICE = "YouTube";
const MAX_UPLOADS = 30;

const channelSchema = youtubeChannelSchema.extend({
  contentDetails: z
    .looseObject({ relatedPlaylists: z.looseObject({ uploads: z.string().optional() }).optional() })
    .optional(),
});

const channelListSchema = z.looseObject({
  pageInfo: z.looseObject({ totalResults: z.number().optional() }).optional(),
  items: z.array(channelSchema).optional(),
});

const playlistItemsSchema = z.looseObject({
  items: z
    .array(
      z.looseObject({
        contentDetails: z.looseObject({ videoId: z.string(), videoPublishedAt: z.string().optional() }),
      }),
    )
    .default([]),
});

const videoSchema = z.looseObject({
  id: z.string(),
  snippet: z
    .looseObject({
      publishedAt: z.string().optional(),
      title: z.string().optional(),
      description: z.string().optional(),
      channelId: z.string().optional(),
      liveBroadcastContent: z.string().optional(),
    })
    .optional(),
  contentDetails: z.looseObject({ duration: z.string().optional() }).optional(),
  statistics: z
    .looseObject({
      viewCount: youtubeCountString.optional(),
      likeCount: youtubeCountString.optional(),
      commentCount: youtubeCountString.optional(),
    })
    .optional(),
  liveStreamingDetails: z.looseObject({ actualStartTime: z.string().optional() }).optional(),
});

const videoListSchema = z.looseObject({ items: z.array(videoSchema).default([]) });

const googleErrorSchema = z.looseObject({
  error: z.looseObject({
    code: z.number().optional(),
    message: z.string().optional(),
    errors: z
      .array(z.looseObject({ reason: z.string().optional(), domain: z.string().optional() }))
      .optional(),
    status: z.string().optional(),
    details: z.array(z.looseObject({ reason: z.string().optional() })).optional(),
  }),
});

export interface YouTubeApiCollectorOptions {
  http: HttpClient;
  apiKey?: string;
  baseUrl: string;
  logger?: CollectorLogger;
  now?: () => number;
  /**
   * After quotaExceeded: true → return null until the quota resets (a later collector, e.g.
   * InnerTube, answers); false → fail fast with RateLimitedError until the reset.
   */
  quotaFallthrough?: boolean;
}

type Resolve = { by: "id" | "forHandle" | "forUsername"; value: string };

function bestThumbnail(thumbs: Record<string, { url: string }> | undefined): string | undefined {
  if (!thumbs) return undefined;
  return (thumbs.high ?? thumbs.medium ?? thumbs.default ?? Object.values(thumbs)[0])?.url;
}

export function createYouTubeApiCollector(options: YouTubeApiCollectorOptions): Collector {
  const now = options.now ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, "");
  let quotaResetAt = 0;

  function quotaError(): RateLimitedError {
    const wait = Math.max(1, Math.ceil((quotaResetAt - now()) / 1000));
    return new RateLimitedError(
      `YouTube's daily API quota is used up; YouTube reports can be fetched again in ${formatWait(wait)}`,
      wait,
    );
  }

  /** Maps a non-2xx Data API answer to a typed error (quota, key, not found, unknown). */
  function apiError(res: HttpResponse, ctx: UpstreamContext): Error {
    let reason = "";
    let message = "";
    try {
      const parsed = googleErrorSchema.safeParse(JSON.parse(res.body));
      if (parsed.success) {
        reason = parsed.data.error.errors?.[0]?.reason ?? parsed.data.error.details?.[0]?.reason ?? "";
        message = parsed.data.error.message ?? "";
      }
    } catch {
      // not JSON; handled below by status
    }
    if (reason === "quotaExceeded" || reason === "dailyLimitExceeded") {
      quotaResetAt = now() + secondsUntilPacificMidnight(now()) * 1000;
      options.logger?.warn(
        { service: SERVICE, reason },
        "YouTube Data API quota exhausted until midnight PT",
      );
      return quotaError();
    }
    if (reason === "rateLimitExceeded" || reason === "userRateLimitExceeded")
      return new RateLimitedError(
        `YouTube is rate limiting us while fetching ${ctx.subject}; try again in a minute`,
        60,
      );
    if (
      [
        "keyInvalid",
        "keyExpired",
        "API_KEY_INVALID",
        "accessNotConfigured",
        "forbidden",
        "ipRefererBlocked",
      ].includes(reason) ||
      (res.status === 400 && /api key/i.test(message))
    )
      return new NotConfiguredError(
        `YouTube rejected the API key (${reason || `HTTP ${res.status}`}); check YOUTUBE_API_KEY and that the YouTube Data API v3 is enabled`,
      );
    if (res.status === 404) return new AccountNotFoundError(`No YouTube channel ${ctx.subject} was found`);
    return upstreamChanged(ctx, res.body, `HTTP ${res.status} ${reason}`);
  }

  /**
   * YouTube has no Shorts flag, and a video of 3 minutes or less may be either. Where any is that
   * short, the channel's own Shorts playlist (UUSH + the channel id) says which are Shorts: one more
   * quota unit. Without that playlist (404, quota, any failure) the format of those short videos is
   * unknown: they stay "video" marked `formatUnknown`, never guessed as Shorts from the duration.
   */
  async function tellShortsApart(
    posts: SnapshotPost[],
    channelId: string,
    context: UpstreamContext,
    signal?: AbortSignal,
  ) {
    const ambiguous = posts.filter(
      (p) => p.type !== "live" && p.durationSec != null && p.durationSec <= SHORTS_MAX_SECONDS,
    );
    if (ambiguous.length === 0) return;
    const unknown = () => {
      for (const p of ambiguous) {
        p.type = "video";
        p.formatUnknown = true;
      }
    };
    if (!isChannelId(channelId)) return unknown();
    let shorts: Set<string>;
    try {
      const list = await call(
        "playlistItems",
        { part: "contentDetails", playlistId: `UUSH${channelId.slice(2)}`, maxResults: "50" },
        playlistItemsSchema,
        context,
        signal,
        true,
      );
      if (!list) return unknown();
      shorts = new Set(list.items.map((i) => i.contentDetails.videoId));
    } catch (err) {
      if (signal?.aborted) throw err;
      return unknown();
    }
    for (const p of ambiguous) p.type = shorts.has(p.id) ? "short" : "video";
  }

  async function call<S extends z.ZodType>(
    path: string,
    params: Record<string, string>,
    schema: S,
    ctx: UpstreamContext,
    signal: AbortSignal | undefined,
    allow404 = false,
  ): Promise<z.output<S> | null> {
    const qs = new URLSearchParams({ ...params, key: options.apiKey ?? "" });
    const res = await options.http.request({
      url: `${base}/youtube/v3/${path}?${qs}`,
      service: SERVICE,
      subject: ctx.subject,
      headers: { accept: "application/json" },
      signal,
    });
    if (res.status === 404 && allow404) return null;
    if (res.status < 200 || res.status >= 300) throw apiError(res, ctx);
    return parseUpstreamJson(schema, res.body, ctx);
  }

  return {
    id: "youtube-api",
    official: true,
    kind: "live",
    platforms: ["youtube"],
    async fetchSnapshot(platform, rawHandle, { signal, linkKind }) {
      if (platform !== "youtube" || !options.apiKey) return null;
      if (quotaResetAt > now()) {
        if (options.quotaFallthrough) return null;
        throw quotaError();
      }
      const handle = stripAt(rawHandle);
      const isVideoLink =
        linkKind === "video" || linkKind === "short" || linkKind === "short_link" || linkKind === "shorts";
      const subject = isVideoLink ? `the video ${handle}` : `@${handle}`;
      const ctx = (what: string): UpstreamContext => ({
        service: SERVICE,
        subject,
        what,
        logger: options.logger,
      });

      // 1. Which channel?
      const attempts: Resolve[] = [];
      if (isVideoLink) {
        const videos = await call(
          "videos",
          { part: "snippet", id: handle },
          videoListSchema,
          ctx("videos.list"),
          signal,
        );
        const channelId = videos?.items[0]?.snippet?.channelId;
        if (!channelId) throw new AccountNotFoundError(`No YouTube video ${handle} was found`);
        attempts.push({ by: "id", value: channelId });
      } else if (linkKind === "channel" || isChannelId(handle)) {
        attempts.push({ by: "id", value: handle });
      } else if (linkKind === "user") {
        attempts.push({ by: "forUsername", value: handle });
      } else if (linkKind === "c") {
        // Legacy custom URLs often equal the handle or the old username.
        attempts.push({ by: "forHandle", value: `@${handle}` }, { by: "forUsername", value: handle });
      } else {
        attempts.push({ by: "forHandle", value: `@${handle}` });
      }

      let channel: z.output<typeof channelSchema> | undefined;
      for (const a of attempts) {
        const list = await call(
          "channels",
          { part: "snippet,statistics,contentDetails,brandingSettings", [a.by]: a.value },
          channelListSchema,
          ctx("channels.list"),
          signal,
        );
        channel = list?.items?.[0];
        if (channel) break;
      }
      if (!channel) throw new AccountNotFoundError(`No YouTube channel @${handle} was found`);

      // 2. Recent uploads (newest first) and their statistics.
      const posts: SnapshotPost[] = [];
      const uploads = channel.contentDetails?.relatedPlaylists?.uploads;
      if (uploads) {
        const items = await call(
          "playlistItems",
          { part: "contentDetails", playlistId: uploads, maxResults: String(MAX_UPLOADS) },
          playlistItemsSchema,
          ctx("playlistItems.list"),
          signal,
          true, // an empty channel's uploads playlist may not exist
        );
        const ids = (items?.items ?? []).map((i) => i.contentDetails.videoId).slice(0, MAX_UPLOADS);
        if (ids.length > 0) {
          const videos = await call(
            "videos",
            {
              part: "snippet,statistics,contentDetails,liveStreamingDetails",
              id: ids.join(","),
              maxResults: "50",
            },
            videoListSchema,
            ctx("videos.list"),
            signal,
          );
          const byId = new Map((videos?.items ?? []).map((v) => [v.id, v]));
          for (const id of ids) {
            const v = byId.get(id);
            if (!v) continue; // private or deleted since listing
            const live = v.snippet?.liveBroadcastContent;
            if (live === "upcoming") continue; // no statistics yet
            const postedAt = v.liveStreamingDetails?.actualStartTime ?? v.snippet?.publishedAt;
            if (!postedAt) continue;
            const durationSec = parseIsoDuration(v.contentDetails?.duration);
            const isLive = live === "live" || v.liveStreamingDetails?.actualStartTime !== undefined;
            posts.push({
              id,
              type: youtubePostType(durationSec, isLive),
              caption: [v.snippet?.title, v.snippet?.description].filter(Boolean).join("\n\n") || null,
              postedAt,
              views: v.statistics?.viewCount ?? null,
              likes: v.statistics?.likeCount ?? null,
              comments: v.statistics?.commentCount ?? null,
              durationSec: durationSec && durationSec > 0 ? durationSec : null,
              title: v.snippet?.title,
              url: `https://www.youtube.com/watch?v=${id}`,
            });
          }
          await tellShortsApart(posts, channel.id, ctx("playlistItems.list (Shorts)"), signal);
        }
      }

      const stats = channel.statistics;
      const hidden = stats?.hiddenSubscriberCount === true;
      const snapshot: ProfileSnapshot = {
        platform: "youtube",
        username: stripAt(channel.snippet.customUrl ?? "") || (isVideoLink ? channel.id : handle),
        name: channel.snippet.title,
        bio: channel.snippet.description,
        verified: null, // the Data API does not expose the verification badge: unknown, not "no"
        isPrivate: false,
        avatarUrl: bestThumbnail(channel.snippet.thumbnails) ?? null,
        externalUrl: null,
        // Public subscriber counts are rounded to 3 significant figures; hidden ones read as 0.
        followers: hidden ? 0 : (stats?.subscriberCount ?? 0),
        following: null,
        postsCount: stats?.videoCount ?? null,
        fetchedAt: new Date(now()).toISOString(),
        source: "youtube-api",
        posts,
        channelId: channel.id,
        country: channel.snippet.country ?? channel.brandingSettings?.channel?.country ?? null,
        keywords: channel.brandingSettings?.channel?.keywords ?? null,
        totalViews: stats?.viewCount ?? null,
        joinedAt: channel.snippet.publishedAt ?? null,
        followersRounded: !hidden,
        followersHidden: hidden,
      };
      return snapshot;
    },
  };
}
