/**
 * YouTube channel search for "Find more on YouTube" (issue #35): search.list type=channel (one call
 * from the daily search budget; regionCode for a single-country market, relevanceLanguage when the
 * markets share a language), then channels.list in batches of 50 for each channel's profile figures
 * (subscribers, views, video count, country, keywords, topic categories, description). Profile
 * figures only: no uploads are read, so no engagement is measured (or invented).
 */
import { z } from "zod";
import { resolveTargets } from "#core/discovery/match";
import { COUNTRY_CODES } from "#core/engine/lexicon";
import { stripAt } from "#core/handles";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { HttpClient } from "../../collectors/http";
import { parseUpstreamJson, type UpstreamContext } from "../../collectors/upstream-json";
import { youtubeChannelSchema } from "../../collectors/youtube-shared";
import { UpstreamChangedError } from "../../errors";
import type { SearchBudget } from "./search-budget";
import { admitFromBudget, plural, type SearchSource } from "./search-source";

const SERVICE = "YouTube";
export const CHANNELS_BATCH = 50;

const searchListSchema = z.looseObject({
  items: z
    .array(
      z.looseObject({
        id: z.looseObject({ kind: z.string().optional(), channelId: z.string().optional() }),
      }),
    )
    .default([]),
});

const channelSchema = youtubeChannelSchema.extend({
  topicDetails: z.looseObject({ topicCategories: z.array(z.string()).optional() }).optional(),
});
const channelListSchema = z.looseObject({ items: z.array(channelSchema).default([]) });

const googleErrorSchema = z.looseObject({
  error: z.looseObject({
    message: z.string().optional(),
    errors: z.array(z.looseObject({ reason: z.string().optional() })).optional(),
  }),
});

/** The language of each country, where one language is clearly the market's (ISO 639-1). */
const COUNTRY_LANGUAGE: Record<string, string> = {
  "United States": "en",
  Canada: "en",
  "United Kingdom": "en",
  Ireland: "en",
  Australia: "en",
  "New Zealand": "en",
  Germany: "de",
  Austria: "de",
  France: "fr",
  Spain: "es",
  Mexico: "es",
  Argentina: "es",
  Colombia: "es",
  Italy: "it",
  Netherlands: "nl",
  Portugal: "pt",
  Brazil: "pt",
  Poland: "pl",
  Sweden: "sv",
  Japan: "ja",
  "South Korea": "ko",
  Indonesia: "id",
  Thailand: "th",
  Vietnam: "vi",
  Turkey: "tr",
  Russia: "ru",
  "Saudi Arabia": "ar",
  Egypt: "ar",
};

const CODE_OF: Record<string, string> = Object.fromEntries(
  Object.entries(COUNTRY_CODES).map(([code, name]) => [name, code]),
);

/** regionCode for a single-country market; relevanceLanguage when every country shares one language. */
export function searchLocale(targetMarkets: readonly string[]): {
  regionCode?: string;
  relevanceLanguage?: string;
} {
  const targets = resolveTargets(targetMarkets);
  if (targets.length === 0 || targets.some((t) => t.global)) return {};
  const countries = [...new Set(targets.flatMap((t) => t.countries))];
  const out: { regionCode?: string; relevanceLanguage?: string } = {};
  if (countries.length === 1 && CODE_OF[countries[0]!]) out.regionCode = CODE_OF[countries[0]!];
  const languages = new Set(countries.map((c) => COUNTRY_LANGUAGE[c] ?? "?"));
  if (languages.size === 1 && !languages.has("?")) out.relevanceLanguage = [...languages][0];
  return out;
}

/** A topic category URL ("https://en.wikipedia.org/wiki/Food") as words ("Food"). */
function topicName(url: string): string {
  const last = url.split("/").pop() ?? "";
  try {
    return decodeURIComponent(last).replace(/_/g, " ");
  } catch {
    return last.replace(/_/g, " ");
  }
}

export interface YouTubeSearchClient {
  /** search.list type=channel: channel ids, best first. */
  searchChannels(
    q: string,
    opts: { limit: number; regionCode?: string; relevanceLanguage?: string; signal?: AbortSignal },
  ): Promise<string[]>;
  /** channels.list in batches of 50: each channel's profile snapshot (no posts). */
  readChannels(
    ids: readonly string[],
    opts: { signal?: AbortSignal; onBatch?: () => void },
  ): Promise<ProfileSnapshot[]>;
}

export function createYouTubeSearchClient(opts: {
  http: HttpClient;
  baseUrl: string;
  apiKey: string;
  now: () => Date;
}): YouTubeSearchClient {
  const base = opts.baseUrl.replace(/\/+$/, "");

  async function call<S extends z.ZodType>(
    path: string,
    params: Record<string, string>,
    schema: S,
    ctx: UpstreamContext,
    signal?: AbortSignal,
  ): Promise<z.output<S>> {
    const qs = new URLSearchParams({ ...params, key: opts.apiKey });
    const res = await opts.http.request({
      url: `${base}/youtube/v3/${path}?${qs}`,
      service: SERVICE,
      subject: ctx.subject,
      headers: { accept: "application/json" },
      signal,
    });
    if (res.status < 200 || res.status >= 300) {
      let message = "";
      let reason = "";
      try {
        const parsed = googleErrorSchema.safeParse(JSON.parse(res.body));
        if (parsed.success) {
          message = parsed.data.error.message ?? "";
          reason = parsed.data.error.errors?.[0]?.reason ?? "";
        }
      } catch {
        // not JSON: the status says it
      }
      throw new UpstreamChangedError(
        `YouTube refused ${ctx.what} (HTTP ${res.status}${reason ? `, ${reason}` : ""})${message ? `: ${message}` : ""}`,
        res.body.slice(0, 500),
      );
    }
    return parseUpstreamJson(schema, res.body, ctx);
  }

  return {
    async searchChannels(q, { limit, regionCode, relevanceLanguage, signal }) {
      const params: Record<string, string> = {
        part: "snippet",
        type: "channel",
        q,
        maxResults: String(Math.min(limit, 50)),
      };
      if (regionCode) params.regionCode = regionCode;
      if (relevanceLanguage) params.relevanceLanguage = relevanceLanguage;
      const list = await call(
        "search",
        params,
        searchListSchema,
        { service: SERVICE, subject: `channels for "${q}"`, what: "search.list" },
        signal,
      );
      const ids = list.items.map((i) => i.id.channelId).filter((id): id is string => Boolean(id));
      return [...new Set(ids)].slice(0, limit);
    },

    async readChannels(ids, { signal, onBatch }) {
      const out: ProfileSnapshot[] = [];
      for (let i = 0; i < ids.length; i += CHANNELS_BATCH) {
        const batch = ids.slice(i, i + CHANNELS_BATCH);
        const list = await call(
          "channels",
          {
            part: "snippet,statistics,brandingSettings,topicDetails,contentDetails",
            id: batch.join(","),
            maxResults: String(CHANNELS_BATCH),
          },
          channelListSchema,
          { service: SERVICE, subject: `${batch.length} channels`, what: "channels.list" },
          signal,
        );
        onBatch?.();
        for (const channel of list.items) out.push(snapshotOf(channel, opts.now()));
      }
      return out;
    },
  };
}

function snapshotOf(channel: z.output<typeof channelSchema>, now: Date): ProfileSnapshot {
  const stats = channel.statistics;
  const hidden = stats?.hiddenSubscriberCount === true;
  const thumbs = channel.snippet.thumbnails;
  const topics = (channel.topicDetails?.topicCategories ?? []).map(topicName).filter(Boolean);
  return {
    platform: "youtube",
    // The handle reports use (customUrl), else the channel id: a later report updates this same row.
    username: stripAt(channel.snippet.customUrl ?? "") || channel.id,
    name: channel.snippet.title,
    bio: channel.snippet.description,
    verified: null,
    isPrivate: false,
    category: topics.length > 0 ? topics.join(", ").slice(0, 200) : null,
    avatarUrl: (thumbs?.high ?? thumbs?.medium ?? thumbs?.default)?.url ?? null,
    externalUrl: null,
    followers: hidden ? 0 : (stats?.subscriberCount ?? 0),
    following: null,
    postsCount: stats?.videoCount ?? null,
    fetchedAt: now.toISOString(),
    source: "youtube-api",
    posts: [],
    channelId: channel.id,
    country: channel.snippet.country ?? channel.brandingSettings?.channel?.country ?? null,
    keywords: channel.brandingSettings?.channel?.keywords ?? null,
    totalViews: stats?.viewCount ?? null,
  } as ProfileSnapshot;
}

function formatReset(at: Date, now: Date): string {
  const mins = Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));
  const h = Math.floor(mins / 60);
  const wait = h > 0 ? `${h} h ${mins % 60} min` : `${mins} min`;
  return `${at.toISOString().slice(11, 16)} UTC (midnight Pacific time), in ${wait}`;
}

/** The Data API search as a source: one search.list from the daily budget, channels.list per 50. */
export function createYouTubeApiSearch(client: YouTubeSearchClient, budget: SearchBudget): SearchSource {
  return {
    name: "youtube-api",
    platform: "youtube",
    billed: false,
    noun: "channels",
    costNote: () =>
      `One of today's ${budget.limit} YouTube searches (YOUTUBE_SEARCH_DAILY_BUDGET) and 1 quota unit per 50 channels read.`,
    budget: async () => ({
      name: "YOUTUBE_SEARCH_DAILY_BUDGET",
      limit: budget.limit,
      used: await budget.used(),
    }),
    admit: (_criteria, now) =>
      admitFromBudget(
        budget,
        now,
        (resetsAt) =>
          `Today's YouTube search budget (${budget.limit} searches, YOUTUBE_SEARCH_DAILY_BUDGET) is spent; it resets at ${formatReset(resetsAt, now)}.`,
      ),
    async search(criteria, ctx) {
      ctx.spent["youtube.search"] = 1;
      ctx.spent["youtube.channels"] = 0;
      await ctx.progress({ message: `Searching YouTube for “${criteria.q}”…` });
      const ids = await client.searchChannels(criteria.q, {
        limit: criteria.limit ?? 50,
        ...searchLocale(criteria.targetMarkets ?? []),
        signal: ctx.signal,
      });
      await ctx.progress({
        found: ids.length,
        message: `Found ${plural(ids.length, "channel", "channels")}; reading their profile figures…`,
      });
      return client.readChannels(ids, {
        signal: ctx.signal,
        onBatch: () => {
          ctx.spent["youtube.channels"] = (ctx.spent["youtube.channels"] ?? 0) + 1;
        },
      });
    },
  };
}
