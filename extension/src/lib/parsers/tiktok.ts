/**
 * TikTok: the `__UNIVERSAL_DATA_FOR_REHYDRATION__` script of a profile page (webapp.user-detail and
 * the item list it or webapp.user-post carries), or the older `SIGI_STATE`, read from the page the
 * user has open (or the same page fetched again in their session after in-app navigation).
 */
import { z } from "zod";
import type { ProfileSnapshot, SnapshotPost } from "../../../../src/core/schemas/snapshot";
import { CaptureError } from "../capture-error";
import { extractScriptById, parsePageJson } from "../page-data";
import { CAPTURE_SOURCE, finishSnapshot, newestPosts } from "../snapshot";

/** webapp.user-detail status codes that mean "no such user" (10202) or "banned" (10221). */
const NOT_FOUND_CODES = new Set([10202, 10221]);

/** The handle of a tiktok.com profile path ("/@examplecreator", "/@examplecreator/"). */
export function tiktokHandleFromPath(pathname: string): string | undefined {
  const m = /^\/@([\w.]{1,60})\/?$/.exec(pathname);
  return m?.[1];
}

const num = z.union([z.number().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);

const userSchema = z.looseObject({
  id: z.string().optional(),
  uniqueId: z.string().min(1),
  nickname: z.string().nullish(),
  signature: z.string().nullish(),
  verified: z.boolean().nullish(),
  privateAccount: z.boolean().nullish(),
  secret: z.boolean().nullish(),
  avatarLarger: z.string().nullish(),
  avatarMedium: z.string().nullish(),
  bioLink: z.looseObject({ link: z.string().nullish() }).nullish(),
  region: z.string().nullish(),
});

const statsSchema = z.looseObject({
  followerCount: num,
  followingCount: num.nullish(),
  heartCount: num.nullish(),
  heart: num.nullish(),
  videoCount: num.nullish(),
});

const itemStatsSchema = z.looseObject({
  playCount: num.nullish(),
  diggCount: num.nullish(),
  commentCount: num.nullish(),
  shareCount: num.nullish(),
  collectCount: num.nullish(),
});

const itemSchema = z.looseObject({
  id: z.string().min(1),
  desc: z.string().nullish(),
  createTime: num,
  isAd: z.boolean().nullish(),
  video: z.looseObject({ duration: num.nullish() }).nullish(),
  imagePost: z.unknown().optional(),
  stats: itemStatsSchema.nullish(),
  statsV2: itemStatsSchema.nullish(),
});

const detailSchema = z.looseObject({
  statusCode: z.number().optional(),
  userInfo: z
    .looseObject({
      user: z.unknown().optional(),
      stats: z.unknown().optional(),
      statsV2: z.unknown().optional(),
      itemList: z.array(z.unknown()).optional(),
    })
    .optional(),
  itemList: z.array(z.unknown()).optional(),
});

function itemToPost(raw: unknown, handle: string): SnapshotPost | undefined {
  const parsed = itemSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const item = parsed.data;
  type Key = "playCount" | "diggCount" | "commentCount" | "shareCount" | "collectCount";
  const pick = (k: Key): number | null => item.stats?.[k] ?? item.statsV2?.[k] ?? null;
  return {
    id: item.id,
    type: item.imagePost ? "carousel" : "video",
    caption: item.desc ?? null,
    postedAt: new Date(item.createTime * 1000).toISOString(),
    views: pick("playCount"),
    likes: pick("diggCount"),
    comments: pick("commentCount"),
    shares: pick("shareCount"),
    durationSec: item.video?.duration ?? null,
    saves: pick("collectCount"),
    isAd: item.isAd ?? null,
    url: `https://www.tiktok.com/@${handle}/video/${item.id}`,
  };
}

interface Extracted {
  code: number;
  user: unknown;
  stats: unknown;
  items: unknown[];
}

function fromUniversal(json: unknown): Extracted | undefined {
  const scope = (json as { __DEFAULT_SCOPE__?: Record<string, unknown> } | null)?.__DEFAULT_SCOPE__;
  const detail = detailSchema.safeParse(scope?.["webapp.user-detail"]);
  if (!detail.success || scope?.["webapp.user-detail"] === undefined) return undefined;
  const postScope = scope?.["webapp.user-post"] as { itemList?: unknown } | undefined;
  const fromPostScope = Array.isArray(postScope?.itemList) ? (postScope.itemList as unknown[]) : [];
  return {
    code: detail.data.statusCode ?? 0,
    user: detail.data.userInfo?.user,
    stats: detail.data.userInfo?.stats ?? detail.data.userInfo?.statsV2,
    items: detail.data.itemList ?? detail.data.userInfo?.itemList ?? fromPostScope,
  };
}

function fromSigi(json: unknown, handle: string): Extracted | undefined {
  const data = json as {
    UserPage?: { statusCode?: number };
    UserModule?: { users?: Record<string, unknown>; stats?: Record<string, unknown> };
    ItemModule?: Record<string, unknown>;
  } | null;
  if (!data || typeof data !== "object") return undefined;
  const users = data.UserModule?.users ?? {};
  const key =
    Object.keys(users).find((k) => k.toLowerCase() === handle.toLowerCase()) ?? Object.keys(users)[0];
  return {
    code: data.UserPage?.statusCode ?? 0,
    user: key === undefined ? undefined : users[key],
    stats: key === undefined ? undefined : data.UserModule?.stats?.[key],
    items: Object.values(data.ItemModule ?? {}),
  };
}

/**
 * A TikTok profile page's HTML → a ProfileSnapshot. `handle` is the one in the address bar: a page
 * whose data is for someone else (TikTok navigates in-app without reloading) is refused, so the
 * caller can fetch the page afresh.
 */
export function parseTikTokPage(
  html: string,
  handle: string,
  now: Date,
  /** Videos the page fetched itself after loading (page-hook.ts); only this profile's are used. */
  loadedItems: readonly unknown[] = [],
): ProfileSnapshot {
  const universal = extractScriptById(html, "__UNIVERSAL_DATA_FOR_REHYDRATION__");
  const sigi = universal === undefined ? extractScriptById(html, "SIGI_STATE") : undefined;
  if (universal === undefined && sigi === undefined)
    throw new CaptureError(
      `This TikTok page has no profile data for @${handle} (TikTok may be showing a verification page). Reload the page and try again.`,
      "no-profile-data",
    );
  const extracted =
    universal !== undefined
      ? fromUniversal(parsePageJson(universal, "TikTok profile data"))
      : fromSigi(parsePageJson(sigi ?? "", "TikTok profile data"), handle);
  if (!extracted)
    throw new CaptureError(
      `This TikTok page's data has no profile (webapp.user-detail) for @${handle}; reload the page and try again.`,
      "no-profile-data",
    );
  if (NOT_FOUND_CODES.has(extracted.code))
    throw new CaptureError(
      `TikTok says there is no account @${handle} (it may have been removed or banned).`,
      "not-found",
    );
  const user = userSchema.safeParse(extracted.user);
  const stats = statsSchema.safeParse(extracted.stats);
  if (!user.success || !stats.success)
    throw new CaptureError(
      `This TikTok page's profile data for @${handle} has an unexpected shape (${user.success ? "stats" : "user"}); the site may have changed. Nothing was sent.`,
      "unexpected-shape",
    );
  if (user.data.uniqueId.toLowerCase() !== handle.toLowerCase())
    throw new CaptureError(
      `This TikTok page holds data for @${user.data.uniqueId}, not @${handle}.`,
      "stale-page-data",
    );
  const isPrivate = user.data.privateAccount === true || user.data.secret === true;
  const uniqueId = user.data.uniqueId;
  const toPosts = (items: readonly unknown[]) =>
    items.map((i) => itemToPost(i, uniqueId)).filter((p) => p !== undefined);
  const fromHtml = isPrivate ? [] : toPosts(extracted.items);
  const byThisProfile = (i: unknown) => {
    const author = (i as { author?: { uniqueId?: unknown } } | null)?.author?.uniqueId;
    return typeof author === "string" && author.toLowerCase() === uniqueId.toLowerCase();
  };
  const fromRequests = isPrivate ? [] : toPosts(loadedItems.filter(byThisProfile));
  const posts = [...fromHtml, ...fromRequests];
  const s = stats.data;
  return finishSnapshot(
    {
      platform: "tiktok",
      username: user.data.uniqueId,
      name: user.data.nickname ?? "",
      bio: user.data.signature ?? "",
      verified: user.data.verified === true,
      isPrivate,
      avatarUrl: user.data.avatarLarger ?? user.data.avatarMedium ?? null,
      externalUrl: user.data.bioLink?.link || null,
      followers: s.followerCount,
      following: s.followingCount ?? null,
      postsCount: s.videoCount ?? null,
      fetchedAt: now.toISOString(),
      source: CAPTURE_SOURCE,
      capturedFrom: "tiktok profile page",
      postsVia: fromHtml.length > 0 ? "profile-page" : fromRequests.length > 0 ? "page-requests" : "none",
      official: false,
      posts: newestPosts(posts),
      totalLikes: s.heartCount ?? s.heart ?? null,
      region: user.data.region ?? null,
      platformUserId: user.data.id ?? null,
    },
    "TikTok",
  );
}
