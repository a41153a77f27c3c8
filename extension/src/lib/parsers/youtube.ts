/**
 * YouTube: `ytInitialData` of a channel's Videos tab (/@handle/videos), the data YouTube's own page
 * renders from: channelMetadataRenderer (name, description, avatar, channel id), the header
 * (c4TabbedHeaderRenderer or the newer pageHeaderRenderer: subscriber and video counts as display
 * text), and the grid (videoRenderer or lockupViewModel items). The count and date text helpers are
 * the server's own (src/server/collectors/youtube-shared.ts, pure code).
 */
import type { ProfileSnapshot, SnapshotPost } from "../../../../src/core/schemas/snapshot";
import {
  parseCountText,
  parseRelativeDate,
  youtubePostType,
} from "../../../../src/server/collectors/youtube-shared";
import { CaptureError } from "../capture-error";
import { CAPTURE_SOURCE, finishSnapshot, newestPosts } from "../snapshot";

/** The handle of a youtube.com channel path ("/@examplecreator", "/@examplecreator/videos"). */
export function youtubeHandleFromPath(pathname: string): string | undefined {
  const m = /^\/@([\w.-]{3,30})(?:\/(?:videos|featured|shorts|streams|playlists|about)?)?\/?$/.exec(pathname);
  return m?.[1];
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

/** The display text of a YouTube text node: {simpleText}, {runs:[{text}]}, {content} or a string. */
function textOf(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (!isObject(v)) return undefined;
  if (typeof v.simpleText === "string") return v.simpleText;
  if (Array.isArray(v.runs))
    return v.runs.map((r) => (isObject(r) && typeof r.text === "string" ? r.text : "")).join("");
  if (typeof v.content === "string") return v.content;
  return undefined;
}

/** Every display text under a node (bounded), each text node once. */
function allTexts(node: unknown, out: string[] = [], depth = 0): string[] {
  if (out.length > 2000 || depth > 14) return out;
  if (typeof node === "string") {
    out.push(node);
    return out;
  }
  if (Array.isArray(node)) {
    for (const n of node) allTexts(n, out, depth + 1);
    return out;
  }
  if (!isObject(node)) return out;
  const own = typeof node.simpleText === "string" || Array.isArray(node.runs) ? textOf(node) : undefined;
  if (own !== undefined) {
    out.push(own);
    return out;
  }
  for (const value of Object.values(node)) allTexts(value, out, depth + 1);
  return out;
}

/** Objects stored under any of `keys`, anywhere in the tree (bounded). */
function findAll(node: unknown, keys: ReadonlySet<string>, out: Json[] = [], depth = 0): Json[] {
  if (out.length > 500 || depth > 30) return out;
  if (Array.isArray(node)) {
    for (const n of node) findAll(n, keys, out, depth + 1);
    return out;
  }
  if (!isObject(node)) return out;
  for (const [k, v] of Object.entries(node)) {
    if (keys.has(k) && isObject(v)) out.push(v);
    else findAll(v, keys, out, depth + 1);
  }
  return out;
}

function durationTextToSeconds(text: string): number | undefined {
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

function gridItemToPost(item: Json, nowMs: number): SnapshotPost | undefined {
  const id =
    (typeof item.videoId === "string" && item.videoId) ||
    (typeof item.contentId === "string" && item.contentId);
  if (!id || !/^[\w-]{6,20}$/.test(id)) return undefined;
  const texts = allTexts(item);
  const lockupTitle = isObject(item.metadata)
    ? textOf(
        (item.metadata as Json).lockupMetadataViewModel &&
          ((item.metadata as Json).lockupMetadataViewModel as Json).title,
      )
    : undefined;
  const title = textOf(item.title) ?? lockupTitle ?? null;
  const viewText =
    textOf(item.viewCountText) ?? texts.find((s) => /\bviews?\b/i.test(s) && /\d|^no /i.test(s));
  const publishedText = textOf(item.publishedTimeText) ?? texts.find((s) => /\bago\b/i.test(s));
  const postedAt = parseRelativeDate(publishedText, nowMs);
  if (!postedAt) return undefined; // upcoming premieres and items without a date are left out
  const lengthText = textOf(item.lengthText);
  const durationSec =
    (lengthText ? durationTextToSeconds(lengthText) : undefined) ??
    texts.map(durationTextToSeconds).find((n) => n !== undefined);
  const isLive = /^streamed\b/i.test(publishedText ?? "");
  return {
    id,
    type: youtubePostType(durationSec, isLive),
    caption: title,
    postedAt,
    views: parseCountText(viewText) ?? null,
    likes: null,
    comments: null,
    durationSec: durationSec ?? null,
    title,
    url: `https://www.youtube.com/watch?v=${id}`,
    viewsApproximate: /[KMB]\b/i.test(viewText ?? ""),
  };
}

const GRID_ITEM_KEYS = new Set(["videoRenderer", "gridVideoRenderer", "lockupViewModel"]);

/** A channel page's ytInitialData → a ProfileSnapshot. `handle` is the one in the address bar. */
export function parseYouTubeInitialData(data: unknown, handle: string, now: Date): ProfileSnapshot {
  if (!isObject(data))
    throw new CaptureError(
      `This YouTube page has no channel data (ytInitialData) for @${handle}; reload the page and try again.`,
      "no-profile-data",
    );
  const metadata = isObject(data.metadata) ? data.metadata.channelMetadataRenderer : undefined;
  if (!isObject(metadata) || typeof metadata.externalId !== "string")
    throw new CaptureError(
      `This YouTube page's data has no channel details (channelMetadataRenderer) for @${handle}; open the channel's Videos tab, reload and try again.`,
      "no-profile-data",
    );
  const headerTexts = allTexts(data.header);
  // The display count ("412K subscribers") before any spelled-out label ("412 thousand subscribers").
  const subscriberText =
    headerTexts.find((s) => /^\s*[\d.,]+\s*[KMB]?\s+subscribers?\s*$/i.test(s)) ??
    headerTexts.find((s) => /subscribers?\b/i.test(s));
  const subscribers = parseCountText(subscriberText);
  const videoCount = parseCountText(headerTexts.find((s) => /\bvideos?\b/i.test(s) && /\d/.test(s)));
  const handleInHeader = headerTexts.find((s) => /^@[\w.-]{3,30}$/.test(s))?.slice(1);
  const vanity = typeof metadata.vanityChannelUrl === "string" ? metadata.vanityChannelUrl : "";
  const username = handleInHeader ?? /\/@([\w.-]+)/.exec(vanity)?.[1];
  if (username !== undefined && username.toLowerCase() !== handle.toLowerCase())
    throw new CaptureError(
      `This YouTube page holds data for @${username}, not @${handle}.`,
      "stale-page-data",
    );
  if (subscribers === undefined && !headerTexts.some((s) => /subscribers?\b/i.test(s)))
    throw new CaptureError(
      `This YouTube page shows no subscriber count for @${handle} (it may be hidden); nothing was sent.`,
      "no-followers",
    );
  const badgeStrings = JSON.stringify(data.header ?? {});
  const verified = /BADGE_STYLE_TYPE_VERIFIED|CHECK_CIRCLE_THICK/.test(badgeStrings);
  const posts = findAll(data.contents, GRID_ITEM_KEYS)
    .map((item) => gridItemToPost(item, now.getTime()))
    .filter((p) => p !== undefined);
  const avatars =
    isObject(metadata.avatar) && Array.isArray(metadata.avatar.thumbnails) ? metadata.avatar.thumbnails : [];
  const avatar = avatars.map((t) => (isObject(t) ? t.url : undefined)).find((u) => typeof u === "string");
  return finishSnapshot(
    {
      platform: "youtube",
      username: username ?? handle,
      name: typeof metadata.title === "string" ? metadata.title : "",
      bio: typeof metadata.description === "string" ? metadata.description : "",
      verified,
      isPrivate: false,
      avatarUrl: avatar ?? null,
      externalUrl: null,
      followers: subscribers ?? 0,
      following: null,
      postsCount: videoCount ?? null,
      fetchedAt: now.toISOString(),
      source: CAPTURE_SOURCE,
      capturedFrom: "youtube channel page",
      official: false,
      posts: newestPosts(posts),
      channelId: metadata.externalId,
      followersRounded: true,
      followersHidden: subscribers === undefined,
    },
    "YouTube",
  );
}
