/**
 * "Find more on Instagram" through the Instagram Graph API (issue #35 item 1), with the operator's
 * INSTAGRAM_ACCESS_TOKEN and INSTAGRAM_BUSINESS_ACCOUNT_ID: official and unbilled, but narrow.
 *
 * 1. `ig_hashtag_search?user_id=&q=` finds the hashtag's id. A "#hashtag" query is searched as is;
 *    words are joined into one ("vegan recipes" → #veganrecipes), as Graph searches hashtags only.
 *    Graph allows 30 distinct hashtags per business account in a rolling 7 days: the budget is taken
 *    before the job is queued (hashtag-budget.ts), and a refusal says when a hashtag frees up.
 * 2. `{hashtag-id}/top_media` reads the hashtag's top posts. Graph does not say who posted them, so
 * 3. the accounts @mentioned in their captions, most mentioned first, are looked up one by one with
 *    `business_discovery`: their profile figures, when they are business or creator accounts (personal
 *    accounts are invisible to it and are skipped).
 * Profile figures only: no engagement is measured or invented.
 */
import { z } from "zod";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { HttpClient } from "../../collectors/http";
import { businessDiscovery, graphGet, type InstagramGraphOptions } from "../../collectors/instagram-graph";
import type { CollectorLogger } from "../../collectors/types";
import { parseUpstreamJson, type UpstreamContext } from "../../collectors/upstream-json";
import { ValidationError } from "../../errors";
import { mentionsIn } from "../growth/pointers";
import { HASHTAG, hashtagOf } from "./apify-search";
import type { HashtagBudget } from "./hashtag-budget";
import { type ExpandCriteria, plural, type SearchRunContext, type SearchSource } from "./search-source";

/** Top posts read per search (Graph's page size for top_media). */
export const TOP_MEDIA_LIMIT = 50;

const hashtagSearchSchema = z.looseObject({
  data: z.array(z.looseObject({ id: z.string() })).default([]),
});
const topMediaSchema = z.looseObject({
  data: z.array(z.looseObject({ id: z.string(), caption: z.string().nullish() })).default([]),
});

/** The hashtag Graph is asked for: "#veganrecipes" as is, words joined; null when none is left. */
export function graphHashtag(q: string): string | null {
  const tag = (hashtagOf(q) ?? q.normalize("NFC").replace(/[^\p{L}\p{N}_]+/gu, "")).toLowerCase();
  return HASHTAG.test(tag) ? tag : null;
}

/** Handles @mentioned in the captions, most mentioned first (ties: first seen). */
export function mentionedHandles(captions: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const caption of captions)
    for (const h of new Set(mentionsIn("instagram", caption))) counts.set(h, (counts.get(h) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([h]) => h);
}

export interface InstagramGraphSearchOptions {
  http: HttpClient;
  baseUrl: string;
  accessToken: string;
  businessAccountId: string;
  version?: string;
  logger?: CollectorLogger;
  budget: HashtagBudget;
  now: () => number;
}

export function createInstagramGraphSearch(options: InstagramGraphSearchOptions): SearchSource {
  const graph: InstagramGraphOptions & { accessToken: string } = options;
  const userId = options.businessAccountId;

  async function search(criteria: ExpandCriteria, ctx: SearchRunContext): Promise<ProfileSnapshot[]> {
    const tag = graphHashtag(criteria.q)!;
    const context = (what: string): UpstreamContext => ({
      service: "Instagram",
      subject: `#${tag}`,
      what,
      logger: options.logger,
    });
    await ctx.progress({ message: `Looking up #${tag} with the Instagram Graph API…` });
    const found = await graphGet(
      graph,
      "ig_hashtag_search",
      { user_id: userId, q: tag },
      context("hashtag search"),
      ctx.signal,
    );
    ctx.spent["instagram.hashtags"] = 1;
    const hashtagId =
      found === null
        ? undefined
        : parseUpstreamJson(hashtagSearchSchema, found, context("hashtag search")).data[0]?.id;
    if (!hashtagId) {
      await ctx.progress({ found: 0, message: `Instagram has no hashtag #${tag}.` });
      return [];
    }

    const media = await graphGet(
      graph,
      `${encodeURIComponent(hashtagId)}/top_media`,
      {
        user_id: userId,
        fields: "id,caption,media_type,permalink,timestamp",
        limit: String(TOP_MEDIA_LIMIT),
      },
      context("hashtag top media"),
      ctx.signal,
    );
    ctx.spent["instagram.media_pages"] = 1;
    const posts =
      media === null ? [] : parseUpstreamJson(topMediaSchema, media, context("hashtag top media")).data;
    const handles = mentionedHandles(posts.map((p) => p.caption ?? "")).slice(
      0,
      criteria.limit ?? TOP_MEDIA_LIMIT,
    );
    if (handles.length === 0) {
      await ctx.progress({
        found: 0,
        message: `The ${plural(posts.length, "top post", "top posts")} of #${tag} mention no accounts to look up.`,
      });
      return [];
    }
    await ctx.progress({
      found: handles.length,
      message: `Found ${plural(handles.length, "account", "accounts")} mentioned in the top posts of #${tag}; reading their profiles…`,
    });

    const out: ProfileSnapshot[] = [];
    for (const [i, handle] of handles.entries()) {
      const profile = await businessDiscovery(graph, handle, { signal: ctx.signal, now: options.now });
      ctx.spent["instagram.lookups"] = i + 1;
      if (profile) out.push({ ...profile, official: true });
      if ((i + 1) % 10 === 0 && i + 1 < handles.length)
        await ctx.progress({ message: `Read ${i + 1} of ${handles.length} profiles mentioned in #${tag}…` });
    }
    return out;
  }

  return {
    name: "instagram-graph",
    platform: "instagram",
    billed: false,
    noun: "accounts",
    costNote: () =>
      `Uses the Instagram Graph API on your business account: the search is one hashtag (words are joined into one), one of ${options.budget.limit} distinct hashtags Instagram allows per 7 days (searching it again within them is free); then one business_discovery lookup per account mentioned in its top posts. Only business and creator accounts can be read.`,
    budget: async () => ({
      name: "instagram-hashtags",
      limit: options.budget.limit,
      used: await options.budget.used(),
    }),
    async admit(criteria) {
      const tag = graphHashtag(criteria.q);
      if (tag === null)
        throw new ValidationError(
          "query: the Instagram Graph API searches one hashtag, made of letters, digits or _ (e.g. #veganrecipes)",
          "query",
        );
      const taken = await options.budget.take(tag);
      if (!taken.ok) {
        const now = options.now();
        return {
          ok: false,
          message: `Instagram allows ${options.budget.limit} distinct hashtags per 7 days for this business account, and all are used; #${tag} can be searched from ${taken.resetsAt.toISOString()}.`,
          retryAfterSec: Math.max(1, Math.ceil((taken.resetsAt.getTime() - now) / 1000)),
        };
      }
      return taken.counted ? { ok: true, undo: () => options.budget.giveBack(tag) } : { ok: true };
    },
    search,
  };
}
