export { isChannelId } from "../handles";

import { PLATFORM_LABELS, type Platform } from "../platforms";

/** Spec §5 and §9: per-platform handle length limits. */
export const HANDLE_MAX_LENGTH: Readonly<Record<Platform, number>> = {
  instagram: 30,
  tiktok: 24,
  youtube: 100,
};
/** Spec §5/§9: the analyser form accepts at most 100 characters. */
export const FORM_MAX_LENGTH = 100;
/** Spec §2/§9: at most three suggestions. */
export const MAX_SUGGESTIONS = 3;

/** Spec §5 messages, exactly. */
export const USERNAME_REQUIRED = "Username is required";
export const PLATFORM_REQUIRED = "Please select a platform";
/** The form's over-100 message (the spec gives no text for it). */
export const USERNAME_FORM_TOO_LONG = `Username must be ${FORM_MAX_LENGTH} characters or less`;

/** Spec §5 toast: '{platform} usernames must be {n} characters or less. Try using one of the suggested alternatives.' */
export function usernameTooLongMessage(platform: Platform): string {
  return `${PLATFORM_LABELS[platform]} usernames must be ${HANDLE_MAX_LENGTH[platform]} characters or less. Try using one of the suggested alternatives.`;
}

/** Why a handle has characters its platform does not allow (spec §5 character sets). */
export function invalidCharactersMessage(platform: Platform): string {
  return platform === "youtube"
    ? "YouTube handles can only use letters, numbers, underscores, dots and hyphens."
    : `${PLATFORM_LABELS[platform]} usernames can only use letters, numbers, underscores and dots.`;
}
export const INSTAGRAM_DOTS_MESSAGE =
  "Instagram usernames can't start or end with a dot or have two dots in a row.";
export const TIKTOK_TRAILING_DOT_MESSAGE = "TikTok usernames can't end with a dot.";

export type HandleCheck = { ok: true } | { ok: false; reason: string; tooLong?: boolean };

const OK: HandleCheck = { ok: true };
const DOT = 46;
const HYPHEN = 45;
const UNDERSCORE = 95;

/** ASCII letter or digit. */
function isAlnum(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

/**
 * Whether a handle satisfies its platform's rules (spec §5): length limit, then characters
 * (letters, digits, underscore, dot; YouTube also hyphen), then Instagram's dot rules (no leading
 * or trailing dot, no "..") and TikTok's (no trailing dot). Letters of either case are accepted —
 * handles are case-insensitive; the parser hands them out in lower case.
 */
export function validateHandle(handle: string, platform: Platform): HandleCheck {
  const n = handle.length;
  if (n === 0) return { ok: false, reason: USERNAME_REQUIRED };
  if (n > HANDLE_MAX_LENGTH[platform]) {
    return { ok: false, reason: usernameTooLongMessage(platform), tooLong: true };
  }
  const youtube = platform === "youtube";
  let doubleDot = false;
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const c = handle.charCodeAt(i);
    if (!(isAlnum(c) || c === UNDERSCORE || c === DOT || (youtube && c === HYPHEN))) {
      return { ok: false, reason: invalidCharactersMessage(platform) };
    }
    if (c === DOT && prev === DOT) doubleDot = true;
    prev = c;
  }
  if (platform === "instagram") {
    if (doubleDot || handle.charCodeAt(0) === DOT || prev === DOT) {
      return { ok: false, reason: INSTAGRAM_DOTS_MESSAGE };
    }
  } else if (platform === "tiktok" && prev === DOT) {
    return { ok: false, reason: TIKTOK_TRAILING_DOT_MESSAGE };
  }
  return OK;
}

/** A YouTube video id: 11 characters of [A-Za-z0-9_-]. Case-sensitive. */
export function isVideoId(text: string): boolean {
  if (text.length !== 11) return false;
  for (let i = 0; i < 11; i++) {
    const c = text.charCodeAt(i);
    if (!(isAlnum(c) || c === UNDERSCORE || c === HYPHEN)) return false;
  }
  return true;
}
