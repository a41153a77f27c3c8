/**
 * TikTok public profile page collector (data-sources.md §3a): GET /@handle and read the JSON in
 * `<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__">` (or the older `SIGI_STATE`). Recent videos are
 * used when the page carries them (itemList / ItemModule); often it does not.
 */
import { z } from "zod";
import type { ProfileSnapshot, SnapshotPost } from "../../core/schemas/snapshot";
import { AccountNotFoundError, LoginWallOrBlockedError, UpstreamUnreachableError } from "../errors";
import { BROWSER_USER_AGENT, type HttpClient } from "./http";
import type { Collector, CollectorLogger } from "./types";
import { parseJsonText, type UpstreamContext, upstreamChanged, validateUpstream } from "./upstream-json";

const SERVICE = "TikTok";
const MAX_POSTS = 30;
/** webapp.user-detail status codes that mean "no such user" (10202) or "banned" (10221). */
const NOT_FOUND_CODES = new Set([10202, 10221]);

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
  secUid: z.string().nullish(),
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
  stats: itemStatsSchema.nullish(),
  statsV2: itemStatsSchema.nullish(),
});
type TikTokItem = z.output<typeof itemSchema>;

const userDetailSchema = z.looseObject({
  statusCode: z.number().optional(),
  statusMsg: z.string().nullish(),
  userInfo: z
    .looseObject({
      user: userSchema.optional(),
      stats: statsSchema.optional(),
      statsV2: statsSchema.optional(),
      itemList: z.array(z.unknown()).optional(),
    })
    .optional(),
  itemList: z.array(z.unknown()).optional(),
});

const universalSchema = z.looseObject({
  __DEFAULT_SCOPE__: z.record(z.string(), z.unknown()).optional(),
});

const sigiSchema = z.looseObject({
  UserPage: z.looseObject({ statusCode: z.number().optional() }).optional(),
  UserModule: z
    .looseObject({
      users: z.record(z.string(), z.unknown()).optional(),
      stats: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  ItemModule: z.record(z.string(), z.unknown()).optional(),
});

/**
 * The text content of `<script id="…">…</script>`, found with indexOf (no DOM parser, linear time;
 * the body is already capped by the HTTP helper). Script JSON escapes "</" so the first
 * "</script>" after the tag ends it.
 */
export function extractScriptById(html: string, id: string): string | undefined {
  let idx = html.indexOf(`id="${id}"`);
  if (idx < 0) idx = html.indexOf(`id='${id}'`);
  if (idx < 0) return undefined;
  const open = html.indexOf(">", idx);
  if (open < 0) return undefined;
  const close = html.indexOf("</script>", open);
  if (close < 0) return undefined;
  return html.slice(open + 1, close);
}

export interface TikTokCollectorOptions {
  http: HttpClient;
  baseUrl: string;
  logger?: CollectorLogger;
  now?: () => number;
}

interface Extracted {
  user: z.output<typeof userSchema>;
  stats: z.output<typeof statsSchema>;
  rawItems: unknown[];
}

function itemToPost(item: TikTokItem): SnapshotPost {
  type Key = "playCount" | "diggCount" | "commentCount" | "shareCount" | "collectCount";
  const pick = (k: Key): number | null => item.stats?.[k] ?? item.statsV2?.[k] ?? null;
  return {
    id: item.id,
    type: "video",
    caption: item.desc ?? null,
    postedAt: new Date(item.createTime * 1000).toISOString(),
    views: pick("playCount"),
    likes: pick("diggCount"),
    comments: pick("commentCount"),
    shares: pick("shareCount"),
    durationSec: item.video?.duration ?? null,
    saves: pick("collectCount"),
    isAd: item.isAd ?? null,
  };
}

export function createTikTokCollector(options: TikTokCollectorOptions): Collector {
  const now = options.now ?? Date.now;
  const base = options.baseUrl.replace(/\/+$/, "");

  const blocked = (handle: string, why = "") =>
    new LoginWallOrBlockedError(
      `TikTok is blocking automated access right now, so @${handle}'s profile could not be read${why}; try again later`,
    );
  const notFound = (handle: string) =>
    new AccountNotFoundError(`No TikTok account @${handle} was found (it may have been removed or banned)`);

  function fromUniversal(raw: string, handle: string, ctx: UpstreamContext): Extracted {
    const data = validateUpstream(universalSchema, parseJsonText(raw, ctx), ctx, raw);
    const detailRaw = data.__DEFAULT_SCOPE__?.["webapp.user-detail"];
    if (detailRaw === undefined) throw blocked(handle, " (the page had no profile data)");
    const detail = validateUpstream(userDetailSchema, detailRaw, ctx, raw);
    const code = detail.statusCode ?? 0;
    if (NOT_FOUND_CODES.has(code)) throw notFound(handle);
    const user = detail.userInfo?.user;
    const stats = detail.userInfo?.stats ?? detail.userInfo?.statsV2;
    if (!user || !stats) {
      if (code !== 0) throw blocked(handle, ` (TikTok status ${code})`);
      throw upstreamChanged(ctx, raw, "webapp.user-detail without userInfo.user/stats");
    }
    const postList = data.__DEFAULT_SCOPE__?.["webapp.user-post"];
    const fromPostScope =
      postList && typeof postList === "object" && Array.isArray((postList as { itemList?: unknown }).itemList)
        ? ((postList as { itemList: unknown[] }).itemList ?? [])
        : [];
    const rawItems = detail.itemList ?? detail.userInfo?.itemList ?? fromPostScope;
    return { user, stats, rawItems };
  }

  function fromSigi(raw: string, handle: string, ctx: UpstreamContext): Extracted {
    const data = validateUpstream(sigiSchema, parseJsonText(raw, ctx), ctx, raw);
    const code = data.UserPage?.statusCode ?? 0;
    if (NOT_FOUND_CODES.has(code)) throw notFound(handle);
    const users = data.UserModule?.users ?? {};
    const key =
      Object.keys(users).find((k) => k.toLowerCase() === handle.toLowerCase()) ?? Object.keys(users)[0];
    if (key === undefined) {
      if (code !== 0) throw blocked(handle, ` (TikTok status ${code})`);
      throw upstreamChanged(ctx, raw, "SIGI_STATE without UserModule.users");
    }
    const user = validateUpstream(userSchema, users[key], ctx, raw);
    const stats = validateUpstream(statsSchema, data.UserModule?.stats?.[key], ctx, raw);
    return { user, stats, rawItems: Object.values(data.ItemModule ?? {}) };
  }

  return {
    id: "tiktok",
    official: false,
    kind: "live",
    platforms: ["tiktok"],
    async fetchSnapshot(platform, rawHandle, { signal }) {
      if (platform !== "tiktok") return null;
      const handle = rawHandle.replace(/^@+/, "");
      const ctx: UpstreamContext = {
        service: SERVICE,
        subject: `@${handle}`,
        what: "profile page",
        logger: options.logger,
      };
      const res = await options.http.request({
        url: `${base}/@${encodeURIComponent(handle)}`,
        service: SERVICE,
        subject: `@${handle}`,
        signal,
        headers: {
          "user-agent": BROWSER_USER_AGENT,
          accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
          "accept-language": "en-US,en;q=0.9",
        },
      });
      // TikTok says a user is missing in the page's own data (statusCode 10202/10221); a bare 404
      // is transient and never remembered as "not found".
      if (res.status === 404)
        throw new UpstreamUnreachableError(
          `TikTok answered "404" for @${handle} without saying the account does not exist; this is usually temporary, try again later`,
        );
      if (res.status >= 300 && res.status < 400)
        throw blocked(handle, " (redirected to a login or verification page)");
      if (res.status === 401 || res.status === 403) throw blocked(handle);
      if (res.status !== 200) throw upstreamChanged(ctx, res.body, `HTTP ${res.status}`);

      const universal = extractScriptById(res.body, "__UNIVERSAL_DATA_FOR_REHYDRATION__");
      const sigi = universal === undefined ? extractScriptById(res.body, "SIGI_STATE") : undefined;
      let extracted: Extracted;
      if (universal !== undefined) extracted = fromUniversal(universal, handle, ctx);
      else if (sigi !== undefined) extracted = fromSigi(sigi, handle, ctx);
      else throw blocked(handle); // a challenge shell: 200 with no data script

      const { user, stats } = extracted;
      const isPrivate = user.privateAccount === true || user.secret === true;
      const posts: SnapshotPost[] = [];
      if (!isPrivate) {
        let skipped = 0;
        for (const raw of extracted.rawItems) {
          const item = itemSchema.safeParse(raw);
          if (item.success) posts.push(itemToPost(item.data));
          else skipped++;
        }
        if (skipped > 0)
          options.logger?.warn(
            { service: SERVICE, handle, skipped },
            "skipped TikTok videos with an unexpected shape",
          );
        posts.sort((a, b) => Date.parse(b.postedAt) - Date.parse(a.postedAt));
        posts.splice(MAX_POSTS);
      }

      const snapshot: ProfileSnapshot = {
        platform: "tiktok",
        username: user.uniqueId,
        name: user.nickname ?? "",
        bio: user.signature ?? "",
        verified: user.verified === true,
        isPrivate,
        avatarUrl: user.avatarLarger ?? user.avatarMedium ?? null,
        externalUrl: user.bioLink?.link || null,
        followers: stats.followerCount,
        following: stats.followingCount ?? null,
        postsCount: stats.videoCount ?? null,
        fetchedAt: new Date(now()).toISOString(),
        source: "tiktok-web",
        posts,
        totalLikes: stats.heartCount ?? stats.heart ?? null,
        region: user.region ?? null,
        platformUserId: user.id ?? null,
      };
      return snapshot;
    },
  };
}
