/**
 * TikTok's public profile JSON (the `webapp.user-detail` of a profile page's
 * `__UNIVERSAL_DATA_FOR_REHYDRATION__`, or the older `SIGI_STATE`, and the item lists they carry)
 * read into snapshot fields and posts. One mapping for the server's tiktok-web collector and the
 * browser extension: each keeps its own I/O, error messages and `source`.
 */
import { z } from "zod";
import type { SnapshotPost } from "../schemas/snapshot";

/** webapp.user-detail status codes that mean "no such user" (10202) or "banned" (10221). */
export const TIKTOK_NOT_FOUND_CODES: ReadonlySet<number> = new Set([10202, 10221]);

/** A count TikTok sends as a number or as a string of digits. */
export const tiktokCount = z.union([z.number().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);

/** `userInfo.user` (or a `UserModule.users` entry). */
export const tiktokUserSchema = z.looseObject({
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
type TikTokUser = z.output<typeof tiktokUserSchema>;

/** `userInfo.stats` / `statsV2` (or a `UserModule.stats` entry). */
export const tiktokStatsSchema = z.looseObject({
  followerCount: tiktokCount,
  followingCount: tiktokCount.nullish(),
  heartCount: tiktokCount.nullish(),
  heart: tiktokCount.nullish(),
  videoCount: tiktokCount.nullish(),
});
type TikTokStats = z.output<typeof tiktokStatsSchema>;

const itemStatsSchema = z.looseObject({
  playCount: tiktokCount.nullish(),
  diggCount: tiktokCount.nullish(),
  commentCount: tiktokCount.nullish(),
  shareCount: tiktokCount.nullish(),
  collectCount: tiktokCount.nullish(),
});

/** A video of an item list. */
const tiktokItemSchema = z.looseObject({
  id: z.string().min(1),
  desc: z.string().nullish(),
  createTime: tiktokCount,
  isAd: z.boolean().nullish(),
  video: z.looseObject({ duration: tiktokCount.nullish() }).nullish(),
  imagePost: z.unknown().optional(),
  stats: itemStatsSchema.nullish(),
  statsV2: itemStatsSchema.nullish(),
});
type TikTokItem = z.output<typeof tiktokItemSchema>;

/** The public address of a video. */
export function tiktokVideoUrl(handle: string, id: string): string {
  return `https://www.tiktok.com/@${handle}/video/${id}`;
}

/** An item as a post (without `url`: the readers differ on whether they add one). */
function tiktokItemToPost(item: TikTokItem): SnapshotPost {
  type Key = "playCount" | "diggCount" | "commentCount" | "shareCount" | "collectCount";
  // statsV2 carries exact strings; stats is rounded to 3 significant figures on large counts.
  let rounded = false;
  const pick = (k: Key): number | null => {
    const exact = item.statsV2?.[k];
    if (exact != null) return exact;
    const shown = item.stats?.[k];
    if (shown == null) return null;
    rounded = true;
    return shown;
  };
  const counts = {
    views: pick("playCount"),
    likes: pick("diggCount"),
    comments: pick("commentCount"),
    shares: pick("shareCount"),
    saves: pick("collectCount"),
  };
  return {
    id: item.id,
    type: item.imagePost ? "carousel" : "video",
    caption: item.desc ?? null,
    postedAt: new Date(item.createTime * 1000).toISOString(),
    views: counts.views,
    likes: counts.likes,
    comments: counts.comments,
    shares: counts.shares,
    durationSec: item.video?.duration ?? null,
    saves: counts.saves,
    isAd: item.isAd ?? null,
    ...(rounded ? { countsRounded: true } : {}),
  };
}

/** The posts of raw items in the order given, and how many were skipped for an unexpected shape. */
export function tiktokPosts(raw: readonly unknown[]): { posts: SnapshotPost[]; skipped: number } {
  const posts: SnapshotPost[] = [];
  let skipped = 0;
  for (const r of raw) {
    const item = tiktokItemSchema.safeParse(r);
    if (item.success) posts.push(tiktokItemToPost(item.data));
    else skipped++;
  }
  return { posts, skipped };
}

/**
 * The raw items a rehydration page carries: the user-detail's own list, else its `userInfo`'s,
 * else `webapp.user-post`'s.
 */
export function tiktokDetailItems(
  detail: { itemList?: unknown[]; userInfo?: { itemList?: unknown[] } },
  scope: Record<string, unknown> | undefined,
): unknown[] {
  const postScope = scope?.["webapp.user-post"] as { itemList?: unknown } | null | undefined;
  const fromPostScope = Array.isArray(postScope?.itemList) ? (postScope.itemList as unknown[]) : [];
  return detail.itemList ?? detail.userInfo?.itemList ?? fromPostScope;
}

/** The key of `SIGI_STATE.UserModule.users` for a handle (case-insensitive), else the first one. */
export function tiktokSigiUserKey(users: Record<string, unknown>, handle: string): string | undefined {
  return Object.keys(users).find((k) => k.toLowerCase() === handle.toLowerCase()) ?? Object.keys(users)[0];
}

export function tiktokIsPrivate(user: TikTokUser): boolean {
  return user.privateAccount === true || user.secret === true;
}

/**
 * The profile counts of a page: each from `statsV2` (exact strings) where it has one, else from
 * `stats` (rounded to 3 significant figures on large counts: 4,000,000 for 4,001,943). `rounded`
 * says the follower count came from `stats`. Undefined when the page has neither.
 */
export function tiktokUserStats(
  stats: TikTokStats | null | undefined,
  statsV2: TikTokStats | null | undefined,
): { stats: TikTokStats; rounded: boolean } | undefined {
  if (!stats && !statsV2) return undefined;
  if (!statsV2) return { stats: stats!, rounded: true };
  const merged: TikTokStats = { ...stats, ...statsV2 };
  for (const k of ["followingCount", "heartCount", "heart", "videoCount"] as const)
    if (statsV2[k] == null && stats?.[k] != null) merged[k] = stats[k];
  return { stats: merged, rounded: false };
}

/**
 * The profile fields of a snapshot read from the user and stats objects (not posts or provenance).
 * `rounded`: the counts are the page's rounded ones (marked `followersRounded`, as YouTube's are).
 */
export function tiktokProfileFields(user: TikTokUser, stats: TikTokStats, rounded = false) {
  return {
    platform: "tiktok" as const,
    username: user.uniqueId,
    name: user.nickname ?? "",
    bio: user.signature ?? "",
    verified: user.verified === true,
    isPrivate: tiktokIsPrivate(user),
    avatarUrl: user.avatarLarger ?? user.avatarMedium ?? null,
    externalUrl: user.bioLink?.link || null,
    followers: stats.followerCount,
    following: stats.followingCount ?? null,
    postsCount: stats.videoCount ?? null,
    totalLikes: stats.heartCount ?? stats.heart ?? null,
    region: user.region ?? null,
    platformUserId: user.id ?? null,
    ...(rounded ? { followersRounded: true } : {}),
  };
}
