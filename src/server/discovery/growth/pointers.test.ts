import { describe, expect, it } from "vitest";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import { pointersOf } from "./pointers";

function snapshot(over: Partial<ProfileSnapshot> & Record<string, unknown>): ProfileSnapshot {
  return {
    platform: "instagram",
    username: "cook",
    name: "Cook",
    bio: "",
    verified: false,
    isPrivate: false,
    followers: 1000,
    fetchedAt: "2026-11-27T10:00:00.000Z",
    source: "instagram-apify",
    posts: [],
    ...over,
  } as ProfileSnapshot;
}

const post = (extra: Record<string, unknown>) => ({
  id: "p1",
  type: "photo" as const,
  postedAt: "2026-11-20T10:00:00.000Z",
  ...extra,
});

describe("what a report points at (issue #35)", () => {
  it("reads @mentions, collaborators and tagged users of posts, never e-mail addresses or the creator", () => {
    const { pointers, identities } = pointersOf(
      snapshot({
        bio: "Write to hello@cook.example · with @Friend.One",
        posts: [
          post({
            caption: "Dinner with @friend.two and @cook! mail: x@y.com",
            coauthors: ["collab_partner"],
          }),
          post({ id: "p2", caption: null, taggedUsers: ["tagged.user", "not a handle!"] }),
        ] as ProfileSnapshot["posts"],
      }),
    );
    expect(pointers).toEqual([
      { platform: "instagram", username: "friend.one" },
      { platform: "instagram", username: "collab_partner" },
      { platform: "instagram", username: "friend.two" },
      { platform: "instagram", username: "tagged.user" },
    ]);
    expect(identities).toEqual([]);
  });

  it("keeps links to the creator's own profiles elsewhere as stated identities; post and reel links are not profiles", () => {
    const { pointers, identities } = pointersOf(
      snapshot({
        platform: "youtube",
        username: "cookchannel",
        source: "youtube-api",
        bio: "TikTok: https://www.tiktok.com/@cook.tt · a reel https://instagram.com/reel/Cabc/ · friend youtube.com/@otherchef",
        externalUrl: "https://instagram.com/cook.ig",
        featuredChannels: ["UCabcdefghijklmnopqrstuv", "not-an-id"],
      }),
    );
    expect(identities).toEqual([
      { platform: "tiktok", username: "cook.tt", statedIn: "description" },
      { platform: "instagram", username: "cook.ig", statedIn: "external-url" },
    ]);
    // A link to another YouTube channel is another account, not the creator's identity.
    expect(pointers).toEqual([
      { platform: "tiktok", username: "cook.tt" },
      { platform: "youtube", username: "otherchef" },
      { platform: "instagram", username: "cook.ig" },
      { platform: "youtube", username: "UCabcdefghijklmnopqrstuv" },
    ]);
  });
});
