/**
 * A YouTube Data API stand-in for the index's growth (issue #35): a small web of channels whose
 * uploads mention each other, with featured channels (channelSections of type multipleChannels) and
 * links to other platforms in their descriptions, answered in the documented shapes (channels,
 * playlistItems, videos, channelSections) by a real HTTP server on 127.0.0.1.
 */
import type { FakeUpstream } from "../../../collectors/testing/fake-upstream";

export interface WebChannel {
  handle: string;
  /** Handles its uploads mention ("@alpha"). */
  mentions?: string[];
  /** Handles of the channels it features. */
  featured?: string[];
  /** Extra text of the channel description (links to other platforms). */
  description?: string;
  subscribers?: number;
}

/** A stable channel id of the documented form for a handle. */
export function channelIdFor(handle: string): string {
  const hex = Buffer.from(handle)
    .toString("hex")
    .replace(/[^A-Za-z0-9]/g, "");
  return `UC${hex.padEnd(22, "x").slice(0, 22)}`;
}

export function routeYouTubeWeb(upstream: FakeUpstream, channels: readonly WebChannel[]): void {
  const byHandle = new Map(channels.map((c) => [c.handle.toLowerCase(), c]));
  const byId = new Map(channels.map((c) => [channelIdFor(c.handle), c]));
  const channelItem = (c: WebChannel) => {
    const id = channelIdFor(c.handle);
    return {
      kind: "youtube#channel",
      id,
      snippet: {
        title: `${c.handle} kitchen`,
        description: `Vegan cooking every week. ${c.description ?? ""}`,
        customUrl: `@${c.handle}`,
        publishedAt: "2019-03-01T10:00:00Z",
        country: "DE",
        thumbnails: { default: { url: `https://yt3.example/${id}.jpg` } },
      },
      statistics: {
        viewCount: String((c.subscribers ?? 50_000) * 40),
        subscriberCount: String(c.subscribers ?? 50_000),
        hiddenSubscriberCount: false,
        videoCount: "3",
      },
      brandingSettings: { channel: { keywords: "vegan kochen", country: "DE" } },
      contentDetails: { relatedPlaylists: { uploads: `UU${id.slice(2)}` } },
    };
  };
  upstream.route("GET", "/youtube/v3/channels", (req) => {
    const handle = (req.query.get("forHandle") ?? "").replace(/^@/, "").toLowerCase();
    const ids = (req.query.get("id") ?? "").split(",").filter(Boolean);
    const found = handle
      ? [byHandle.get(handle)].filter((c): c is WebChannel => Boolean(c))
      : ids.map((id) => byId.get(id)).filter((c): c is WebChannel => Boolean(c));
    return { body: { kind: "youtube#channelListResponse", items: found.map(channelItem) } };
  });
  upstream.route("GET", "/youtube/v3/playlistItems", (req) => {
    const playlist = req.query.get("playlistId") ?? "";
    if (!playlist.startsWith("UU") || playlist.startsWith("UUSH"))
      return { status: 404, body: { error: {} } };
    const c = byId.get(`UC${playlist.slice(2)}`);
    if (!c) return { status: 404, body: { error: {} } };
    return {
      body: {
        items: [1, 2, 3].map((n) => ({
          contentDetails: { videoId: `${c.handle.slice(0, 8)}vid${n}`.padEnd(11, "0") },
        })),
      },
    };
  });
  upstream.route("GET", "/youtube/v3/videos", (req) => {
    const ids = (req.query.get("id") ?? "").split(",").filter(Boolean);
    return {
      body: {
        items: ids.map((id, i) => {
          const c = channels.find((ch) => id.startsWith(ch.handle.slice(0, 8)));
          const mention = c?.mentions?.length ? ` With ${c.mentions.map((m) => `@${m}`).join(" and ")}!` : "";
          return {
            id,
            snippet: {
              title: `Vegan lentil curry ${i + 1}`,
              description: `Recipe below.${mention}`,
              publishedAt: new Date(Date.now() - (i + 1) * 3 * 86_400_000).toISOString(),
              channelId: c ? channelIdFor(c.handle) : undefined,
              liveBroadcastContent: "none",
            },
            statistics: { viewCount: "12000", likeCount: "800", commentCount: "40" },
            contentDetails: { duration: "PT10M" },
          };
        }),
      },
    };
  });
  upstream.route("GET", "/youtube/v3/channelSections", (req) => {
    const c = byId.get(req.query.get("channelId") ?? "");
    return {
      body: {
        kind: "youtube#channelSectionListResponse",
        items: c?.featured?.length
          ? [
              {
                kind: "youtube#channelSection",
                id: `${channelIdFor(c.handle)}.s1`,
                snippet: {
                  type: "multipleChannels",
                  channelId: channelIdFor(c.handle),
                  title: "Friends",
                  position: 0,
                },
                contentDetails: { channels: c.featured.map(channelIdFor) },
              },
              { kind: "youtube#channelSection", snippet: { type: "recentUploads", position: 1 } },
            ]
          : [],
      },
    };
  });
}
