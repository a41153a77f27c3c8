/**
 * Instagram: the answer of `/api/v1/users/web_profile_info/?username=…`, the first-party call
 * Instagram's own profile page makes, read in the user's session. Accepts the classic `edge_*`
 * shape and the newer `*_count` / `pk` shape, with the mapping the server's instagram-web collector
 * uses (src/core/platform-json/instagram.ts).
 */
import { z } from "zod";
import {
  instagramFollowers,
  instagramProfileFields,
  instagramTimelinePosts,
  instagramUserSchema,
} from "../../../../src/core/platform-json/instagram";
import type { ProfileSnapshot } from "../../../../src/core/schemas/snapshot";
import { CaptureError } from "../capture-error";
import { CAPTURE_SOURCE, finishSnapshot, newestPosts } from "../snapshot";

/** Paths on instagram.com that are not profiles. */
const RESERVED = new Set([
  "p",
  "reel",
  "reels",
  "tv",
  "explore",
  "accounts",
  "stories",
  "direct",
  "about",
  "developer",
  "legal",
  "web",
  "api",
  "challenge",
  "emails",
]);

/** The profile handle of an instagram.com path ("/examplecreator/", "/examplecreator/reels/"). */
export function instagramHandleFromPath(pathname: string): string | undefined {
  const first = pathname.split("/").filter(Boolean)[0];
  if (!first || RESERVED.has(first.toLowerCase())) return undefined;
  return /^[A-Za-z0-9._]{1,30}$/.test(first) ? first : undefined;
}

const responseSchema = z.looseObject({
  data: z.looseObject({ user: z.unknown() }).optional(),
  status: z.string().optional(),
});

/** A web_profile_info answer → a ProfileSnapshot, or a CaptureError saying what is wrong. */
export function parseInstagramProfile(json: unknown, handle: string, now: Date): ProfileSnapshot {
  const response = responseSchema.safeParse(json);
  if (!response.success || !response.data.data)
    throw new CaptureError(
      `Instagram did not send @${handle}'s profile data (no "data" object); make sure you are signed in to Instagram, reload the page and try again.`,
      "no-profile-data",
    );
  if (response.data.data.user === null)
    throw new CaptureError(`Instagram says there is no account @${handle}.`, "not-found");
  const parsed = instagramUserSchema.safeParse(response.data.data.user);
  if (!parsed.success)
    throw new CaptureError(
      `Instagram's profile data for @${handle} has an unexpected shape (${parsed.error.issues[0]?.path.join(".") || "user"}); the site may have changed. Nothing was sent.`,
      "unexpected-shape",
    );
  const user = parsed.data;
  const followers = instagramFollowers(user);
  if (followers === undefined)
    throw new CaptureError(
      `Instagram's profile data for @${handle} has no follower count; nothing was sent.`,
      "no-followers",
    );
  const { posts } = instagramTimelinePosts(user);
  return finishSnapshot(
    {
      ...instagramProfileFields(user),
      followers,
      fetchedAt: now.toISOString(),
      source: CAPTURE_SOURCE,
      capturedFrom: "instagram web_profile_info",
      official: false,
      posts: newestPosts(posts),
    },
    "Instagram",
  );
}
