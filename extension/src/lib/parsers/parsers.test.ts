import { describe, expect, it } from "vitest";
import { profileSnapshotSchema } from "../../../../src/core/schemas/snapshot";
import { fixture, fixtureJson, tiktokPageWithoutItems, youtubePage } from "../../testing/fixtures";
import { CaptureError } from "../capture-error";
import { extractAssignedJson, parsePageJson } from "../page-data";
import { instagramHandleFromPath, parseInstagramProfile } from "./instagram";
import { parseTikTokPage, tiktokHandleFromPath } from "./tiktok";
import { parseYouTubeInitialData, youtubeHandleFromPath } from "./youtube";

const now = new Date("2026-11-26T12:00:00Z");

function captureError(fn: () => unknown): CaptureError {
  try {
    fn();
  } catch (e) {
    if (e instanceof CaptureError) return e;
    throw e;
  }
  throw new Error("expected a CaptureError");
}

describe("profile paths", () => {
  it("knows which addresses are profiles", () => {
    expect(instagramHandleFromPath("/examplecreator/")).toBe("examplecreator");
    expect(instagramHandleFromPath("/examplecreator/reels/")).toBe("examplecreator");
    expect(instagramHandleFromPath("/p/C1aBcDeF/")).toBeUndefined();
    expect(instagramHandleFromPath("/explore/")).toBeUndefined();
    expect(instagramHandleFromPath("/")).toBeUndefined();
    expect(tiktokHandleFromPath("/@example.creator")).toBe("example.creator");
    expect(tiktokHandleFromPath("/@examplecreator/video/7500000000000000001")).toBeUndefined();
    expect(tiktokHandleFromPath("/foryou")).toBeUndefined();
    expect(youtubeHandleFromPath("/@examplecreator/videos")).toBe("examplecreator");
    expect(youtubeHandleFromPath("/@examplecreator")).toBe("examplecreator");
    expect(youtubeHandleFromPath("/watch")).toBeUndefined();
  });
});

describe("Instagram web_profile_info", () => {
  it("makes a valid snapshot with the profile and its posts (reel, carousel, photo, video, hidden likes)", () => {
    const s = parseInstagramProfile(fixtureJson("instagram-web-profile.json"), "examplecreator", now);
    expect(profileSnapshotSchema.safeParse(s).success).toBe(true);
    expect(s).toMatchObject({
      platform: "instagram",
      username: "examplecreator",
      name: "Example Creator",
      followers: 58210,
      following: 311,
      postsCount: 742,
      category: "Chef",
      source: "capture",
      fetchedAt: now.toISOString(),
    });
    expect(s.posts.length).toBeGreaterThanOrEqual(4);
    const types = new Set(s.posts.map((p) => p.type));
    expect(types).toContain("reel");
    expect(types).toContain("carousel");
    expect(types).toContain("photo");
    const reel = s.posts.find((p) => p.id === "3300000000000000001")!;
    expect(reel).toMatchObject({
      likes: 6021,
      comments: 143,
      views: 120344,
      caption: "10-minute pasta #recipe",
    });
    // Newest first.
    const dates = s.posts.map((p) => Date.parse(p.postedAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it("reads the newer follower_count / pk shape", () => {
    const s = parseInstagramProfile(
      fixtureJson("instagram-web-profile-new-shape.json"),
      "examplecreator",
      now,
    );
    expect(s.followers).toBeGreaterThan(0);
    expect(s.platform).toBe("instagram");
  });

  it("sends no posts for a private account", () => {
    const s = parseInstagramProfile(fixtureJson("instagram-web-profile-private.json"), "examplecreator", now);
    expect(s.isPrivate).toBe(true);
    expect(s.posts).toEqual([]);
  });

  it("says when the account does not exist, or the answer is not profile data", () => {
    const missing = captureError(() =>
      parseInstagramProfile(fixtureJson("instagram-web-profile-not-found.json"), "nobody", now),
    );
    expect(missing.code).toBe("not-found");
    expect(missing.message).toBe("Instagram says there is no account @nobody.");
    const empty = captureError(() => parseInstagramProfile({ status: "ok" }, "examplecreator", now));
    expect(empty.code).toBe("no-profile-data");
    expect(empty.message).toContain("@examplecreator's profile data");
    const odd = captureError(() =>
      parseInstagramProfile({ data: { user: { username: "" } } }, "examplecreator", now),
    );
    expect(odd.code).toBe("unexpected-shape");
    expect(odd.message).toContain("Nothing was sent");
    const noFollowers = captureError(() =>
      parseInstagramProfile({ data: { user: { username: "examplecreator" } } }, "examplecreator", now),
    );
    expect(noFollowers.code).toBe("no-followers");
  });
});

describe("TikTok profile page", () => {
  it("reads __UNIVERSAL_DATA_FOR_REHYDRATION__: profile, stats and the item list", () => {
    const s = parseTikTokPage(fixture("tiktok-profile.html"), "examplecreator", now);
    expect(profileSnapshotSchema.safeParse(s).success).toBe(true);
    expect(s).toMatchObject({
      platform: "tiktok",
      username: "examplecreator",
      name: "Example Creator",
      bio: "Cooking every week",
      followers: 91200,
      following: 150,
      postsCount: 388,
      totalLikes: 2100000,
      externalUrl: "example.com",
      source: "capture",
    });
    expect(s.posts.length).toBeGreaterThan(0);
    expect(s.posts[0]).toMatchObject({ id: "7500000000000000001", views: 83200, likes: 8521, comments: 45 });
  });

  it("adds the videos the page fetched itself (signed-in pages carry none), only this profile's", () => {
    const bare = tiktokPageWithoutItems();
    expect(parseTikTokPage(bare, "examplecreator", now).posts).toEqual([]);
    const loaded = (fixtureJson("tiktok-item-list-page1.json") as { itemList: unknown[] }).itemList;
    const someoneElse = {
      ...(loaded[0] as object),
      id: "7000000000000000009",
      author: { uniqueId: "other" },
    };
    const s = parseTikTokPage(bare, "examplecreator", now, [...loaded, someoneElse]);
    expect(s.posts).toHaveLength(loaded.length);
    expect(s.posts.some((p) => p.id === "7000000000000000009")).toBe(false);
    expect(s.postsVia).toBe("page-requests");
    expect(s.posts[0]).toMatchObject({ views: expect.any(Number), likes: expect.any(Number) });
  });

  it("reads the older SIGI_STATE page", () => {
    const s = parseTikTokPage(fixture("tiktok-profile-sigi.html"), "examplecreator", now);
    expect(s.platform).toBe("tiktok");
    expect(s.followers).toBeGreaterThan(0);
  });

  it("sends no videos of a private account", () => {
    const s = parseTikTokPage(fixture("tiktok-profile-private.html"), "privatecook", now);
    expect(s.isPrivate).toBe(true);
    expect(s.posts).toEqual([]);
  });

  it("explains a missing account, a verification page, stale data and broken JSON", () => {
    const html = fixture("tiktok-profile-not-found.html");
    expect(captureError(() => parseTikTokPage(html, "nobody", now)).code).toBe("not-found");
    const challenge = captureError(() =>
      parseTikTokPage(fixture("tiktok-challenge.html"), "examplecreator", now),
    );
    expect(challenge.code).toBe("no-profile-data");
    expect(challenge.message).toContain("verification page");
    const stale = captureError(() => parseTikTokPage(fixture("tiktok-profile.html"), "someoneelse", now));
    expect(stale.code).toBe("stale-page-data");
    expect(stale.message).toBe("This TikTok page holds data for @examplecreator, not @someoneelse.");
    const broken = captureError(() =>
      parseTikTokPage(
        '<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__">{"__DEFAULT_SCOPE__": {</script>',
        "x",
        now,
      ),
    );
    expect(broken.code).toBe("unreadable-page-data");
    const shapeless = captureError(() =>
      parseTikTokPage(
        '<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__">{"__DEFAULT_SCOPE__":{"webapp.user-detail":{"userInfo":{"user":{"uniqueId":"x"}}}}}</script>',
        "x",
        now,
      ),
    );
    expect(shapeless.code).toBe("unexpected-shape");
  });
});

describe("YouTube ytInitialData", () => {
  const data = fixtureJson("youtube-innertube-browse-videos.json");

  it("finds ytInitialData in the page's inline script", () => {
    const raw = extractAssignedJson(youtubePage(data), "ytInitialData");
    expect(raw).toBeDefined();
    expect(parsePageJson(raw!, "YouTube channel data")).toEqual(data);
    expect(
      extractAssignedJson("<html><script>var other = {};</script></html>", "ytInitialData"),
    ).toBeUndefined();
  });

  it("reads the channel and its dated uploads (a Short by its length; the premiere without a date left out)", () => {
    const s = parseYouTubeInitialData(data, "examplecreator", now);
    expect(profileSnapshotSchema.safeParse(s).success).toBe(true);
    expect(s).toMatchObject({
      platform: "youtube",
      username: "examplecreator",
      name: "Example Creator",
      bio: "Cooking every week.",
      followers: 412_000,
      postsCount: 512,
      channelId: "UCxxxxxxxxxxxxxxxxxxxxxx",
      followersRounded: true,
      source: "capture",
    });
    expect(s.posts.map((p) => p.id).sort()).toEqual(["abcDEF12345", "ghiJKL67890"]);
    const short = s.posts.find((p) => p.id === "ghiJKL67890")!;
    expect(short).toMatchObject({ type: "short", views: 301_554, durationSec: 41 });
    expect(s.posts.find((p) => p.id === "abcDEF12345")).toMatchObject({ type: "video", durationSec: 604 });
  });

  it("reads the newer page header (view models) and lockup grid items", () => {
    const newer = structuredClone(data) as Record<string, unknown>;
    newer.header = {
      pageHeaderRenderer: {
        pageTitle: "Example Creator",
        content: {
          pageHeaderViewModel: {
            title: { dynamicTextViewModel: { text: { content: "Example Creator" } } },
            metadata: {
              contentMetadataViewModel: {
                metadataRows: [
                  { metadataParts: [{ text: { content: "@examplecreator" } }] },
                  {
                    metadataParts: [
                      {
                        accessibilityLabel: "1.2 million subscribers",
                        text: { content: "1.2M subscribers" },
                      },
                      { text: { content: "512 videos" } },
                    ],
                  },
                ],
                delimiter: "•",
              },
            },
          },
        },
      },
    };
    newer.contents = {
      twoColumnBrowseResultsRenderer: {
        tabs: [
          {
            tabRenderer: {
              title: "Videos",
              selected: true,
              content: {
                richGridRenderer: {
                  contents: [
                    {
                      richItemRenderer: {
                        content: {
                          lockupViewModel: {
                            contentId: "xyzVID12345",
                            contentType: "LOCKUP_CONTENT_TYPE_VIDEO",
                            contentImage: {
                              thumbnailViewModel: {
                                overlays: [
                                  {
                                    thumbnailOverlayBadgeViewModel: {
                                      thumbnailBadges: [{ thumbnailBadgeViewModel: { text: "12:34" } }],
                                    },
                                  },
                                ],
                              },
                            },
                            metadata: {
                              lockupMetadataViewModel: {
                                title: { content: "Lockup video" },
                                metadata: {
                                  contentMetadataViewModel: {
                                    metadataRows: [
                                      {
                                        metadataParts: [
                                          { text: { content: "1.2K views" } },
                                          { text: { content: "3 days ago" } },
                                        ],
                                      },
                                    ],
                                  },
                                },
                              },
                            },
                          },
                        },
                      },
                    },
                  ],
                },
              },
            },
          },
        ],
      },
    };
    const s = parseYouTubeInitialData(newer, "examplecreator", now);
    expect(s).toMatchObject({ followers: 1_200_000, postsCount: 512, username: "examplecreator" });
    expect(s.posts).toEqual([
      expect.objectContaining({
        id: "xyzVID12345",
        caption: "Lockup video",
        views: 1200,
        durationSec: 754,
        type: "video",
        postedAt: new Date(now.getTime() - 3 * 86_400_000).toISOString(),
      }),
    ]);
  });

  it("refuses data of another channel, a page without channel details, and a hidden subscriber count", () => {
    expect(captureError(() => parseYouTubeInitialData(data, "someoneelse", now)).code).toBe(
      "stale-page-data",
    );
    const noMeta = captureError(() => parseYouTubeInitialData({ contents: {} }, "examplecreator", now));
    expect(noMeta.code).toBe("no-profile-data");
    expect(noMeta.message).toContain("channelMetadataRenderer");
    const hidden = structuredClone(data) as { header: { c4TabbedHeaderRenderer: Record<string, unknown> } };
    delete hidden.header.c4TabbedHeaderRenderer.subscriberCountText;
    expect(captureError(() => parseYouTubeInitialData(hidden, "examplecreator", now)).code).toBe(
      "no-followers",
    );
  });
});
