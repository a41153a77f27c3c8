/** What a capture sends, in words, shown before anything is sent. */
import { PLATFORM_LABELS } from "../../../src/core/schemas/platform";
import type { ProfileSnapshot } from "../../../src/core/schemas/snapshot";

const PROFILE_FIELD_LABELS: Record<string, string> = {
  username: "username",
  name: "name",
  bio: "bio",
  verified: "verified badge",
  isPrivate: "private flag",
  category: "category",
  avatarUrl: "profile picture address",
  externalUrl: "link in bio",
  followers: "followers",
  following: "following",
  postsCount: "number of posts",
  totalLikes: "total likes",
  region: "region",
  isBusiness: "business account flag",
  platformUserId: "account id",
  channelId: "channel id",
};

const POST_FIELD_LABELS: Record<string, string> = {
  id: "id",
  type: "type",
  caption: "caption",
  title: "title",
  postedAt: "date",
  likes: "likes",
  comments: "comments",
  views: "views",
  shares: "shares",
  saves: "saves",
  durationSec: "duration",
  url: "link",
};

export interface CaptureDescription {
  /** "@examplecreator's Instagram profile and 5 recent posts". */
  headline: string;
  profileFields: string[];
  postFields: string[];
  postCount: number;
}

const present = (v: unknown) => v !== null && v !== undefined && v !== "";

/** The profile fields and post fields that carry a value in this snapshot, in words. */
export function describeCapture(snapshot: ProfileSnapshot): CaptureDescription {
  const s = snapshot as Record<string, unknown>;
  const profileFields = Object.keys(PROFILE_FIELD_LABELS)
    .filter((k) => present(s[k]))
    .map((k) => PROFILE_FIELD_LABELS[k]!);
  const postKeys = new Set<string>();
  for (const post of snapshot.posts)
    for (const [k, v] of Object.entries(post)) if (present(v) && POST_FIELD_LABELS[k]) postKeys.add(k);
  const postFields = Object.keys(POST_FIELD_LABELS)
    .filter((k) => postKeys.has(k))
    .map((k) => POST_FIELD_LABELS[k]!);
  const n = snapshot.posts.length;
  return {
    headline: `@${snapshot.username}'s ${PLATFORM_LABELS[snapshot.platform]} profile and ${n} recent post${n === 1 ? "" : "s"}`,
    profileFields,
    postFields,
    postCount: n,
  };
}
