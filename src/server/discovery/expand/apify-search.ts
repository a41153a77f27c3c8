/**
 * "Find more on Instagram / TikTok" with APIFY_TOKEN (issue #35 item 1): the providers' search and
 * hashtag actors through Apify's run-sync endpoint (the collectors' one client: token in a header, a
 * time budget, `maxItems` capping what a pay-per-result actor may charge). Authors become accounts
 * with profile figures only. Every search is capped at APIFY_MAX_ITEMS_PER_SEARCH dataset items in
 * all, which the sources endpoint says before the user confirms.
 *
 * - Instagram, words: `apify/instagram-search-scraper` {search, searchType: "user", searchLimit} →
 *   one profile item per account (username, fullName, biography, followersCount, …).
 * - Instagram, "#hashtag": `apify/instagram-hashtag-scraper` {hashtags, resultsType: "posts",
 *   resultsLimit} → posts with ownerUsername; then `apify/instagram-profile-scraper` {usernames} for
 *   the owners' profiles (half of the cap each, so the whole search stays within it).
 * - TikTok: `clockworks/tiktok-scraper` {searchQueries | hashtags, resultsPerPage} → videos with
 *   authorMeta {name, nickName, fans, following, heart, video, signature, verified, region}.
 */
import { z } from "zod";
import { instagramCategory } from "#core/platform-json/instagram";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import {
  type ApifyCollectorOptions,
  INSTAGRAM_APIFY_ACTOR,
  runApifyActor,
  tiktokAuthorProfile,
  ttAuthorSchema,
} from "../../collectors/apify";
import { validateUpstream } from "../../collectors/upstream-json";
import { UpstreamUnreachableError, ValidationError } from "../../errors";
import { type ExpandCriteria, plural, type SearchRunContext, type SearchSource } from "./search-source";

export const INSTAGRAM_SEARCH_ACTOR = "apify/instagram-search-scraper";
export const INSTAGRAM_HASHTAG_ACTOR = "apify/instagram-hashtag-scraper";
export const TIKTOK_SEARCH_ACTOR = "clockworks/tiktok-scraper";

const count = z.number().finite().nonnegative();

const igProfileSchema = z.looseObject({
  id: z.string().nullish(),
  username: z.string().min(1),
  fullName: z.string().nullish(),
  biography: z.string().nullish(),
  followersCount: count,
  followsCount: count.nullish(),
  postsCount: count.nullish(),
  verified: z.boolean().nullish(),
  private: z.boolean().nullish(),
  isBusinessAccount: z.boolean().nullish(),
  businessCategoryName: z.string().nullish(),
  externalUrl: z.string().nullish(),
  profilePicUrlHD: z.string().nullish(),
  profilePicUrl: z.string().nullish(),
});

const igPostOwnerSchema = z.looseObject({ ownerUsername: z.string().min(1) });

const ttVideoSchema = z.looseObject({ authorMeta: ttAuthorSchema });

/** "#veganrecipes" → "veganrecipes"; null when the query is words (not one hashtag). */
export function hashtagOf(q: string): string | null {
  const t = q.trim();
  if (!t.startsWith("#")) return null;
  return t.slice(1).normalize("NFC");
}

export const HASHTAG = /^[\p{L}\p{N}_]{1,100}$/u;

function checkHashtag(q: string): void {
  const tag = hashtagOf(q);
  if (tag !== null && !HASHTAG.test(tag))
    throw new ValidationError(
      "query: a hashtag search is one # followed by letters, digits or _ (e.g. #veganrecipes)",
      "query",
    );
}

/** Items that parse: a changed shape when none does, the provider's failure when there are none. */
function readItems<S extends z.ZodType>(
  schema: S,
  items: unknown[],
  run: { ctx: Parameters<typeof validateUpstream>[2]; body: string; actor: string; what: string },
): z.output<S>[] {
  const usable = items.filter((i) => i && typeof i === "object" && !("error" in i));
  const out: z.output<S>[] = [];
  for (const i of usable) {
    const parsed = schema.safeParse(i);
    if (parsed.success) out.push(parsed.data);
  }
  if (out.length === 0 && usable.length > 0) validateUpstream(schema, usable[0], run.ctx, run.body);
  if (out.length === 0 && items.length > 0) {
    const err = items[0] as { error?: unknown; errorDescription?: unknown };
    throw new UpstreamUnreachableError(
      `Apify's ${run.actor} could not ${run.what}: ${String(err.errorDescription ?? err.error).slice(0, 160)}`,
    );
  }
  return out;
}

function igSnapshot(p: z.output<typeof igProfileSchema>, fetchedAt: string): ProfileSnapshot {
  return {
    platform: "instagram",
    username: p.username,
    name: p.fullName ?? "",
    bio: p.biography ?? "",
    verified: p.verified === true,
    isPrivate: p.private === true,
    category: instagramCategory(p.businessCategoryName),
    avatarUrl: p.profilePicUrlHD ?? p.profilePicUrl ?? null,
    externalUrl: p.externalUrl || null,
    followers: p.followersCount,
    following: p.followsCount ?? null,
    postsCount: p.postsCount ?? null,
    fetchedAt,
    source: "instagram-apify",
    official: false,
    posts: [],
    isBusiness: p.isBusinessAccount ?? null,
    platformUserId: p.id ?? null,
  };
}

export interface ApifySearchOptions extends ApifyCollectorOptions {
  /** APIFY_MAX_ITEMS_PER_SEARCH: dataset items one search may use, in all. */
  maxItems: number;
  now: () => number;
}

export function createApifySearch(
  platform: "instagram" | "tiktok",
  options: ApifySearchOptions,
): SearchSource {
  const label = platform === "instagram" ? "Instagram" : "TikTok";
  const at = () => new Date(options.now()).toISOString();

  async function run(
    actor: string,
    input: object,
    maxItems: number,
    criteria: ExpandCriteria,
    ctx: SearchRunContext,
  ) {
    await ctx.progress({ message: `Running Apify's ${actor} for “${criteria.q}”…` });
    const result = await runApifyActor(options, {
      actor,
      input,
      maxItems,
      subject: `“${criteria.q}”`,
      label,
      signal: ctx.signal,
    });
    ctx.spent["apify.runs"] = (ctx.spent["apify.runs"] ?? 0) + 1;
    ctx.spent["apify.items"] = (ctx.spent["apify.items"] ?? 0) + result.items.length;
    return { ...result, actor };
  }

  async function instagram(criteria: ExpandCriteria, ctx: SearchRunContext): Promise<ProfileSnapshot[]> {
    const limit = Math.min(criteria.limit ?? options.maxItems, options.maxItems);
    const tag = hashtagOf(criteria.q);
    if (tag === null) {
      const r = await run(
        INSTAGRAM_SEARCH_ACTOR,
        { search: criteria.q, searchType: "user", searchLimit: limit },
        limit,
        criteria,
        ctx,
      );
      const profiles = readItems(igProfileSchema, r.items, { ...r, what: "search Instagram users" });
      return profiles.map((p) => igSnapshot(p, at()));
    }
    // Owners of the hashtag's top posts, then their profiles: half of the item cap each.
    const half = Math.max(1, Math.floor(options.maxItems / 2));
    const posts = await run(
      INSTAGRAM_HASHTAG_ACTOR,
      { hashtags: [tag], resultsType: "posts", resultsLimit: half },
      half,
      criteria,
      ctx,
    );
    const owners = [
      ...new Set(
        readItems(igPostOwnerSchema, posts.items, { ...posts, what: `read #${tag}` }).map((p) =>
          p.ownerUsername.toLowerCase(),
        ),
      ),
    ].slice(0, Math.min(limit, options.maxItems - half));
    if (owners.length === 0) return [];
    await ctx.progress({
      found: owners.length,
      message: `Found ${plural(owners.length, "account", "accounts")} posting #${tag}; reading their profiles…`,
    });
    const r = await run(INSTAGRAM_APIFY_ACTOR, { usernames: owners }, owners.length, criteria, ctx);
    return readItems(igProfileSchema, r.items, { ...r, what: "read the owners' profiles" }).map((p) =>
      igSnapshot(p, at()),
    );
  }

  async function tiktok(criteria: ExpandCriteria, ctx: SearchRunContext): Promise<ProfileSnapshot[]> {
    // Items are videos (an author may have several): the whole cap, then the first `limit` authors.
    const limit = criteria.limit ?? options.maxItems;
    const tag = hashtagOf(criteria.q);
    const input = {
      ...(tag === null ? { searchQueries: [criteria.q] } : { hashtags: [tag] }),
      resultsPerPage: options.maxItems,
      shouldDownloadVideos: false,
      shouldDownloadCovers: false,
      shouldDownloadSubtitles: false,
      shouldDownloadSlideshowImages: false,
      shouldDownloadAvatars: false,
    };
    const r = await run(TIKTOK_SEARCH_ACTOR, input, options.maxItems, criteria, ctx);
    const videos = readItems(ttVideoSchema, r.items, { ...r, what: "search TikTok" });
    const authors = new Map<string, ProfileSnapshot>();
    for (const v of videos) {
      const key = v.authorMeta.name.toLowerCase();
      if (!authors.has(key)) authors.set(key, tiktokAuthorProfile(v.authorMeta, at()));
    }
    return [...authors.values()].slice(0, limit);
  }

  return {
    name: `${platform}-apify`,
    platform,
    billed: true,
    noun: "accounts",
    costNote: () =>
      `Runs Apify's ${platform === "instagram" ? "Instagram search (or, for a #hashtag, hashtag and profile) actors" : `${TIKTOK_SEARCH_ACTOR} actor`} on your APIFY_TOKEN: may use up to ${options.maxItems} Apify items (APIFY_MAX_ITEMS_PER_SEARCH), billed by Apify.`,
    async admit(criteria) {
      checkHashtag(criteria.q);
      if (platform === "instagram" && hashtagOf(criteria.q) !== null && options.maxItems < 2)
        throw new ValidationError(
          "query: a #hashtag search on Instagram reads posts and then their owners' profiles, which needs APIFY_MAX_ITEMS_PER_SEARCH of at least 2; search words instead",
          "query",
        );
      return { ok: true };
    },
    search: (criteria, ctx) => (platform === "instagram" ? instagram(criteria, ctx) : tiktok(criteria, ctx)),
  };
}
