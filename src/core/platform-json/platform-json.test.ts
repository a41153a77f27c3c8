import { describe, expect, it } from "vitest";
import {
  instagramFollowers,
  instagramProfileFields,
  instagramTimelinePosts,
  instagramUserSchema,
} from "./instagram";
import { tiktokDetailItems, tiktokPosts, tiktokSigiUserKey, tiktokVideoUrl } from "./tiktok";

const node = (id: string, extra: Record<string, unknown> = {}) => ({
  node: { id, taken_at_timestamp: 1_780_000_000, ...extra },
});

describe("Instagram web_profile_info", () => {
  it("reads the newer *_count / pk / category shape as well as the edge_* one", () => {
    const user = instagramUserSchema.parse({
      username: "examplecreator",
      pk: 42,
      follower_count: 1200,
      following_count: 7,
      media_count: 3,
      category: "Artist",
      is_business: true,
    });
    expect(instagramFollowers(user)).toBe(1200);
    expect(instagramProfileFields(user)).toMatchObject({
      platformUserId: "42",
      following: 7,
      postsCount: 3,
      category: "Artist",
      isBusiness: true,
    });
  });

  it("has no follower count when neither shape carries one (null is not zero)", () => {
    const user = instagramUserSchema.parse({ username: "x", follower_count: null });
    expect(instagramFollowers(user)).toBeUndefined();
  });

  it("counts the timeline nodes it skips and reads none of a private account", () => {
    const edges = [node("1"), { node: { id: 2 } }, node("3", { __typename: "GraphSidecar" })];
    const open = instagramUserSchema.parse({ username: "x", edge_owner_to_timeline_media: { edges } });
    const { posts, skipped } = instagramTimelinePosts(open);
    expect(posts.map((p) => [p.id, p.type])).toEqual([
      ["1", "photo"],
      ["3", "carousel"],
    ]);
    expect(skipped).toBe(1);
    const closed = instagramUserSchema.parse({ ...open, is_private: true });
    expect(instagramTimelinePosts(closed)).toEqual({ posts: [], skipped: 0 });
  });
});

describe("TikTok rehydration data", () => {
  const item = (id: string) => ({ id, createTime: "1780000000", stats: { playCount: "10" } });

  it("takes the user-detail's items, then userInfo's, then webapp.user-post's", () => {
    const scope = { "webapp.user-post": { itemList: [item("3")] } };
    expect(tiktokDetailItems({ itemList: [item("1")], userInfo: { itemList: [] } }, scope)).toEqual([
      item("1"),
    ]);
    expect(tiktokDetailItems({ userInfo: { itemList: [item("2")] } }, scope)).toEqual([item("2")]);
    expect(tiktokDetailItems({}, scope)).toEqual([item("3")]);
    expect(tiktokDetailItems({}, { "webapp.user-post": "no list" })).toEqual([]);
  });

  it("reads string counts as numbers and counts the items it skips", () => {
    const { posts, skipped } = tiktokPosts([item("1"), { id: "" }]);
    expect(posts).toEqual([expect.objectContaining({ id: "1", views: 10, likes: null })]);
    expect(posts[0]).not.toHaveProperty("url");
    expect(skipped).toBe(1);
  });

  it("finds a SIGI_STATE user case-insensitively, else the first", () => {
    expect(tiktokSigiUserKey({ other: {}, ExampleCreator: {} }, "examplecreator")).toBe("ExampleCreator");
    expect(tiktokSigiUserKey({ other: {} }, "examplecreator")).toBe("other");
    expect(tiktokSigiUserKey({}, "examplecreator")).toBeUndefined();
  });

  it("builds a video's public address", () => {
    expect(tiktokVideoUrl("examplecreator", "7")).toBe("https://www.tiktok.com/@examplecreator/video/7");
  });
});
