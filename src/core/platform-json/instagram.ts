/**
 * Instagram's public profile JSON (the answer of `/api/v1/users/web_profile_info/?username=…`, the
 * call Instagram's own profile page makes) read into snapshot fields and posts. One mapping for the
 * server's instagram-web collector and the browser extension: each keeps its own I/O, error
 * messages and `source`. Accepts the classic `edge_*` shape and the newer `*_count` / `pk` shape.
 */
import { z } from "zod";
import type { SnapshotPost } from "../schemas/snapshot";

/** The web app id Instagram's own pages send with this call (`x-ig-app-id`). */
export const INSTAGRAM_WEB_APP_ID = "936619743392459";

const countEdge = z.looseObject({ count: z.number() });

/** A post: a node of `edge_owner_to_timeline_media.edges`. */
const instagramNodeSchema = z.looseObject({
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
type InstagramNode = z.output<typeof instagramNodeSchema>;

/** `data.user`. The follower count may be missing here; each reader decides what that means. */
export const instagramUserSchema = z.looseObject({
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
  category: z.string().nullish(),
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
export type InstagramUser = z.output<typeof instagramUserSchema>;

/** The follower count in either shape, or undefined when the user object has none. */
export function instagramFollowers(user: InstagramUser): number | undefined {
  return user.edge_followed_by?.count ?? user.follower_count ?? undefined;
}

function instagramNodeToPost(node: InstagramNode): SnapshotPost {
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

/**
 * The posts of the timeline edges in the order given (none for a private account), and how many
 * nodes were skipped for an unexpected shape.
 */
export function instagramTimelinePosts(user: InstagramUser): { posts: SnapshotPost[]; skipped: number } {
  const posts: SnapshotPost[] = [];
  let skipped = 0;
  if (user.is_private === true) return { posts, skipped };
  for (const edge of user.edge_owner_to_timeline_media?.edges ?? []) {
    const node = instagramNodeSchema.safeParse(edge.node);
    if (node.success) posts.push(instagramNodeToPost(node.data));
    else skipped++;
  }
  return { posts, skipped };
}

/**
 * The account's category: the first of the given names that says one. Instagram answers the literal
 * string "None" (and sometimes "") for an account without a category; that is no category.
 */
export function instagramCategory(...names: (string | null | undefined)[]): string | null {
  for (const name of names) {
    const t = name?.trim();
    if (t && t.toLowerCase() !== "none") return t;
  }
  return null;
}

/** The profile fields of a snapshot read from the user object (not followers, posts or provenance). */
export function instagramProfileFields(user: InstagramUser) {
  return {
    platform: "instagram" as const,
    username: user.username,
    name: user.full_name ?? "",
    bio: user.biography ?? "",
    verified: user.is_verified === true,
    isPrivate: user.is_private === true,
    category: instagramCategory(user.category_name, user.business_category_name, user.category),
    avatarUrl: user.profile_pic_url_hd ?? user.profile_pic_url ?? null,
    externalUrl: user.external_url || null,
    following: user.edge_follow?.count ?? user.following_count ?? null,
    postsCount: user.edge_owner_to_timeline_media?.count ?? user.media_count ?? null,
    isBusiness: user.is_business_account ?? user.is_business ?? null,
    platformUserId: user.id ?? (user.pk !== undefined ? String(user.pk) : null),
  };
}
