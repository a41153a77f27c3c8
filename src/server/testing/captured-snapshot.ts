import type { ProfileSnapshot } from "#core/schemas/snapshot";

const DAY = 86_400_000;

/**
 * A TikTok profile as the browser extension captures it (POST /api/v1/snapshots): six recent videos,
 * dated back from 20 Nov 2026, with `followers` and the `fetchedAt` the capture claims.
 */
export function capturedSnapshot(username: string, followers: number, fetchedAt: string): ProfileSnapshot {
  return {
    platform: "tiktok",
    username,
    name: `Creator ${username}`,
    bio: "Recipes",
    verified: false,
    isPrivate: false,
    followers,
    following: 10,
    postsCount: 40,
    fetchedAt,
    source: "capture",
    posts: Array.from({ length: 6 }, (_, i) => ({
      id: `${username}-${i}`,
      type: "video" as const,
      caption: "Pasta",
      postedAt: new Date(Date.parse("2026-11-20T10:00:00Z") - (i + 1) * 2 * DAY).toISOString(),
      likes: 90_000,
      comments: 3000,
      views: 900_000,
    })),
  };
}
