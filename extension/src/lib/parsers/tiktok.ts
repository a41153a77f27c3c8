/**
 * TikTok: the `__UNIVERSAL_DATA_FOR_REHYDRATION__` script of a profile page (webapp.user-detail and
 * the item list it or webapp.user-post carries), or the older `SIGI_STATE`, read from the page the
 * user has open (or the same page fetched again in their session after in-app navigation).
 */
import { z } from "zod";
import { extractScriptById } from "../../../../src/core/platform-json/page-script";
import {
  TIKTOK_NOT_FOUND_CODES,
  tiktokDetailItems,
  tiktokIsPrivate,
  tiktokPosts,
  tiktokProfileFields,
  tiktokSigiUserKey,
  tiktokStatsSchema,
  tiktokUserSchema,
  tiktokVideoUrl,
} from "../../../../src/core/platform-json/tiktok";
import type { ProfileSnapshot } from "../../../../src/core/schemas/snapshot";
import { CaptureError } from "../capture-error";
import { parsePageJson } from "../page-data";
import { CAPTURE_SOURCE, finishSnapshot, newestPosts } from "../snapshot";

/** The handle of a tiktok.com profile path ("/@examplecreator", "/@examplecreator/"). */
export function tiktokHandleFromPath(pathname: string): string | undefined {
  const m = /^\/@([\w.]{1,60})\/?$/.exec(pathname);
  return m?.[1];
}

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
  return {
    code: detail.data.statusCode ?? 0,
    user: detail.data.userInfo?.user,
    stats: detail.data.userInfo?.stats ?? detail.data.userInfo?.statsV2,
    items: tiktokDetailItems(detail.data, scope),
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
  const key = tiktokSigiUserKey(users, handle);
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
  if (TIKTOK_NOT_FOUND_CODES.has(extracted.code))
    throw new CaptureError(
      `TikTok says there is no account @${handle} (it may have been removed or banned).`,
      "not-found",
    );
  const user = tiktokUserSchema.safeParse(extracted.user);
  const stats = tiktokStatsSchema.safeParse(extracted.stats);
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
  const isPrivate = tiktokIsPrivate(user.data);
  const uniqueId = user.data.uniqueId;
  const toPosts = (items: readonly unknown[]) =>
    tiktokPosts(items).posts.map((p) => ({ ...p, url: tiktokVideoUrl(uniqueId, p.id) }));
  const fromHtml = isPrivate ? [] : toPosts(extracted.items);
  const byThisProfile = (i: unknown) => {
    const author = (i as { author?: { uniqueId?: unknown } } | null)?.author?.uniqueId;
    return typeof author === "string" && author.toLowerCase() === uniqueId.toLowerCase();
  };
  const fromRequests = isPrivate ? [] : toPosts(loadedItems.filter(byThisProfile));
  const posts = [...fromHtml, ...fromRequests];
  return finishSnapshot(
    {
      ...tiktokProfileFields(user.data, stats.data),
      fetchedAt: now.toISOString(),
      source: CAPTURE_SOURCE,
      capturedFrom: "tiktok profile page",
      postsVia: fromHtml.length > 0 ? "profile-page" : fromRequests.length > 0 ? "page-requests" : "none",
      official: false,
      posts: newestPosts(posts),
    },
    "TikTok",
  );
}
