/**
 * What a report points at (issue #35 item 2) and which of the creator's own profiles on other
 * platforms it states (item 4): @mentions and collaborators in posts, YouTube featured channels,
 * and links to profiles in the bio, About page, channel description or external URL. Links count
 * only when they are profile links; nothing is ever matched by name.
 */
import { canonicalHandle, isChannelId } from "#core/handles";
import type { StatedIn } from "#core/schemas/index-growth";
import type { Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";

export interface Pointer {
  platform: Platform;
  username: string;
}

export interface StatedIdentity extends Pointer {
  statedIn: StatedIn;
}

/** Handles each platform allows (Instagram 30, TikTok 24, YouTube handles 3–30 characters). */
const HANDLE: Record<Platform, RegExp> = {
  instagram: /^[a-z0-9._]{1,30}$/,
  tiktok: /^[a-z0-9._]{2,24}$/,
  youtube: /^[a-z0-9._-]{3,30}$/,
};

/** Instagram paths that are pages, not profiles. */
const INSTAGRAM_NOT_PROFILES = new Set([
  "p",
  "reel",
  "reels",
  "explore",
  "stories",
  "accounts",
  "tv",
  "direct",
  "about",
  "developer",
  "legal",
]);

/** A handle as stored, when it is one the platform allows; null otherwise. */
export function validHandle(platform: Platform, raw: string): string | null {
  const h = canonicalHandle(platform, raw.replace(/[.]+$/, ""));
  if (platform === "youtube" && isChannelId(h)) return h;
  return HANDLE[platform].test(h) ? h : null;
}

/** A profile link ("instagram.com/x", "tiktok.com/@x", "youtube.com/@x", "youtube.com/channel/UC…"). */
function profileOfUrl(text: string): Pointer | null {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|vm\.)/, "");
  const parts = url.pathname.split("/").filter(Boolean);
  const first = parts[0] ?? "";
  if (host === "instagram.com" || host === "instagr.am") {
    if (!first || INSTAGRAM_NOT_PROFILES.has(first.toLowerCase())) return null;
    const username = validHandle("instagram", first);
    return username ? { platform: "instagram", username } : null;
  }
  if (host === "tiktok.com") {
    if (!first.startsWith("@")) return null;
    const username = validHandle("tiktok", first);
    return username ? { platform: "tiktok", username } : null;
  }
  if (host === "youtube.com") {
    if (first.startsWith("@")) {
      const username = validHandle("youtube", first);
      return username ? { platform: "youtube", username } : null;
    }
    if (first === "channel" && parts[1] && isChannelId(parts[1]))
      return { platform: "youtube", username: parts[1] };
  }
  return null;
}

const URL_IN_TEXT =
  /(?:https?:\/\/)?(?:www\.|m\.)?(?:instagram\.com|instagr\.am|tiktok\.com|youtube\.com)\/[^\s"'<>()]+/gi;
/** "@name" not preceded by a word character (so not the "@" of an e-mail address). */
const MENTION_IN_TEXT = /(?<![\w@.])@([A-Za-z0-9._-]{1,40})/g;

/** The profile links in a text, in order. */
function profileLinksIn(text: string): Pointer[] {
  const out: Pointer[] = [];
  for (const m of text.matchAll(URL_IN_TEXT)) {
    const p = profileOfUrl(m[0]);
    if (p) out.push(p);
  }
  return out;
}

/** The @mentions of a text on `platform` (links are read by profileLinksIn). */
export function mentionsIn(platform: Platform, text: string): string[] {
  const out: string[] = [];
  const withoutUrls = text.replace(URL_IN_TEXT, " ");
  for (const m of withoutUrls.matchAll(MENTION_IN_TEXT)) {
    const h = validHandle(platform, m[1]!);
    if (h) out.push(h);
  }
  return out;
}

/** Usernames of a post field the collectors keep: strings or {username} objects. */
function namesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const v of value.slice(0, 50)) {
    if (typeof v === "string") out.push(v);
    else if (v && typeof v === "object" && typeof (v as { username?: unknown }).username === "string")
      out.push((v as { username: string }).username);
  }
  return out;
}

/** The post fields naming other accounts: mentions, collaborators (co-authors) and tagged users. */
const POST_NAME_FIELDS = ["mentions", "coauthors", "coauthorProducers", "taggedUsers"] as const;

const MAX_POINTERS = 100;

interface ReportPointers {
  /** Accounts the report points at (candidates for the index), without the creator. */
  pointers: Pointer[];
  /** The creator's own profiles on other platforms, as stated by them. */
  identities: StatedIdentity[];
}

/** What a snapshot points at, and the identities it states. */
export function pointersOf(snapshot: ProfileSnapshot): ReportPointers {
  const platform = snapshot.platform;
  const self = canonicalHandle(platform, snapshot.username);
  const extra = snapshot as ProfileSnapshot & {
    featuredChannels?: unknown;
    aboutLinks?: unknown;
    channelId?: unknown;
  };
  const selfIds = new Set([self, typeof extra.channelId === "string" ? extra.channelId : self]);
  const seen = new Set<string>();
  const pointers: Pointer[] = [];
  const add = (p: Pointer) => {
    if (p.platform === platform && selfIds.has(p.username)) return;
    const key = `${p.platform}:${p.username}`;
    if (seen.has(key) || pointers.length >= MAX_POINTERS) return;
    seen.add(key);
    pointers.push(p);
  };

  const identities: StatedIdentity[] = [];
  const idSeen = new Set<string>();
  const state = (p: Pointer, statedIn: StatedIn) => {
    // A link to the same platform is another account (a pointer), never the creator's identity.
    if (p.platform === platform) return add(p);
    add(p);
    const key = `${p.platform}:${p.username}`;
    if (idSeen.has(key)) return;
    idSeen.add(key);
    identities.push({ ...p, statedIn });
  };

  // The creator's own words about themselves: About links, description or bio, external URL.
  for (const link of namesOf(extra.aboutLinks)) {
    const p = profileOfUrl(link);
    if (p) state(p, "youtube-about");
  }
  const bioKind: StatedIn = platform === "youtube" ? "description" : "bio";
  for (const p of profileLinksIn(snapshot.bio ?? "")) state(p, bioKind);
  if (snapshot.externalUrl) {
    const p = profileOfUrl(snapshot.externalUrl);
    if (p) state(p, "external-url");
  }
  for (const h of mentionsIn(platform, snapshot.bio ?? "")) add({ platform, username: h });

  // Featured channels (YouTube channelSections of type multipleChannels): channel ids.
  for (const id of namesOf(extra.featuredChannels))
    if (isChannelId(id)) add({ platform: "youtube", username: id });

  // Posts: collaborators and tagged users the source names, then @mentions and links in captions.
  for (const post of snapshot.posts) {
    const fields = post as Record<string, unknown>;
    for (const field of POST_NAME_FIELDS)
      for (const name of namesOf(fields[field])) {
        const h = validHandle(platform, name);
        if (h) add({ platform, username: h });
      }
    const caption = post.caption ?? "";
    if (!caption) continue;
    for (const h of mentionsIn(platform, caption)) add({ platform, username: h });
    for (const p of profileLinksIn(caption)) add(p);
  }
  return { pointers, identities };
}
