import { stripAt } from "#core/handles";
import { extractScriptById } from "#core/platform-json/page-script";
import {
  TIKTOK_NOT_FOUND_CODES,
  tiktokDetailItems,
  tiktokIsPrivate,
  tiktokProfileFields,
  tiktokSigiUserKey,
  tiktokStatsSchema,
  tiktokUserStats,
} from "#core/platform-json/tiktok";
import type { ProfileSnapshot, SnapshotPost } from "#core/schemas/snapshot";
import { AppError, UpstreamUnreachableError } from "../errors";
import {
  createTikTokSession,
  type Extracted,
  newestFirst,
  parseItems,
  SERVICE,
  sigiSchema,
  type TikTokCollectorOptions,
  type TikTokPostsVia,
  universalSchema,
  userDetailSchema,
  userSchema,
} from "./tiktok-session";
import type { Collector } from "./types";
import { parseJsonText, type UpstreamContext, upstreamChanged, validateUpstream } from "./upstream-json";

export {
  NAVIGATION_HEADERS,
  postedAtFromVideoId,
  type TikTokCollectorOptions,
  type TikTokPostsVia,
} from "./tiktok-session";

export function createTikTokCollector(options: TikTokCollectorOptions): Collector {
  const session = createTikTokSession(options);
  const { base, now, blocked, notFound } = session;

  function fromUniversal(raw: string, handle: string, ctx: UpstreamContext): Extracted {
    const data = validateUpstream(universalSchema, parseJsonText(raw, ctx), ctx, raw);
    const detailRaw = data.__DEFAULT_SCOPE__?.["webapp.user-detail"];
    if (detailRaw === undefined) throw blocked(handle, " (the page had no profile data)");
    const detail = validateUpstream(userDetailSchema, detailRaw, ctx, raw);
    const code = detail.statusCode ?? 0;
    if (TIKTOK_NOT_FOUND_CODES.has(code)) throw notFound(handle);
    const user = detail.userInfo?.user;
    const counts = tiktokUserStats(detail.userInfo?.stats, detail.userInfo?.statsV2);
    if (!user || !counts) {
      if (code !== 0) throw blocked(handle, ` (TikTok status ${code})`);
      throw upstreamChanged(ctx, raw, "webapp.user-detail without userInfo.user/stats");
    }
    const rawItems = tiktokDetailItems(detail, data.__DEFAULT_SCOPE__);
    return { user, stats: counts.stats, rounded: counts.rounded, rawItems };
  }

  function fromSigi(raw: string, handle: string, ctx: UpstreamContext): Extracted {
    const data = validateUpstream(sigiSchema, parseJsonText(raw, ctx), ctx, raw);
    const code = data.UserPage?.statusCode ?? 0;
    if (TIKTOK_NOT_FOUND_CODES.has(code)) throw notFound(handle);
    const users = data.UserModule?.users ?? {};
    const key = tiktokSigiUserKey(users, handle);
    if (key === undefined) {
      if (code !== 0) throw blocked(handle, ` (TikTok status ${code})`);
      throw upstreamChanged(ctx, raw, "SIGI_STATE without UserModule.users");
    }
    const user = validateUpstream(userSchema, users[key], ctx, raw);
    const stats = validateUpstream(tiktokStatsSchema, data.UserModule?.stats?.[key], ctx, raw);
    return { user, stats, rawItems: Object.values(data.ItemModule ?? {}) };
  }

  /** Videos when the page had none: the item list, then the embed page. Never fails the report. */
  async function laterVideos(
    handle: string,
    secUid: string | null | undefined,
    signal?: AbortSignal,
  ): Promise<{ posts: SnapshotPost[]; via: TikTokPostsVia }> {
    const note = (step: string, e: unknown) => {
      if (signal?.aborted) throw signal.reason ?? e;
      if (!(e instanceof AppError)) throw e;
      options.logger?.warn(
        { service: SERVICE, handle, step, error: e.message },
        "TikTok videos unavailable from this step; trying the next",
      );
    };
    if (secUid) {
      try {
        const posts = await session.fetchItemList(handle, secUid, signal);
        if (posts.length > 0) return { posts, via: "item-list" };
      } catch (e) {
        note("item-list", e);
      }
    }
    try {
      const { posts } = await session.fetchEmbed(handle, signal);
      if (posts.length > 0) return { posts, via: "embed" };
    } catch (e) {
      note("embed", e);
    }
    return { posts: [], via: "none" };
  }

  return {
    id: "tiktok-web",
    kind: "live",
    official: false,
    platforms: ["tiktok"],
    async fetchSnapshot(platform, rawHandle, { signal }) {
      if (platform !== "tiktok") return null;
      const handle = stripAt(rawHandle);
      const ctx: UpstreamContext = {
        service: SERVICE,
        subject: `@${handle}`,
        what: "profile page",
        logger: options.logger,
      };
      const res = await session.getPage(`${base}/@${encodeURIComponent(handle)}`, handle, signal);
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
      else throw blocked(handle); // a shell with no data script

      const { user, stats } = extracted;
      const isPrivate = tiktokIsPrivate(user);
      let posts: SnapshotPost[] = [];
      let postsVia: TikTokPostsVia = "none";
      if (!isPrivate) {
        const skipped = { n: 0 };
        posts = newestFirst(parseItems(extracted.rawItems, skipped));
        if (skipped.n > 0)
          options.logger?.warn(
            { service: SERVICE, handle, skipped: skipped.n },
            "skipped TikTok videos with an unexpected shape",
          );
        if (posts.length > 0) postsVia = "profile-page";
        else if (stats.videoCount !== 0)
          ({ posts, via: postsVia } = await laterVideos(handle, user.secUid, signal));
      }

      const snapshot: ProfileSnapshot = {
        ...tiktokProfileFields(user, stats, extracted.rounded),
        fetchedAt: new Date(now()).toISOString(),
        source: "tiktok-web",
        official: false,
        postsVia,
        posts,
      };
      return snapshot;
    },
  };
}

/** "tiktok-embed": the creator embed page alone (profile + recent videos with views, no likes). */
export function createTikTokEmbedCollector(options: TikTokCollectorOptions): Collector {
  const session = createTikTokSession(options);
  return {
    id: "tiktok-embed",
    kind: "live",
    official: false,
    platforms: ["tiktok"],
    async fetchSnapshot(platform, rawHandle, { signal }) {
      if (platform !== "tiktok") return null;
      const handle = stripAt(rawHandle);
      const { user, posts } = await session.fetchEmbed(handle, signal);
      if (!user) throw session.blocked(handle, " (the embed page had no profile; embedding may be off)");
      const isPrivate = user.privateAccount === true;
      const snapshot: ProfileSnapshot = {
        platform: "tiktok",
        username: user.uniqueId,
        name: user.nickname ?? "",
        bio: user.signature ?? "",
        verified: user.verified === true,
        isPrivate,
        avatarUrl: user.avatarLarger ?? user.avatarThumbUrl ?? null,
        externalUrl: null,
        followers: user.followerCount,
        following: user.followingCount ?? null,
        postsCount: user.videoCount ?? null,
        fetchedAt: new Date(session.now()).toISOString(),
        source: "tiktok-embed",
        official: false,
        postsVia: posts.length > 0 ? "embed" : "none",
        posts: isPrivate ? [] : posts,
        totalLikes: user.heartCount ?? null,
        platformUserId: user.id ?? null,
      };
      return snapshot;
    },
  };
}
