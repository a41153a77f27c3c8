import type { Platform } from "../schemas/platform";
import { findKnownBySquashed, foldAccents, squashName } from "./known-creators";
import {
  HANDLE_MAX_LENGTH,
  isChannelId,
  isVideoId,
  MAX_SUGGESTIONS,
  USERNAME_REQUIRED,
  validateHandle,
} from "./rules";

export type InputType = "url" | "at_mention" | "username" | "display_name";
export type Confidence = "high" | "medium" | "low";
export type LinkKind =
  | "profile"
  | "channel_id"
  | "custom_url"
  | "legacy_user"
  | "handle"
  | "video"
  | "short"
  | "short_link";

/** Spec §3 "Parsed input", plus the platform a URL names, why it is not usable, and the kind of link. */
export interface ParsedInput {
  /** The handle (or, for YouTube video links, the video id; for channel links, the channel id). */
  username: string;
  originalInput: string;
  inputType: InputType;
  confidence: Confidence;
  /** At most three valid handles the input could mean. */
  suggestions: string[];
  isValid: boolean;
  /** The platform a URL names (may differ from the selected one). Only set for URLs. */
  platform?: Platform;
  /** Why the input cannot be used as it is (set when isValid is false). */
  reason?: string;
  /** Which kind of link a URL is (set for recognised Instagram/TikTok/YouTube links). */
  linkKind?: LinkKind;
}

/** Longer inputs (after trimming) are refused without being read: no handle or profile URL is this long. */
export const MAX_INPUT_LENGTH = 2048;

export const INPUT_TOO_LONG = "This is too long to be a username or a profile link.";
export const NOT_A_PROFILE_LINK =
  "This link is not an Instagram, TikTok or YouTube profile. Paste the profile link or the @username.";
export const NOT_A_HANDLE =
  "No username could be made from this. Type the @username or paste the profile link.";
export const INSTAGRAM_POST_LINK =
  "This is a link to an Instagram post, not a profile. Paste the profile link or the @username.";
export const INSTAGRAM_NOT_PROFILE =
  "This Instagram link is not a profile. Paste the profile link or the @username.";
export const INSTAGRAM_NO_USERNAME = "This Instagram link has no username in it.";
export const TIKTOK_SHORT_LINK =
  "TikTok short links can't be read without opening them. Open the link and paste the profile link or the @username.";
export const TIKTOK_NO_USERNAME = "This TikTok link has no @username in it.";
export const YOUTUBE_BAD_CHANNEL_ID = "This YouTube channel link has no valid channel id (UC…) in it.";
export const YOUTUBE_BAD_VIDEO_ID = "This YouTube link has no valid video id in it.";
export const YOUTUBE_NO_CHANNEL = "This YouTube link has no channel in it.";
export const YOUTUBE_NOT_CHANNEL =
  "This YouTube link is not a channel or a video. Paste the channel link or its @handle.";

// ---------------------------------------------------------------------------------------------
// Character classes (char codes), so the hot path needs no regular expressions.

const SLASH = 47;
const AT = 64;
const DOT = 46;
const COLON = 58;

const F_UPPER = 1;
const F_HYPHEN = 2;
const F_SPACE = 4;
const F_LINKISH = 8; // "/", ":", "." — worth checking for a URL
const F_OTHER = 16; // anything a handle can never contain (incl. "@" after the start)
const F_UNUSUAL = 32; // control or non-ASCII characters: clean() before reading

function isSpaceLike(c: number): boolean {
  return (
    (c >= 9 && c <= 13) ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Control, format and bidi characters that copy-paste drags along (zero-width, LRM/RLM, BOM…). */
function isInvisible(c: number): boolean {
  return (
    c < 0x20 ||
    (c >= 0x7f && c <= 0x9f) ||
    c === 0xad ||
    c === 0x61c ||
    c === 0x180e ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x206f) ||
    c === 0xfeff
  );
}

/** Maps Unicode spaces to " ", drops invisible characters, trims. */
function clean(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e) out += s[i];
    else if (isSpaceLike(c)) out += " ";
    else if (!isInvisible(c)) out += s[i];
  }
  return out.trim();
}

/** One pass over the text: which kinds of characters it has (F_* flags). */
function scan(text: string): number {
  let flags = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95) continue;
    if (c >= 65 && c <= 90) flags |= F_UPPER;
    else if (c === DOT) flags |= F_LINKISH;
    else if (c === 45) flags |= F_HYPHEN;
    else if (c === 32) flags |= F_SPACE;
    else if (c === SLASH || c === COLON) flags |= F_LINKISH | F_OTHER;
    else if (c === AT && i === 0) continue;
    else if (c < 0x20 || c > 0x7e) flags |= F_OTHER | F_UNUSUAL;
    else flags |= F_OTHER;
  }
  return flags;
}

// ---------------------------------------------------------------------------------------------
// Results

interface Extra {
  platform?: Platform;
  linkKind?: LinkKind;
}

function make(
  originalInput: string,
  inputType: InputType,
  username: string,
  confidence: Confidence,
  suggestions: string[],
  isValid: boolean,
  extra: Extra | undefined,
  reason: string | undefined,
): ParsedInput {
  const r: ParsedInput = { username, originalInput, inputType, confidence, suggestions, isValid };
  if (extra?.platform) r.platform = extra.platform;
  if (reason !== undefined) r.reason = reason;
  if (extra?.linkKind) r.linkKind = extra.linkKind;
  return r;
}

function invalid(
  original: string,
  inputType: InputType,
  username: string,
  reason: string,
  extra?: Extra,
  suggestions: string[] = [],
): ParsedInput {
  return make(original, inputType, username, "low", suggestions, false, extra, reason);
}

/** A handle read from the input: `confidence` when it satisfies the platform's rules, else low with suggestions. */
function handleResult(
  original: string,
  inputType: InputType,
  username: string,
  platform: Platform,
  confidence: Confidence,
  source: string,
  extra?: Extra,
): ParsedInput {
  const check = validateHandle(username, platform);
  if (check.ok) return make(original, inputType, username, confidence, [], true, extra, undefined);
  return make(
    original,
    inputType,
    username,
    "low",
    suggestionsFor(source, platform, username),
    false,
    extra,
    check.reason,
  );
}

// ---------------------------------------------------------------------------------------------
// Suggestions

const CAMEL = /([a-z0-9])([A-Z])/g;
const WORD_SPLIT = /[^a-z0-9]+/;
const MAX_WORDS = 12;

/** Joins words with `sep`, whole words only while they fit in `max`; a first word longer than max is cut. */
function joinWords(words: string[], sep: string, max: number): string {
  let out = words[0]!;
  if (out.length > max) return out.slice(0, max);
  for (let i = 1; i < words.length; i++) {
    const next = out + sep + words[i];
    if (next.length > max) break;
    out = next;
  }
  return out;
}

/**
 * Up to three valid handles a name or a broken handle could be: its words squashed together,
 * joined with dots, with underscores (each cut to the platform's limit at a word boundary), then
 * first and last word. `exclude` (the handle already offered) is left out.
 */
export function suggestionsFor(text: string, platform: Platform, exclude = ""): string[] {
  if (typeof text !== "string" || text === "") return [];
  const source = text.length > MAX_INPUT_LENGTH ? text.slice(0, MAX_INPUT_LENGTH) : text;
  const words = foldAccents(source)
    .replace(CAMEL, "$1 $2")
    .toLowerCase()
    .split(WORD_SPLIT)
    .filter((w) => w !== "");
  if (words.length === 0) return [];
  if (words.length > MAX_WORDS) words.length = MAX_WORDS;
  const max = HANDLE_MAX_LENGTH[platform];
  const candidates = [joinWords(words, "", max), joinWords(words, ".", max), joinWords(words, "_", max)];
  if (words.length > 2) {
    const first = words[0]!;
    const last = words[words.length - 1]!;
    candidates.push(first + last, `${first}_${last}`, `${first}.${last}`);
  }
  const out: string[] = [];
  for (const c of candidates) {
    if (c === exclude || out.includes(c) || !validateHandle(c, platform).ok) continue;
    out.push(c);
    if (out.length === MAX_SUGGESTIONS) break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// URLs

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
function parseLink(original: string, text: string): ParsedInput | null {
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
  return make(original, "url", id, "high", [], true, extra, undefined);
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
      return make(original, "url", second, "high", [], true, extra("channel_id"), undefined);
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

// ---------------------------------------------------------------------------------------------
// Names

const NOT_HANDLE_CHARS = /[^a-z0-9_.]+/g;
const DOTS_AND_UNDERSCORES = /[._]+/g;

/** Spec §5's normalisation: lower case, only letters, digits, underscore and dot (accents folded). */
function normalizeChars(text: string): string {
  return foldAccents(text).toLowerCase().replace(NOT_HANDLE_CHARS, "");
}

/**
 * A display name: a known creator's handle on the platform (medium), else the name squashed into
 * a valid handle (medium), else low with suggestions.
 */
function displayName(original: string, text: string, platform: Platform): ParsedInput {
  const known = findKnownBySquashed(squashName(text), platform);
  if (known !== undefined && validateHandle(known, platform).ok) {
    return make(
      original,
      "display_name",
      known,
      "medium",
      suggestionsFor(text, platform, known),
      true,
      undefined,
      undefined,
    );
  }
  const normalised = normalizeChars(text);
  let candidate = normalised;
  let check = validateHandle(candidate, platform);
  if (!check.ok) {
    const squashed = normalised.replace(DOTS_AND_UNDERSCORES, "");
    if (squashed !== normalised && validateHandle(squashed, platform).ok) {
      candidate = squashed;
      check = { ok: true };
    }
  }
  if (check.ok) {
    return make(
      original,
      "display_name",
      candidate,
      "medium",
      suggestionsFor(text, platform, candidate),
      true,
      undefined,
      undefined,
    );
  }
  return invalid(
    original,
    "display_name",
    normalised,
    normalised === "" ? NOT_A_HANDLE : check.reason,
    undefined,
    suggestionsFor(text, platform),
  );
}

/**
 * Reads what a user typed into the analyser — a profile URL, an @mention, a handle or a display
 * name — as a handle on `platform` with a confidence (spec §4): URL, @name or plain username →
 * high; a display name that maps to a known creator or squashes into a valid handle → medium;
 * otherwise low, with up to three valid suggestions. A URL names its own platform (`platform`).
 * Instagram and TikTok handles come out in lower case; YouTube channel and video ids keep their
 * case. Never throws, for any string.
 */
export function parseProfileInput(input: string, platform: Platform): ParsedInput {
  const original = typeof input === "string" ? input : "";
  const p: Platform = platform === "tiktok" || platform === "youtube" ? platform : "instagram";
  let text = original.trim();
  if (text.length > MAX_INPUT_LENGTH) return invalid(original, "username", "", INPUT_TOO_LONG);
  let flags = scan(text);
  if (flags & F_UNUSUAL) {
    text = clean(text);
    flags = scan(text);
  }
  if (text === "") return invalid(original, "username", "", USERNAME_REQUIRED);
  if ((flags & (F_LINKISH | F_SPACE)) === F_LINKISH && text.charCodeAt(0) !== AT) {
    const link = parseLink(original, text);
    if (link) return link;
  }

  const youtube = p === "youtube";
  if (text.charCodeAt(0) === AT) {
    let start = 1;
    while (start < text.length && text.charCodeAt(start) === AT) start++;
    const rest = text.slice(start);
    if (rest === "") return invalid(original, "at_mention", "", USERNAME_REQUIRED);
    if (flags & F_SPACE) return displayName(original, rest, p);
    const name = youtube && isChannelId(rest) ? rest : rest.toLowerCase();
    return handleResult(original, "at_mention", name, p, "high", rest);
  }

  const plain = (flags & (F_SPACE | F_OTHER)) === 0 && (youtube || (flags & F_HYPHEN) === 0);
  if (!plain) return displayName(original, text, p);

  if ((flags & F_UPPER) === 0) {
    const r = handleResult(original, "username", text, p, "high", text);
    if (r.isValid) return r;
    const known = findKnownBySquashed(squashName(text), p);
    return known !== undefined && validateHandle(known, p).ok
      ? make(original, "display_name", known, "medium", r.suggestions, true, undefined, undefined)
      : r;
  }
  // Capitals: a channel id, a known creator's name ("MrBeast"), or — on YouTube, where handles
  // and video ids show their case — a handle as typed; elsewhere a name to lower-case.
  if (youtube && isChannelId(text))
    return make(original, "username", text, "high", [], true, undefined, undefined);
  const known = findKnownBySquashed(squashName(text), p);
  if (known !== undefined && validateHandle(known, p).ok) {
    return make(
      original,
      "display_name",
      known,
      "medium",
      suggestionsFor(text, p, known),
      true,
      undefined,
      undefined,
    );
  }
  if (youtube) return handleResult(original, "username", text, p, "high", text);
  const lower = text.toLowerCase();
  if (validateHandle(lower, p).ok) {
    return make(
      original,
      "display_name",
      lower,
      "medium",
      suggestionsFor(text, p, lower),
      true,
      undefined,
      undefined,
    );
  }
  return displayName(original, text, p);
}

/**
 * Spec §5, before submitting: lower case, no leading @, only letters, digits, underscore and dot —
 * unless the parser reads the input with medium or high confidence, in which case its handle is
 * used (so YouTube channel and video ids keep their case). Note a URL may name another platform
 * than the selected one: use parseProfileInput's `platform` for that.
 */
export function normalizeForSubmit(input: string, platform: Platform): string {
  const parsed = parseProfileInput(input, platform);
  if (parsed.isValid && parsed.confidence !== "low") return parsed.username;
  const text = typeof input === "string" ? input.trim() : "";
  return normalizeChars(clean(text.length > MAX_INPUT_LENGTH ? text.slice(0, MAX_INPUT_LENGTH) : text));
}
