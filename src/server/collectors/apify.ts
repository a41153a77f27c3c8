/**
 * Apify as a data provider (issue 19 §8): "instagram-apify" runs the actor
 * `apify/instagram-profile-scraper`, "tiktok-apify" runs `clockworks/tiktok-profile-scraper`, both
 * through `POST {APIFY_BASE_URL}/v2/acts/{owner~name}/run-sync-get-dataset-items`, which starts a run,
 * waits for it (≤ 300 s on Apify's side) and answers with the run's dataset items.
 *
 * - The token goes in `Authorization: Bearer …`, never in the URL, so it cannot reach a log line.
 * - Each call has a time budget (APIFY_TIMEOUT_SECONDS): passed to Apify as the run's `timeout` so
 *   the run (and its bill) stops there, and used for our own request timeout plus a margin.
 * - `maxItems` caps what a pay-per-result actor may charge for.
 * - Errors come as `{error: {type, message}}`: 401/403 → the token (NotConfiguredError), 402 → the
 *   account's credit, 404 → the actor, 400 run-failed / 408 timeout → the run, 429 → rate limited.
 * - Cost: this endpoint reports none (its only headers are X-Apify-Pagination-*; the run object
 *   with `usageTotalUsd` is not returned), so `providerCost` is recorded as unreported.
 * - An empty dataset, or an item carrying `error`, is not an authoritative "no such account": it is
 *   reported as the provider's failure and never cached as not found.
 */
import { z } from "zod";
import { stripAt } from "#core/handles";
import { instagramCategory } from "#core/platform-json/instagram";
import type { Platform } from "#core/schemas/platform";
import type { ProfileSnapshot, SnapshotPost } from "#core/schemas/snapshot";
import { NotConfiguredError, RateLimitedError, UpstreamUnreachableError } from "../errors";
import type { HttpClient } from "./http";
import { formatWait, truncateSample } from "./messages";
import type { Collector, CollectorLogger } from "./types";
import { parseJsonText, type UpstreamContext, upstreamChanged, validateUpstream } from "./upstream-json";

export const INSTAGRAM_APIFY_ACTOR = "apify/instagram-profile-scraper";
export const TIKTOK_APIFY_ACTOR = "clockworks/tiktok-profile-scraper";
const SERVICE = "Apify";
const MAX_POSTS = 30;

export interface ApifyCollectorOptions {
  http: HttpClient;
  baseUrl: string;
  token?: string;
  /** The run's budget in seconds (Apify's `timeout`); our request waits a little longer. */
  timeoutSec: number;
  logger?: CollectorLogger;
  now?: () => number;
}

/** What a snapshot records about the provider run. */
export interface ProviderRun {
  name: "apify";
  actor: string;
  /** USD for this report, when the provider reports it; null = not reported by the endpoint. */
  costUsd: number | null;
  costNote?: string;
  items: number;
}

const COST_NOTE = "Apify's run-sync-get-dataset-items endpoint does not report the run's cost";

const count = z.number().finite().nonnegative();
const nullableCount = count.nullish();

const errorBodySchema = z.looseObject({
  error: z.looseObject({ type: z.string().optional(), message: z.string().optional() }),
});

// --- Instagram: apify/instagram-profile-scraper --------------------------------------------------

const igPostSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().nullish(),
  productType: z.string().nullish(),
  shortCode: z.string().nullish(),
  url: z.string().nullish(),
  caption: z.string().nullish(),
  timestamp: z.string().refine((s) => !Number.isNaN(Date.parse(s)), "must be a date"),
  likesCount: z.number().nullish(),
  commentsCount: z.number().nullish(),
  videoViewCount: z.number().nullish(),
  videoPlayCount: z.number().nullish(),
  /** Accounts the post names: @mentions, collaborators (co-authors) and tagged users (issue #35). */
  mentions: z.array(z.string()).nullish(),
  coauthorProducers: z.array(z.looseObject({ username: z.string() })).nullish(),
  taggedUsers: z.array(z.looseObject({ username: z.string() })).nullish(),
});

const igProfileSchema = z.looseObject({
  id: z.string().nullish(),
  username: z.string().min(1),
  fullName: z.string().nullish(),
  biography: z.string().nullish(),
  followersCount: count,
  followsCount: nullableCount,
  postsCount: nullableCount,
  verified: z.boolean().nullish(),
  private: z.boolean().nullish(),
  isBusinessAccount: z.boolean().nullish(),
  businessCategoryName: z.string().nullish(),
  externalUrl: z.string().nullish(),
  profilePicUrlHD: z.string().nullish(),
  profilePicUrl: z.string().nullish(),
  latestPosts: z.array(z.unknown()).nullish(),
});

function igPostType(post: z.output<typeof igPostSchema>): SnapshotPost["type"] {
  const t = (post.type ?? "").toLowerCase();
  if (t === "sidecar") return "carousel";
  if (t === "video") return post.productType === "clips" ? "reel" : "video";
  return "photo";
}

function igPostToSnapshot(post: z.output<typeof igPostSchema>): SnapshotPost {
  const type = igPostType(post);
  // The actor reports hidden likes as -1 or omits them: unknown, never zero.
  const nonNegative = (n: number | null | undefined) => (n == null || n < 0 ? null : n);
  return {
    id: post.id,
    type,
    caption: post.caption ?? null,
    postedAt: new Date(Date.parse(post.timestamp)).toISOString(),
    likes: nonNegative(post.likesCount),
    comments: nonNegative(post.commentsCount),
    views:
      type === "video" || type === "reel" ? nonNegative(post.videoViewCount ?? post.videoPlayCount) : null,
    durationSec: null,
    // Kept for the index's growth (the accounts a post names); absent when there are none.
    ...(post.mentions?.length ? { mentions: post.mentions.slice(0, 50) } : {}),
    ...(post.coauthorProducers?.length
      ? { coauthors: post.coauthorProducers.slice(0, 50).map((u) => u.username) }
      : {}),
    ...(post.taggedUsers?.length
      ? { taggedUsers: post.taggedUsers.slice(0, 50).map((u) => u.username) }
      : {}),
    ...(post.url
      ? { url: post.url }
      : post.shortCode
        ? { url: `https://www.instagram.com/p/${post.shortCode}/` }
        : {}),
  };
}

// --- TikTok: clockworks/tiktok-profile-scraper ---------------------------------------------------

/** A TikTok video item's `authorMeta` (the profile actor's and the search actor's alike). */
export const ttAuthorSchema = z.looseObject({
  id: z.string().nullish(),
  name: z.string().min(1),
  nickName: z.string().nullish(),
  verified: z.boolean().nullish(),
  signature: z.string().nullish(),
  privateAccount: z.boolean().nullish(),
  avatar: z.string().nullish(),
  /** The profile's website link: a string in the actor's items (older runs: `{link}`). */
  bioLink: z.union([z.string(), z.looseObject({ link: z.string().nullish() })]).nullish(),
  /** The creator's declared region, a two-letter code ("US"). */
  region: z.string().nullish(),
  fans: count,
  following: nullableCount,
  heart: nullableCount,
  video: nullableCount,
});

/** A TikTok author's profile figures as a snapshot with no posts (the collector adds them). */
export function tiktokAuthorProfile(
  author: z.output<typeof ttAuthorSchema>,
  fetchedAt: string,
): ProfileSnapshot {
  return {
    platform: "tiktok",
    username: author.name,
    name: author.nickName ?? "",
    bio: author.signature ?? "",
    verified: author.verified === true,
    isPrivate: author.privateAccount === true,
    avatarUrl: author.avatar ?? null,
    externalUrl: (typeof author.bioLink === "string" ? author.bioLink : author.bioLink?.link) || null,
    region: author.region || null,
    followers: author.fans,
    following: author.following ?? null,
    postsCount: author.video ?? null,
    fetchedAt,
    source: "tiktok-apify",
    official: false,
    posts: [],
    totalLikes: author.heart ?? null,
    platformUserId: author.id ?? null,
  };
}

const ttItemSchema = z.looseObject({
  id: z.string().min(1),
  text: z.string().nullish(),
  createTimeISO: z.string().refine((s) => !Number.isNaN(Date.parse(s)), "must be a date"),
  diggCount: nullableCount,
  commentCount: nullableCount,
  shareCount: nullableCount,
  playCount: nullableCount,
  collectCount: nullableCount,
  isAd: z.boolean().nullish(),
  webVideoUrl: z.string().nullish(),
  videoMeta: z.looseObject({ duration: nullableCount }).nullish(),
  authorMeta: ttAuthorSchema,
});

/**
 * One run-sync call of an Apify actor: its dataset items, or the provider's error as ours (token,
 * credit, actor, run failure or timeout). `subject` names what the run was for in messages.
 */
export async function runApifyActor(
  options: ApifyCollectorOptions,
  run: {
    actor: string;
    input: object;
    maxItems: number;
    subject: string;
    label: string;
    signal?: AbortSignal;
  },
): Promise<{ items: unknown[]; provider: ProviderRun; ctx: UpstreamContext; body: string }> {
  const { actor, input, maxItems, subject, label, signal } = run;
  const base = options.baseUrl.replace(/\/+$/, "");
  if (!options.token)
    throw new NotConfiguredError(
      `Apify needs APIFY_TOKEN (an Apify API token) to fetch ${label} data for ${subject}; set it or remove the Apify source from COLLECTORS`,
    );
  const query = new URLSearchParams({
    timeout: String(options.timeoutSec),
    maxItems: String(maxItems),
    format: "json",
    clean: "true",
  });
  const res = await options.http.request({
    url: `${base}/v2/acts/${actor.replace("/", "~")}/run-sync-get-dataset-items?${query}`,
    service: SERVICE,
    subject,
    method: "POST",
    headers: {
      authorization: `Bearer ${options.token}`,
      "content-type": "application/json",
      accept: "application/json",
    },
    body: JSON.stringify(input),
    signal,
  });
  const ctx: UpstreamContext = { service: SERVICE, subject, what: `${actor} run`, logger: options.logger };
  if (res.status !== 200 && res.status !== 201) {
    const parsed = errorBodySchema.safeParse(safeJson(res.body));
    const type = parsed.success ? (parsed.data.error.type ?? "") : "";
    const detail = parsed.success ? truncateSample(parsed.data.error.message ?? "", 200) : "";
    options.logger?.warn(
      { service: SERVICE, actor, status: res.status, type, detail },
      "Apify run-sync request failed",
    );
    const why = detail ? `: ${detail}` : "";
    if (res.status === 401 || res.status === 403)
      throw new NotConfiguredError(
        `Apify refused APIFY_TOKEN (HTTP ${res.status}${type ? `, ${type}` : ""}), so ${label} data for ${subject} could not be fetched; check the token in the Apify console`,
      );
    if (res.status === 402)
      throw new NotConfiguredError(
        `The Apify account has no credit left for ${actor}${why}; ${label} data for ${subject} could not be fetched`,
      );
    if (res.status === 404) throw new NotConfiguredError(`Apify could not find the actor ${actor}${why}`);
    if (res.status === 408)
      throw new UpstreamUnreachableError(
        `Apify's ${actor} run for ${subject} did not finish within ${formatWait(options.timeoutSec)} (APIFY_TIMEOUT_SECONDS)`,
      );
    if (res.status === 400 && (type === "run-failed" || type === "run-aborted" || type === ""))
      throw new UpstreamUnreachableError(`Apify's ${actor} run for ${subject} failed${why}`);
    throw upstreamChanged(ctx, res.body, `HTTP ${res.status}`);
  }
  const items = validateUpstream(z.array(z.unknown()), parseJsonText(res.body, ctx), ctx, res.body);
  const provider: ProviderRun = {
    name: "apify",
    actor,
    costUsd: null,
    costNote: COST_NOTE,
    items: items.length,
  };
  return { items, provider, ctx, body: res.body };
}

export function createApifyCollector(
  platform: "instagram" | "tiktok",
  options: ApifyCollectorOptions,
): Collector {
  const now = options.now ?? Date.now;
  const actor = platform === "instagram" ? INSTAGRAM_APIFY_ACTOR : TIKTOK_APIFY_ACTOR;
  const id = platform === "instagram" ? "instagram-apify" : "tiktok-apify";
  const label = platform === "instagram" ? "Instagram" : "TikTok";

  async function run(handle: string, input: object, maxItems: number, signal?: AbortSignal) {
    if (!options.token)
      throw new NotConfiguredError(
        `The ${id} source needs APIFY_TOKEN (an Apify API token) to analyse @${handle}; set it or remove ${id} from COLLECTORS`,
      );
    return runApifyActor(options, { actor, input, maxItems, subject: `@${handle}`, label, signal });
  }

  function noData(handle: string, items: unknown[]): UpstreamUnreachableError {
    const err = items.find((i) => i && typeof i === "object" && "error" in i) as
      | { error?: unknown; errorDescription?: unknown }
      | undefined;
    const why = err ? ` (${truncateSample(String(err.errorDescription ?? err.error), 120)})` : "";
    return new UpstreamUnreachableError(
      `Apify's ${actor} returned no ${label} profile for @${handle}${why}; the account may not exist or be private, or the actor could not reach it`,
    );
  }

  async function instagram(handle: string, signal?: AbortSignal): Promise<ProfileSnapshot> {
    const { items, provider, ctx, body } = await run(handle, { usernames: [handle] }, 1, signal);
    const raw =
      items.find(
        (i) =>
          i &&
          typeof i === "object" &&
          String((i as { username?: unknown }).username).toLowerCase() === handle.toLowerCase(),
      ) ?? items.find((i) => i && typeof i === "object" && !("error" in i));
    if (!raw) throw noData(handle, items);
    const profile = validateUpstream(igProfileSchema, raw, ctx, body);
    const isPrivate = profile.private === true;
    const posts: SnapshotPost[] = [];
    let skipped = 0;
    if (!isPrivate)
      for (const p of profile.latestPosts ?? []) {
        const post = igPostSchema.safeParse(p);
        if (post.success) posts.push(igPostToSnapshot(post.data));
        else skipped++;
      }
    if (skipped > 0)
      options.logger?.warn(
        { service: SERVICE, actor, handle, skipped },
        "skipped Apify Instagram posts with an unexpected shape",
      );
    posts.sort((a, b) => Date.parse(b.postedAt) - Date.parse(a.postedAt));
    return {
      platform: "instagram",
      username: profile.username,
      name: profile.fullName ?? "",
      bio: profile.biography ?? "",
      verified: profile.verified === true,
      isPrivate,
      category: instagramCategory(profile.businessCategoryName),
      avatarUrl: profile.profilePicUrlHD ?? profile.profilePicUrl ?? null,
      externalUrl: profile.externalUrl || null,
      followers: profile.followersCount,
      following: profile.followsCount ?? null,
      postsCount: profile.postsCount ?? null,
      fetchedAt: new Date(now()).toISOString(),
      source: "instagram-apify",
      official: false,
      provider,
      posts: posts.slice(0, MAX_POSTS),
      isBusiness: profile.isBusinessAccount ?? null,
      platformUserId: profile.id ?? null,
    };
  }

  async function tiktok(handle: string, signal?: AbortSignal): Promise<ProfileSnapshot> {
    const input = {
      profiles: [handle],
      resultsPerPage: MAX_POSTS,
      profileSorting: "latest",
      profileScrapeSections: ["videos"],
      excludePinnedPosts: false,
      shouldDownloadVideos: false,
      shouldDownloadCovers: false,
      shouldDownloadSubtitles: false,
      shouldDownloadSlideshowImages: false,
      shouldDownloadAvatars: false,
    };
    const { items, provider, ctx, body } = await run(handle, input, MAX_POSTS, signal);
    const usable = items.filter((i) => i && typeof i === "object" && !("error" in i));
    if (usable.length === 0) throw noData(handle, items);
    const parsed: z.output<typeof ttItemSchema>[] = [];
    let skipped = 0;
    for (const i of usable) {
      const item = ttItemSchema.safeParse(i);
      if (item.success) parsed.push(item.data);
      else skipped++;
    }
    // Every item must be readable if none is: that is a changed shape, not a skipped video.
    if (parsed.length === 0) validateUpstream(ttItemSchema, usable[0], ctx, body);
    if (skipped > 0)
      options.logger?.warn(
        { service: SERVICE, actor, handle, skipped },
        "skipped Apify TikTok videos with an unexpected shape",
      );
    const author =
      parsed.find((p) => p.authorMeta.name.toLowerCase() === handle.toLowerCase())?.authorMeta ??
      parsed[0]!.authorMeta;
    const posts: SnapshotPost[] = parsed
      .filter((p) => p.authorMeta.name.toLowerCase() === author.name.toLowerCase())
      .map((p) => ({
        id: p.id,
        type: "video" as const,
        caption: p.text ?? null,
        postedAt: new Date(Date.parse(p.createTimeISO)).toISOString(),
        views: p.playCount ?? null,
        likes: p.diggCount ?? null,
        comments: p.commentCount ?? null,
        shares: p.shareCount ?? null,
        saves: p.collectCount ?? null,
        durationSec: p.videoMeta?.duration ?? null,
        isAd: p.isAd ?? null,
        ...(p.webVideoUrl ? { url: p.webVideoUrl } : {}),
      }))
      .sort((a, b) => Date.parse(b.postedAt) - Date.parse(a.postedAt))
      .slice(0, MAX_POSTS);
    const profile = tiktokAuthorProfile(author, new Date(now()).toISOString());
    return { ...profile, provider, posts: profile.isPrivate ? [] : posts };
  }

  return {
    id,
    kind: "live",
    official: false,
    // Apify runs the scraping on its own infrastructure and paces it: our pace is for our own IP.
    paced: false,
    platforms: [platform],
    async fetchSnapshot(p: Platform, rawHandle, { signal }) {
      if (p !== platform) return null;
      const handle = stripAt(rawHandle);
      try {
        return platform === "instagram" ? await instagram(handle, signal) : await tiktok(handle, signal);
      } catch (e) {
        if (e instanceof RateLimitedError)
          throw new RateLimitedError(
            `Apify is rate limiting this server while fetching @${handle}; try again in ${formatWait(e.retryAfterSec ?? 60)}`,
            e.retryAfterSec,
          );
        throw e;
      }
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
