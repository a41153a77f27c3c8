import type { Platform } from "../schemas/platform";

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
