import { PLATFORM_LABELS, type Platform } from "../schemas/platform";

/** Spec §5 and §9: per-platform handle rules. */
export const HANDLE_MAX_LENGTH: Record<Platform, number> = { instagram: 30, tiktok: 24, youtube: 100 };
export const FORM_MAX_LENGTH = 100;
export const MAX_SUGGESTIONS = 3;

export const USERNAME_REQUIRED = "Username is required";
export const PLATFORM_REQUIRED = "Please select a platform";

/** Spec §5 toast: '{platform} usernames must be {n} characters or less. Try using one of the suggested alternatives.' */
export function usernameTooLongMessage(platform: Platform): string {
  return `${PLATFORM_LABELS[platform]} usernames must be ${HANDLE_MAX_LENGTH[platform]} characters or less. Try using one of the suggested alternatives.`;
}

const IG_TT_CHARS = /^[a-z0-9._]+$/;
const YT_CHARS = /^[a-z0-9._-]+$/i;
const CHANNEL_ID = /^UC[\w-]{22}$/;

export type HandleCheck = { ok: true } | { ok: false; reason: string; tooLong?: boolean };

/** Whether a (normalised) handle satisfies its platform's rules. */
export function validateHandle(handle: string, platform: Platform): HandleCheck {
  if (handle.length === 0) return { ok: false, reason: USERNAME_REQUIRED };
  if (handle.length > HANDLE_MAX_LENGTH[platform])
    return { ok: false, reason: usernameTooLongMessage(platform), tooLong: true };
  const label = PLATFORM_LABELS[platform];
  if (platform === "youtube") {
    if (CHANNEL_ID.test(handle)) return { ok: true };
    if (!YT_CHARS.test(handle)) {
      return {
        ok: false,
        reason: `${label} handles may only use letters, digits, underscores, dots and hyphens.`,
      };
    }
    return { ok: true };
  }
  if (!IG_TT_CHARS.test(handle)) {
    return { ok: false, reason: `${label} usernames may only use letters, digits, underscores and dots.` };
  }
  if (platform === "instagram" && (handle.startsWith(".") || handle.endsWith(".") || handle.includes(".."))) {
    return {
      ok: false,
      reason: "Instagram usernames can't start or end with a dot or contain two dots in a row.",
    };
  }
  if (platform === "tiktok" && handle.endsWith(".")) {
    return { ok: false, reason: "TikTok usernames can't end with a dot." };
  }
  return { ok: true };
}

export function isChannelId(handle: string): boolean {
  return CHANNEL_ID.test(handle);
}
