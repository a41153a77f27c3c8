/**
 * "Find more on YouTube" without a Data API key (issue #35 item 1): youtubei.js's channel search
 * (`Innertube.search(q, {type: "channel"})`) over the same HTTP helper, host rewrite and proxy as the
 * keyless collector. A result carries display text only — "1.2M subscribers" — so followers are read
 * as rounded numbers and the rows say so (source youtube-innertube: "rounded from the platform's
 * display text"). Paced like every unofficial source: one request (one page, about 20 channels) from
 * this server's pace (SOURCE_PACE_PER_MINUTE, shared with the keyless collector's own requests).
 */
import type { Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { HttpClient } from "../../collectors/http";
import { truncateSample } from "../../collectors/messages";
import type { SourceHealthStore } from "../../collectors/source-health";
import { innertubeFetch } from "../../collectors/youtube-innertube";
import { parseCountText } from "../../collectors/youtube-shared";
import { AppError, LoginWallOrBlockedError, UpstreamChangedError } from "../../errors";
import { type AdmitResult, plural, type SearchSource } from "./search-source";
import { searchLocale } from "./youtube-search";

export const YOUTUBE_KEYLESS_SOURCE = "youtube-innertube";

interface ChannelNode {
  id?: unknown;
  author?: { name?: unknown; thumbnails?: { url?: unknown }[]; is_verified?: unknown };
  subscriber_count?: { text?: unknown };
  video_count?: { text?: unknown };
  description_snippet?: { text?: unknown };
  endpoint?: { payload?: { canonicalBaseUrl?: unknown } };
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** One channel of the search as a profile snapshot; undefined when it has no channel id. */
export function snapshotOfChannelNode(node: ChannelNode, fetchedAt: string): ProfileSnapshot | undefined {
  const id = str(node.id);
  if (!/^UC[\w-]{22}$/.test(id)) return undefined;
  // YouTube moved the handle into subscriberCountText and the subscribers into videoCountText; read
  // both by what they say, so either layout works.
  const texts = [str(node.subscriber_count?.text), str(node.video_count?.text)];
  const handle =
    texts.find((t) => /^@[\w.-]{3,30}$/.test(t))?.slice(1) ??
    /^\/@([\w.-]{3,30})$/.exec(str(node.endpoint?.payload?.canonicalBaseUrl))?.[1];
  const subscribersText = texts.find((t) => /subscribers?\b/i.test(t));
  const subscribers = parseCountText(subscribersText);
  const videos = parseCountText(texts.find((t) => /\bvideos?\b/i.test(t)));
  const thumb = str(node.author?.thumbnails?.[0]?.url);
  return {
    platform: "youtube",
    username: handle ?? id,
    name: str(node.author?.name),
    bio: str(node.description_snippet?.text),
    verified: node.author?.is_verified === true,
    isPrivate: false,
    avatarUrl: thumb ? (thumb.startsWith("//") ? `https:${thumb}` : thumb) : null,
    externalUrl: null,
    followers: subscribers ?? 0,
    following: null,
    postsCount: videos ?? null,
    fetchedAt,
    source: YOUTUBE_KEYLESS_SOURCE,
    posts: [],
    channelId: id,
    followersRounded: true,
    followersHidden: subscribers === undefined,
  } as ProfileSnapshot;
}

export function createYouTubeKeylessSearch(opts: {
  http: HttpClient;
  baseUrl: string;
  health: SourceHealthStore;
  /** SOURCE_PACE_PER_MINUTE; 0 = unpaced. */
  perMinute: number;
  now: () => Date;
}): SearchSource {
  const base = new URL(opts.baseUrl);
  const pace = async (at: Date) =>
    opts.perMinute > 0
      ? opts.health.pace(YOUTUBE_KEYLESS_SOURCE, opts.perMinute, at)
      : { ok: true, retryInMs: 0 };

  return {
    name: YOUTUBE_KEYLESS_SOURCE,
    platform: "youtube" as Platform,
    billed: false,
    noun: "channels",
    costNote: () =>
      `Searches YouTube without an API key (youtubei.js): one request from this server's pace (${opts.perMinute} a minute, SOURCE_PACE_PER_MINUTE) for about 20 channels; subscriber counts are rounded display text.`,
    async admit(_criteria, at): Promise<AdmitResult> {
      const paced = await pace(at);
      if (paced.ok) return { ok: true };
      const wait = Math.max(1, Math.ceil(paced.retryInMs / 1000));
      return {
        ok: false,
        message: `This server paces its requests to YouTube (${opts.perMinute} a minute through ${YOUTUBE_KEYLESS_SOURCE}); try the search again in ${wait} s.`,
        retryAfterSec: wait,
      };
    },

    async search(criteria, ctx) {
      const subject = `channels for "${criteria.q}"`;
      let lastStatus = 0;
      const fetchThroughHelper = innertubeFetch({
        http: opts.http,
        base,
        subject,
        signal: ctx.signal,
        onStatus: (status) => {
          lastStatus = status;
        },
      });

      const limit = criteria.limit ?? 50;
      const locale = searchLocale(criteria.targetMarkets ?? []);
      const found = new Map<string, ProfileSnapshot>();
      ctx.spent["youtube-innertube.requests"] = 0;
      try {
        const { Innertube } = await import("youtubei.js");
        const yt = await Innertube.create({
          fetch: fetchThroughHelper,
          retrieve_player: false,
          generate_session_locally: true,
          retrieve_innertube_config: false,
          enable_session_cache: false,
          // English display text ("1.2M subscribers") whatever the market; the market biases results.
          lang: "en",
          location: locale.regionCode ?? "US",
        });
        ctx.spent["youtube-innertube.requests"] = 1;
        // One page of results (about 20 channels): one request from this server's pace. youtubei.js
        // 18 cannot parse a search continuation without a header, so further pages are not read.
        const page = await yt.search(criteria.q, { type: "channel" });
        const at = opts.now().toISOString();
        for (const node of page.channels as unknown as ChannelNode[]) {
          const s = snapshotOfChannelNode(node, at);
          const key = str(node.id);
          if (s && !found.has(key)) found.set(key, s);
        }
        await ctx.progress({
          found: Math.min(found.size, limit),
          message: `Found ${plural(Math.min(found.size, limit), "channel", "channels")} on YouTube.`,
        });
      } catch (e) {
        throw mapError(e, lastStatus, ctx.signal, subject);
      }
      return [...found.values()].slice(0, limit);
    },
  };
}

function mapError(e: unknown, status: number, signal: AbortSignal | undefined, subject: string): unknown {
  if (signal?.aborted) return signal.reason ?? e;
  let cur: unknown = e;
  for (let i = 0; i < 5 && cur; i++) {
    if (cur instanceof AppError) return cur;
    cur = (cur as { cause?: unknown }).cause;
  }
  if (status === 403 || status === 401 || status === 429)
    return new LoginWallOrBlockedError(
      `YouTube refused the keyless search (HTTP ${status}); try again later, or set YOUTUBE_API_KEY to search with the official API`,
    );
  const message = e instanceof Error ? e.message : String(e);
  return new UpstreamChangedError(
    `YouTube sent a search answer we couldn't read for ${subject}${status >= 400 ? ` (HTTP ${status})` : ""}; the platform may have changed its format`,
    truncateSample(message),
  );
}
