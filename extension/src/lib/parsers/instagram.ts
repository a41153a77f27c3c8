/**
 * Instagram: the answer of `/api/v1/users/web_profile_info/?username=…`, the first-party call
 * Instagram's own profile page makes, read in the user's session. Accepts the classic `edge_*`
 * shape and the newer `*_count` / `pk` shape, as the server's instagram-web collector does.
 */
import { z } from "zod";
import type { ProfileSnapshot, SnapshotPost } from "../../../../src/core/schemas/snapshot";
import { CaptureError } from "../capture-error";
import { CAPTURE_SOURCE, finishSnapshot, newestPosts } from "../snapshot";

/** The web app id Instagram's own pages send with this call (same value as the server collector). */
export const INSTAGRAM_WEB_APP_ID = "936619743392459";

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

const countEdge = z.looseObject({ count: z.number() });

const nodeSchema = z.looseObject({
  __typename: z.string().optional(),
  id: z.string(),
  shortcode: z.string().optional(),
  is_video: z.boolean().optional(),
  product_type: z.string().nullish(),
  taken_at_timestamp: z.number(),
  video_view_count: z.number().nullish(),
  video_play_count: z.number().nullish(),
  video_duration: z.number().nullish(),
  like_and_view_counts_disabled: z.boolean().nullish(),
  edge_liked_by: countEdge.nullish(),
  edge_media_preview_like: countEdge.nullish(),
  edge_media_to_comment: countEdge.nullish(),
  edge_media_preview_comment: countEdge.nullish(),
  edge_media_to_caption: z
    .looseObject({ edges: z.array(z.looseObject({ node: z.looseObject({ text: z.string() }) })) })
    .nullish(),
});
type IgNode = z.output<typeof nodeSchema>;

const userSchema = z.looseObject({
  id: z.string().optional(),
  pk: z.union([z.string(), z.number()]).optional(),
  username: z.string().min(1),
  full_name: z.string().nullish(),
  biography: z.string().nullish(),
  is_verified: z.boolean().nullish(),
  is_private: z.boolean().nullish(),
  is_business_account: z.boolean().nullish(),
  is_business: z.boolean().nullish(),
  category_name: z.string().nullish(),
  business_category_name: z.string().nullish(),
  external_url: z.string().nullish(),
  profile_pic_url: z.string().nullish(),
  profile_pic_url_hd: z.string().nullish(),
  edge_followed_by: countEdge.nullish(),
  follower_count: z.number().nullish(),
  edge_follow: countEdge.nullish(),
  following_count: z.number().nullish(),
  media_count: z.number().nullish(),
  edge_owner_to_timeline_media: z
    .looseObject({
      count: z.number().nullish(),
      edges: z.array(z.looseObject({ node: z.unknown() })).default([]),
    })
    .nullish(),
});

const responseSchema = z.looseObject({
  data: z.looseObject({ user: z.unknown() }).optional(),
  status: z.string().optional(),
});

function nodeToPost(node: IgNode): SnapshotPost {
  const hidden = node.like_and_view_counts_disabled === true;
  const rawLikes = node.edge_liked_by?.count ?? node.edge_media_preview_like?.count;
  const likes = hidden || rawLikes === undefined || rawLikes < 0 ? null : rawLikes;
  const comments = node.edge_media_to_comment?.count ?? node.edge_media_preview_comment?.count ?? null;
  const isVideo =
    node.__typename === "GraphVideo" || (node.__typename === undefined && node.is_video === true);
  const type =
    node.__typename === "GraphSidecar"
      ? "carousel"
      : isVideo
        ? node.product_type === "clips"
          ? "reel"
          : "video"
        : "photo";
  return {
    id: node.id,
    type,
    caption: node.edge_media_to_caption?.edges[0]?.node.text ?? null,
    postedAt: new Date(node.taken_at_timestamp * 1000).toISOString(),
    likes,
    comments: comments !== null && comments >= 0 ? comments : null,
    views: isVideo && !hidden ? (node.video_view_count ?? node.video_play_count ?? null) : null,
    durationSec: node.video_duration ?? null,
    ...(node.shortcode
      ? { url: `https://www.instagram.com/${type === "reel" ? "reel" : "p"}/${node.shortcode}/` }
      : {}),
  };
}

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
  const parsed = userSchema.safeParse(response.data.data.user);
  if (!parsed.success)
    throw new CaptureError(
      `Instagram's profile data for @${handle} has an unexpected shape (${parsed.error.issues[0]?.path.join(".") || "user"}); the site may have changed. Nothing was sent.`,
      "unexpected-shape",
    );
  const user = parsed.data;
  const followers = user.edge_followed_by?.count ?? user.follower_count;
  if (followers == null)
    throw new CaptureError(
      `Instagram's profile data for @${handle} has no follower count; nothing was sent.`,
      "no-followers",
    );
  const isPrivate = user.is_private === true;
  const posts: SnapshotPost[] = [];
  if (!isPrivate)
    for (const edge of user.edge_owner_to_timeline_media?.edges ?? []) {
      const node = nodeSchema.safeParse(edge.node);
      if (node.success) posts.push(nodeToPost(node.data));
    }
  return finishSnapshot(
    {
      platform: "instagram",
      username: user.username,
      name: user.full_name ?? "",
      bio: user.biography ?? "",
      verified: user.is_verified === true,
      isPrivate,
      category: user.category_name ?? user.business_category_name ?? null,
      avatarUrl: user.profile_pic_url_hd ?? user.profile_pic_url ?? null,
      externalUrl: user.external_url || null,
      followers,
      following: user.edge_follow?.count ?? user.following_count ?? null,
      postsCount: user.edge_owner_to_timeline_media?.count ?? user.media_count ?? null,
      fetchedAt: now.toISOString(),
      source: CAPTURE_SOURCE,
      capturedFrom: "instagram web_profile_info",
      official: false,
      posts: newestPosts(posts),
      isBusiness: user.is_business_account ?? user.is_business ?? null,
      platformUserId: user.id ?? (user.pk !== undefined ? String(user.pk) : null),
    },
    "Instagram",
  );
}
