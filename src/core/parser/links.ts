import type { Platform } from "../schemas/platform";
import { AT, DOT, SLASH } from "./chars";
import {
  INSTAGRAM_NO_USERNAME,
  INSTAGRAM_NOT_PROFILE,
  INSTAGRAM_POST_LINK,
  type LinkKind,
  NOT_A_PROFILE_LINK,
  type ParsedInput,
  TIKTOK_NO_USERNAME,
  TIKTOK_SHORT_LINK,
  YOUTUBE_BAD_CHANNEL_ID,
  YOUTUBE_BAD_VIDEO_ID,
  YOUTUBE_NO_CHANNEL,
  YOUTUBE_NOT_CHANNEL,
} from "./messages";
import { type Extra, handleResult, invalid, make } from "./results";
import { isChannelId, isVideoId } from "./rules";

/** The platform a site (host without www./m./mobile.) belongs to. A switch: no hashing of a fresh string. */
function hostPlatform(site: string): Platform | undefined {
  switch (site) {
    case "instagram.com":
    case "instagr.am":
      return "instagram";
    case "tiktok.com":
    case "vm.tiktok.com":
    case "vt.tiktok.com":
      return "tiktok";
    case "youtube.com":
    case "music.youtube.com":
    case "youtube-nocookie.com":
    case "youtu.be":
      return "youtube";
    default:
      return undefined;
  }
}
const KNOWN_SITES = [
  "instagram.com",
  "instagr.am",
  "tiktok.com",
  "youtube.com",
  "youtube-nocookie.com",
  "youtu.be",
] as const;

/** What an Instagram link's first path segment is when it is not a profile: a post or another page. */
function instagramPage(first: string): "post" | "page" | undefined {
  switch (first) {
    case "p":
    case "reel":
    case "reels":
    case "tv":
    case "s":
    case "share":
      return "post";
    case "explore":
    case "accounts":
    case "direct":
    case "about":
    case "legal":
    case "developer":
    case "web":
    case "challenge":
    case "emails":
    case "privacy":
    case "press":
    case "api":
    case "oauth":
    case "graphql":
    case "lite":
    case "session":
    case "help":
      return "page";
    default:
      return undefined;
  }
}

/** YouTube pages that are neither a channel nor a video. */
function isYoutubePage(first: string): boolean {
  switch (first) {
    case "results":
    case "feed":
    case "playlist":
    case "premium":
    case "account":
    case "gaming":
    case "hashtag":
    case "kids":
    case "about":
    case "t":
    case "howyoutubeworks":
    case "redirect":
    case "signin":
    case "logout":
    case "upload":
    case "post":
    case "sponsor":
    case "music":
    case "creators":
    case "ads":
    case "trends":
    case "new":
    case "reporthistory":
    case "supported_browsers":
    case "attribution_link":
      return true;
    default:
      return false;
  }
}

/**
 * scheme://userinfo@host:port/path?query#fragment, every part optional but the host. Linear: each
 * part stops at a character the next one starts with; inputs are at most MAX_INPUT_LENGTH long.
 */
const URL_PARTS =
  /^(?:([A-Za-z][A-Za-z0-9+.-]{0,15}):\/\/)?(?:[^/?#\\@]*@)?([^/?#\\:]*)(?::\d*)?([/\\][^?#]*)?(?:\?([^#]*))?(?:#[\s\S]*)?$/;

function isHttp(scheme: string): boolean {
  const s = scheme.toLowerCase();
  return s === "http" || s === "https";
}

/** "a.b.c": labels of [a-z0-9-], at least two, none empty (host already lower case). */
function isDomainLike(host: string): boolean {
  const n = host.length;
  if (n < 3) return false;
  let dots = 0;
  let prev = DOT;
  for (let i = 0; i < n; i++) {
    const c = host.charCodeAt(i);
    if (c === DOT) {
      if (prev === DOT) return false;
      dots++;
    } else if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45)) return false;
    prev = c;
  }
  return dots > 0 && prev !== DOT;
}

/** The site a host belongs to, without www./m./mobile. */
function siteOf(host: string): string {
  if (host.startsWith("www.")) return host.slice(4);
  if (host.startsWith("m.")) return host.slice(2);
  if (host.startsWith("mobile.")) return host.slice(7);
  return host;
}

/** A host that is a website (www.…) or dresses up as one of ours (instagram.com.evil.com, myyoutu.be). */
function isLookalike(host: string): boolean {
  if (host.startsWith("www.")) return true;
  for (const known of KNOWN_SITES) if (host.includes(known)) return true;
  return false;
}

function safeDecode(s: string): string {
  if (s.indexOf("%") === -1) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The first `max` non-empty "/"-separated segments of a path, percent-decoded. */
function segments(path: string, max: number): string[] {
  const out: string[] = [];
  let start = 0;
  const n = path.length;
  for (let i = 0; i <= n && out.length < max; i++) {
    if (i === n || path.charCodeAt(i) === SLASH) {
      if (i > start) out.push(safeDecode(path.slice(start, i)));
      start = i + 1;
    }
  }
  return out;
}

function queryParam(query: string, name: string): string | undefined {
  for (const part of query.split("&")) {
    if (part.length > name.length && part.charCodeAt(name.length) === 61 && part.startsWith(name)) {
      return safeDecode(part.slice(name.length + 1));
    }
  }
  return undefined;
}

function notAProfile(original: string): ParsedInput {
  return invalid(original, "url", "", NOT_A_PROFILE_LINK);
}

/**
 * Reads a link. Returns null when the text is not a link at all (e.g. "john.doe"), a low result
 * when it is a link but not a usable profile (other hosts such as evil.com/instagram.com/x or
 * instagram.com.evil.com, posts, short links), and a handle otherwise.
 */
export function parseLink(original: string, text: string): ParsedInput | null {
  const m = URL_PARTS.exec(text);
  // No match: a ":" where no port can be ("javascript:alert(1)//…", "Re:Zero").
  if (m === null) return text.indexOf("/") !== -1 ? notAProfile(original) : null;
  const scheme = m[1];
  const path = m[3] ?? "";
  const query = m[4] ?? "";
  const hasPath = m[3] !== undefined || m[4] !== undefined || text.indexOf("#") !== -1;
  let host = m[2]!.toLowerCase();
  if (host.endsWith(".")) host = host.slice(0, -1);
  const site = siteOf(host);
  const platform = hostPlatform(site);
  if (scheme === undefined) {
    if (!isDomainLike(host)) {
      // "a_b.c/…": a link of some kind, not one we read; "AC/DC", "natgeo/": not a link.
      return hasPath && host.indexOf(".") !== -1 ? notAProfile(original) : null;
    }
    // "instagram.com.evil.com", "www.example.com": a website, not a handle.
    if (!platform) return hasPath || isLookalike(host) ? notAProfile(original) : null;
  } else if (!platform || !isHttp(scheme)) {
    return notAProfile(original);
  }
  const segs = segments(path.indexOf("\\") === -1 ? path : path.replaceAll("\\", "/"), 2);

  if (platform === "instagram") return instagramLink(original, segs);
  if (platform === "tiktok") return tiktokLink(original, site, segs);
  return youtubeLink(original, site, segs, query);
}

function instagramLink(original: string, segs: string[]): ParsedInput {
  const extra: Extra = { platform: "instagram" };
  let name = segs[0]?.toLowerCase();
  if (!name) return invalid(original, "url", "", INSTAGRAM_NO_USERNAME, extra);
  if (name === "_u" || name === "_n") name = segs[1]?.toLowerCase();
  else if (name === "stories") {
    name = segs[1]?.toLowerCase();
    if (name === "highlights") return invalid(original, "url", "", INSTAGRAM_POST_LINK, extra);
  } else {
    const page = instagramPage(name);
    if (page === "post") return invalid(original, "url", "", INSTAGRAM_POST_LINK, extra);
    if (page === "page") return invalid(original, "url", "", INSTAGRAM_NOT_PROFILE, extra);
  }
  if (!name) return invalid(original, "url", "", INSTAGRAM_NO_USERNAME, extra);
  if (name.charCodeAt(0) === AT) name = name.slice(1);
  return handleResult(original, "url", name, "instagram", "high", name, {
    platform: "instagram",
    linkKind: "profile",
  });
}

function tiktokLink(original: string, site: string, segs: string[]): ParsedInput {
  const first = segs[0];
  if (site !== "tiktok.com" || first === "t") {
    return invalid(original, "url", "", TIKTOK_SHORT_LINK, { platform: "tiktok", linkKind: "short_link" });
  }
  if (!first || first.charCodeAt(0) !== AT || first.length === 1) {
    return invalid(original, "url", "", TIKTOK_NO_USERNAME, { platform: "tiktok" });
  }
  const name = first.slice(1).toLowerCase();
  return handleResult(original, "url", name, "tiktok", "high", name, {
    platform: "tiktok",
    linkKind: "profile",
  });
}

function youtubeVideo(original: string, id: string | undefined, linkKind: LinkKind): ParsedInput {
  const extra: Extra = { platform: "youtube", linkKind };
  if (id === undefined || !isVideoId(id)) return invalid(original, "url", "", YOUTUBE_BAD_VIDEO_ID, extra);
  return make({ original, inputType: "url", username: id, confidence: "high", isValid: true, extra });
}

function youtubeLink(original: string, site: string, segs: string[], query: string): ParsedInput {
  const first = segs[0] ?? "";
  const second = segs[1];
  if (site === "youtu.be") return youtubeVideo(original, first || undefined, "short_link");
  const extra = (linkKind: LinkKind): Extra => ({ platform: "youtube", linkKind });
  if (first.charCodeAt(0) === AT) {
    const name = first.slice(1).toLowerCase();
    if (!name) return invalid(original, "url", "", YOUTUBE_NO_CHANNEL, { platform: "youtube" });
    return handleResult(original, "url", name, "youtube", "high", name, extra("handle"));
  }
  const page = first.toLowerCase();
  switch (page) {
    case "":
      return invalid(original, "url", "", YOUTUBE_NO_CHANNEL, { platform: "youtube" });
    case "channel":
      if (second === undefined || !isChannelId(second)) {
        return invalid(original, "url", "", YOUTUBE_BAD_CHANNEL_ID, extra("channel_id"));
      }
      return make({
        original,
        inputType: "url",
        username: second,
        confidence: "high",
        isValid: true,
        extra: extra("channel_id"),
      });
    case "c":
    case "user": {
      const kind: LinkKind = page === "c" ? "custom_url" : "legacy_user";
      if (!second) return invalid(original, "url", "", YOUTUBE_NO_CHANNEL, extra(kind));
      const name = second.toLowerCase();
      return handleResult(original, "url", name, "youtube", "high", name, extra(kind));
    }
    case "watch":
      return youtubeVideo(original, queryParam(query, "v"), "video");
    case "shorts":
      return youtubeVideo(original, second, "short");
    case "live":
    case "embed":
    case "v":
    case "e":
      return youtubeVideo(original, second, "video");
    default: {
      if (isYoutubePage(page) || site === "youtube-nocookie.com") {
        return invalid(original, "url", "", YOUTUBE_NOT_CHANNEL, { platform: "youtube" });
      }
      // youtube.com/<name>: a legacy custom URL.
      return handleResult(original, "url", page, "youtube", "high", page, extra("custom_url"));
    }
  }
}
