import { isPlatform, PLATFORM_LABELS, type Platform } from "../schemas/platform";
import type { Provenance } from "../schemas/report";
import { type CleanPost, cleanPosts } from "./posts";
import { num, str } from "./stats";

/** What the snapshot says about the account, read defensively (bad values are unknown, never zero). */
export interface Profile {
  /** The snapshot as a plain record (an empty one when it is not an object). */
  raw: Record<string, unknown>;
  /** False when the platform is unknown (then analysed as Instagram). */
  platformOk: boolean;
  platform: Platform;
  /** "Instagram", "TikTok", "YouTube". */
  label: string;
  /** The handle without a leading "@". */
  username: string;
  /** The handle in lower case (the scan does not count the account's own @mentions). */
  self: string;
  name: string;
  bio: string;
  category: string;
  /** The follower count to divide by: 0 when under one or unknown. */
  followers: number;
  followersHidden: boolean;
  /** The follower count as the report shows it (0 when unknown). */
  followersShown: number;
  following: number | null;
  isPrivate: boolean;
  source: string;
  /** "sample" for generated data, else "measured": the kind of every measured field. */
  measured: Provenance["kind"];
  /** "instagram-graph at 2026-…" or "sample data (…)": the first input of every field. */
  src: string;
  /** "subscribers" on YouTube, else "followers". */
  followerWord: string;
  /** The posts to analyse (none for a private account). */
  posts: CleanPost[];
}

/** The profile fields and the cleaned posts of a snapshot (the report's identity and its inputs). */
export function readProfile(snapshot: unknown): Profile {
  const raw = (snapshot && typeof snapshot === "object" ? snapshot : {}) as Record<string, unknown>;
  const platformOk = isPlatform(raw.platform);
  const platform: Platform = platformOk ? (raw.platform as Platform) : "instagram";
  const label = PLATFORM_LABELS[platform];
  let username = str(raw.username, 100).trim();
  if (username.charCodeAt(0) === 64) username = username.slice(1); // a leading "@"
  const self = username.toLowerCase();
  const name = str(raw.name, 500);
  const bio = str(raw.bio, 5_000);
  const categoryText = str(raw.category, 200).trim();
  // Instagram's placeholder "None" (stored by older collectors) is no category.
  const category = categoryText.toLowerCase() === "none" ? "" : categoryText;
  // Under one follower is no audience to divide by (and 5e-324 would overflow every ratio).
  const followersRaw = num(raw.followers);
  const followersHidden = raw.followersHidden === true || followersRaw === null;
  const followers = followersRaw !== null && followersRaw >= 1 ? followersRaw : 0;
  const followersShown = followersRaw ?? 0;
  const following = num(raw.following);
  const isPrivate = raw.isPrivate === true;
  const source = str(raw.source, 100) || "unknown source";
  const isSample = source === "sample";
  const measured = isSample ? "sample" : "measured";
  const fetchedAt = str(raw.fetchedAt, 64);
  // Every figure names its source and when it was read; public-page scrapes and data providers say
  // they are unofficial (the snapshot's `official: false`).
  const src = isSample
    ? "sample data (generated, not a real account)"
    : `${source}${(raw as { official?: unknown }).official === false ? " (unofficial source)" : ""} at ${fetchedAt || "unknown time"}`;
  const followerWord = platform === "youtube" ? "subscribers" : "followers";
  const posts = isPrivate ? [] : cleanPosts(raw.posts);
  return {
    raw,
    platformOk,
    platform,
    label,
    username,
    self,
    name,
    bio,
    category,
    followers,
    followersHidden,
    followersShown,
    following,
    isPrivate,
    source,
    measured,
    src,
    followerWord,
    posts,
  };
}
