/**
 * The search sources this server can use for "Find more on {platform}" (issue #35 item 1), best first
 * per platform, from the configuration and the collector chain: a source searches only where its
 * collector is among COLLECTORS, so an operator who turned a strategy off is not searched through it.
 * YouTube: the Data API with YOUTUBE_API_KEY first, else youtubei.js (keyless). TikTok: Apify's search
 * actors with APIFY_TOKEN. Instagram: the Graph API's hashtag search with INSTAGRAM_ACCESS_TOKEN and
 * INSTAGRAM_BUSINESS_ACCOUNT_ID first (official, unbilled, 30 hashtags a week), then Apify's search
 * actors with APIFY_TOKEN; a request may name either (`source`).
 */
import type { Redis } from "ioredis";
import type { Collectors } from "../../collectors";
import type { SourceHealthStore } from "../../collectors/source-health";
import type { AppConfig } from "../../config";
import type { AppDb } from "../../db/database";
import { createApifySearch } from "./apify-search";
import { createHashtagBudget } from "./hashtag-budget";
import { createInstagramGraphSearch } from "./instagram-graph-search";
import { createSearchBudget } from "./search-budget";
import type { SearchSource } from "./search-source";
import { createYouTubeKeylessSearch } from "./youtube-keyless-search";
import { createYouTubeApiSearch, createYouTubeSearchClient } from "./youtube-search";

export function createSearchSources(deps: {
  config: AppConfig;
  collectors: Pick<Collectors, "collectors" | "http">;
  health: SourceHealthStore;
  db: AppDb;
  redis?: Redis;
  now: () => Date;
}): SearchSource[] {
  const { config, collectors, now } = deps;
  const has = (id: string) => collectors.collectors.some((c) => c.id === id);
  const sources: SearchSource[] = [];
  if (config.youtubeApiKey && has("youtube-api")) {
    const client = createYouTubeSearchClient({
      http: collectors.http.youtube,
      baseUrl: config.upstreams.youtubeApi,
      apiKey: config.youtubeApiKey,
      now,
    });
    const budget = createSearchBudget({
      name: "youtube-search",
      limit: config.discoveryReach.youtubeSearchDailyBudget,
      now,
      db: deps.db,
      redis: deps.redis,
      redisKeyPrefix: config.redisKeyPrefix,
    });
    sources.push(createYouTubeApiSearch(client, budget));
  }
  if (has("youtube-innertube"))
    sources.push(
      createYouTubeKeylessSearch({
        http: collectors.http.youtube,
        baseUrl: config.upstreams.youtubeInnertube,
        health: deps.health,
        perMinute: config.sourcePacePerMinute,
        now,
      }),
    );
  if (config.instagramAccessToken && config.instagramBusinessAccountId && has("instagram-graph"))
    sources.push(
      createInstagramGraphSearch({
        http: collectors.http.instagram,
        baseUrl: config.upstreams.instagramGraph,
        accessToken: config.instagramAccessToken,
        businessAccountId: config.instagramBusinessAccountId,
        version: config.instagramGraphVersion,
        budget: createHashtagBudget({
          db: deps.db,
          businessAccountId: config.instagramBusinessAccountId,
          now,
        }),
        now: () => now().getTime(),
      }),
    );
  for (const platform of ["instagram", "tiktok"] as const) {
    if (!config.apify.token || !has(`${platform}-apify`)) continue;
    sources.push(
      createApifySearch(platform, {
        http: collectors.http.apify,
        baseUrl: config.apify.baseUrl,
        token: config.apify.token,
        timeoutSec: config.apify.timeoutSec,
        maxItems: config.apify.maxItemsPerSearch,
        now: () => now().getTime(),
      }),
    );
  }
  return sources;
}
