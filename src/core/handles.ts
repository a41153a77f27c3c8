import type { Platform } from "./schemas/platform";

/** A YouTube channel id ("UC" + 22 characters): case-sensitive, unlike handles. */
export const CHANNEL_ID = /^UC[\w-]{22}$/;

/** A YouTube channel id: "UC" and 22 more characters of [A-Za-z0-9_-]. The one channel-id check. */
export function isChannelId(text: string): boolean {
  return CHANNEL_ID.test(text);
}

/** A handle without its leading "@" (or "@@…"): the one place that strips it. */
export function stripAt(handle: string): string {
  return handle.replace(/^@+/, "");
}

/**
 * The one spelling of a handle we store and look up: without "@", lower case — except YouTube
 * channel ids (UC…), which are case-sensitive.
 */
export function canonicalHandle(platform: Platform, handle: string): string {
  const h = stripAt(handle.trim());
  return platform === "youtube" && isChannelId(h) ? h : h.toLowerCase();
}
