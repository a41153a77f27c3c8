import type { Platform } from "../schemas/platform";
import { findKnownCreator, squashName } from "./known-creators";
import { HANDLE_MAX_LENGTH, isChannelId, MAX_SUGGESTIONS, USERNAME_REQUIRED, validateHandle } from "./rules";

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

export interface ParsedInput {
  username: string;
  originalInput: string;
  inputType: InputType;
  confidence: Confidence;
  suggestions: string[];
  isValid: boolean;
  /** The platform a URL names (may differ from the selected one). */
  platform?: Platform;
  reason?: string;
  linkKind?: LinkKind;
}

/** Inputs longer than this are not scanned further (the form allows 100; URLs carry tracking params). */
const SCAN_LIMIT = 2048;

const HOSTS: Record<string, Platform> = {
  "instagram.com": "instagram",
  "instagr.am": "instagram",
  "tiktok.com": "tiktok",
  "vm.tiktok.com": "tiktok",
  "vt.tiktok.com": "tiktok",
  "youtube.com": "youtube",
  "music.youtube.com": "youtube",
  "youtu.be": "youtube",
};

const IG_NOT_PROFILES = new Set([
  "p",
  "reel",
  "reels",
  "tv",
  "explore",
  "accounts",
  "direct",
  "about",
  "legal",
  "developer",
  "web",
]);
const NOT_A_PROFILE_LINK =
  "This link is not an Instagram, TikTok or YouTube profile. Paste the profile link or the @username.";

function result(
  originalInput: string,
  inputType: InputType,
  username: string,
  platform: Platform,
  fields: Partial<ParsedInput> = {},
): ParsedInput {
  const check = validateHandle(username, platform);
  const isValid = check.ok;
  const base: ParsedInput = {
    username,
    originalInput,
    inputType,
    confidence: isValid ? (fields.confidence ?? "high") : "low",
    suggestions: [],
    isValid,
    ...fields,
  };
  if (!isValid) {
    base.confidence = "low";
    base.reason = fields.reason ?? (check.ok ? undefined : check.reason);
    base.suggestions = fields.suggestions ?? suggestionsFor(username, platform);
  }
  return base;
}

/** Up to three valid handles a name or an over-long handle could be. */
export function suggestionsFor(text: string, platform: Platform): string[] {
  const max = HANDLE_MAX_LENGTH[platform];
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 12);
  if (words.length === 0) return [];
  const candidates = [words.join(""), words.join("."), words.join("_"), words.join("").slice(0, max)];
  if (words.length > 1)
    candidates.push(`${words[0]}${words[words.length - 1]}`, `${words[0]}_${words[words.length - 1]}`);
  const out: string[] = [];
  for (const c of candidates) {
    const trimmed = c.length > max ? c.slice(0, max).replace(/[._]+$/, "") : c;
    if (trimmed && !out.includes(trimmed) && validateHandle(trimmed, platform).ok) out.push(trimmed);
    if (out.length === MAX_SUGGESTIONS) break;
  }
  return out;
}

/** Splits "scheme://host/path?query#fragment" without `new URL` (fast, and never throws). */
function splitUrl(text: string): { host: string; path: string; query: string } | null {
  let rest = text;
  const scheme = rest.match(/^[a-z][a-z0-9+.-]{0,15}:\/\//i);
  if (scheme) rest = rest.slice(scheme[0].length);
  const end = rest.search(/[/?#]/);
  const hostPart = (end === -1 ? rest : rest.slice(0, end)).toLowerCase();
  const host = hostPart.replace(/:\d+$/, "").replace(/^.*@/, "");
  if (!scheme && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) return null;
  if (!scheme && end === -1 && !HOSTS[host.replace(/^(www|m|mobile)\./, "")]) return null;
  const after = end === -1 ? "" : rest.slice(end);
  const hashAt = after.indexOf("#");
  const noHash = hashAt === -1 ? after : after.slice(0, hashAt);
  const q = noHash.indexOf("?");
  return { host, path: q === -1 ? noHash : noHash.slice(0, q), query: q === -1 ? "" : noHash.slice(q + 1) };
}

function queryParam(query: string, name: string): string | undefined {
  for (const part of query.split("&")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) return part.slice(eq + 1);
  }
  return undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function parseUrl(original: string, text: string): ParsedInput | null {
  const parts = splitUrl(text);
  if (!parts) return null;
  const bareHost = parts.host.replace(/^(www|m|mobile)\./, "");
  const platform = HOSTS[bareHost];
  if (!platform) {
    return {
      username: "",
      originalInput: original,
      inputType: "url",
      confidence: "low",
      suggestions: [],
      isValid: false,
      reason: NOT_A_PROFILE_LINK,
    };
  }
  const segs = parts.path.split("/").filter(Boolean).map(safeDecode);
  const invalid = (reason: string): ParsedInput => ({
    username: "",
    originalInput: original,
    inputType: "url",
    confidence: "low",
    suggestions: [],
    isValid: false,
    platform,
    reason,
  });
  if (platform === "instagram") {
    const first = segs[0]?.toLowerCase();
    if (!first) return invalid("This Instagram link has no username in it.");
    if (first === "stories" && segs[1]) {
      return result(original, "url", segs[1].toLowerCase(), platform, { platform, linkKind: "profile" });
    }
    if (IG_NOT_PROFILES.has(first)) {
      return invalid(
        "This is a link to an Instagram post, not a profile. Paste the profile link or the @username.",
      );
    }
    return result(original, "url", first.replace(/^@/, ""), platform, { platform, linkKind: "profile" });
  }
  if (platform === "tiktok") {
    if (bareHost !== "tiktok.com") {
      return invalid(
        "TikTok short links can't be read without opening them. Open it and paste the profile link or the @username.",
      );
    }
    const first = segs[0];
    if (!first?.startsWith("@")) return invalid("This TikTok link has no @username in it.");
    return result(original, "url", first.slice(1).toLowerCase(), platform, { platform, linkKind: "profile" });
  }
  // YouTube
  if (bareHost === "youtu.be") {
    const id = segs[0];
    if (!id) return invalid("This YouTube short link has no video in it.");
    return result(original, "url", id, platform, { platform, linkKind: "short_link" });
  }
  const first = segs[0] ?? "";
  const second = segs[1] ?? "";
  if (first.startsWith("@"))
    return result(original, "url", first.slice(1), platform, { platform, linkKind: "handle" });
  switch (first.toLowerCase()) {
    case "channel":
      if (!isChannelId(second))
        return invalid("This YouTube channel link has no valid channel id (UC…) in it.");
      return result(original, "url", second, platform, { platform, linkKind: "channel_id" });
    case "c":
      if (!second) return invalid("This YouTube link has no channel name in it.");
      return result(original, "url", second, platform, { platform, linkKind: "custom_url" });
    case "user":
      if (!second) return invalid("This YouTube link has no user name in it.");
      return result(original, "url", second, platform, { platform, linkKind: "legacy_user" });
    case "watch": {
      const v = queryParam(parts.query, "v");
      if (!v) return invalid("This YouTube video link has no video id in it.");
      return result(original, "url", safeDecode(v), platform, { platform, linkKind: "video" });
    }
    case "shorts":
      if (!second) return invalid("This YouTube Shorts link has no video id in it.");
      return result(original, "url", second, platform, { platform, linkKind: "short" });
    case "live":
      if (!second) return invalid("This YouTube live link has no video id in it.");
      return result(original, "url", second, platform, { platform, linkKind: "video" });
    default:
      if (!first) return invalid("This YouTube link has no channel in it.");
      if (["results", "feed", "playlist", "premium", "account", "gaming"].includes(first.toLowerCase())) {
        return invalid("This YouTube link is not a channel. Paste the channel link or its @handle.");
      }
      // youtube.com/<name> is a legacy custom URL.
      return result(original, "url", first, platform, { platform, linkKind: "custom_url" });
  }
}

const PLAIN_IG_TT = /^[A-Za-z0-9._]+$/;
const PLAIN_YT = /^[A-Za-z0-9._-]+$/;

/**
 * Reads what a user typed into the analyser — a profile URL, an @mention, a handle or a display
 * name — as a platform handle with a confidence (spec §4): URL, @name or plain username → high;
 * a display name that maps to a known creator or squashes into a valid handle → medium; otherwise
 * low, with up to three suggestions. Never throws.
 */
export function parseProfileInput(input: string, platform: Platform): ParsedInput {
  const original = typeof input === "string" ? input : "";
  const text = original.slice(0, SCAN_LIMIT).trim();
  if (text === "") {
    return {
      username: "",
      originalInput: original,
      inputType: "username",
      confidence: "low",
      suggestions: [],
      isValid: false,
      reason: USERNAME_REQUIRED,
    };
  }
  if (
    text.includes("/") ||
    /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ||
    /^(www\.|m\.)?[a-z0-9-]+\.(com|be|am)\b/i.test(text)
  ) {
    const url = parseUrl(original, text);
    if (url) return url;
  }
  const lower = (s: string) => (platform === "youtube" ? s : s.toLowerCase());
  if (text.startsWith("@")) {
    const name = text.replace(/^@+/, "");
    if ((platform === "youtube" ? PLAIN_YT : PLAIN_IG_TT).test(name)) {
      return result(original, "at_mention", lower(name), platform);
    }
    return displayName(original, name, platform, "at_mention");
  }
  if ((platform === "youtube" ? PLAIN_YT : PLAIN_IG_TT).test(text)) {
    const known = findKnownCreator(text, platform);
    const handle = lower(text);
    const r = result(original, "username", handle, platform);
    if (!r.isValid && known)
      return result(original, "display_name", known, platform, { confidence: "medium" });
    return r;
  }
  return displayName(original, text, platform, "display_name");
}

function displayName(original: string, text: string, platform: Platform, inputType: InputType): ParsedInput {
  const known = findKnownCreator(text, platform);
  if (known) {
    const r = result(original, inputType === "at_mention" ? "at_mention" : "display_name", known, platform, {
      confidence: "medium",
    });
    if (r.isValid) {
      r.suggestions = suggestionsFor(text, platform)
        .filter((s) => s !== known)
        .slice(0, MAX_SUGGESTIONS);
      return r;
    }
  }
  const squashed = squashName(text);
  const suggestions = suggestionsFor(text, platform);
  if (squashed && squashed.length <= HANDLE_MAX_LENGTH[platform] && validateHandle(squashed, platform).ok) {
    return {
      username: squashed,
      originalInput: original,
      inputType: "display_name",
      confidence: "medium",
      suggestions: suggestions.filter((s) => s !== squashed).slice(0, MAX_SUGGESTIONS),
      isValid: true,
    };
  }
  const check = squashed ? validateHandle(squashed, platform) : null;
  return {
    username: squashed.slice(0, HANDLE_MAX_LENGTH[platform]),
    originalInput: original,
    inputType: "display_name",
    confidence: "low",
    suggestions,
    isValid: false,
    reason:
      check && !check.ok
        ? check.reason
        : "This doesn't look like a username. Type the @handle or paste the profile link.",
  };
}

/**
 * Spec §5, before submitting: lower case, no leading @, only letters, digits, underscore and dot —
 * unless the parser is at least moderately confident, in which case its handle is used (YouTube
 * channel ids keep their case).
 */
export function normalizeForSubmit(input: string, platform: Platform): string {
  const parsed = parseProfileInput(input, platform);
  if (parsed.isValid && parsed.confidence !== "low") return parsed.username;
  return (typeof input === "string" ? input : "")
    .slice(0, SCAN_LIMIT)
    .trim()
    .toLowerCase()
    .replace(/^@+/, "")
    .replace(/[^a-z0-9_.]/g, "");
}
