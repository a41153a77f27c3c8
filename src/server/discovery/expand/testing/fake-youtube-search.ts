/**
 * A YouTube Data API stand-in for channel search (issue #35): search.list (type=channel) and
 * channels.list in the documented shapes, on a fake upstream (a real HTTP server on 127.0.0.1).
 */
import type { FakeUpstream } from "../../../collectors/testing/fake-upstream";

/** A channel id of the documented form: "UC" and 22 characters. */
export function channelIdOf(i: number): string {
  return `UC${String(i).padStart(22, "0")}`;
}

export interface FakeChannel {
  id: string;
  handle: string;
  title: string;
  description: string;
  subscribers: number;
  country?: string;
}

/** `n` German vegan cooking channels of 10K–100K subscribers. */
export function veganChannels(n: number): FakeChannel[] {
  return Array.from({ length: n }, (_, i) => ({
    id: channelIdOf(i + 1),
    handle: `@veganekueche${i + 1}`,
    title: `Vegane Küche ${i + 1}`,
    description: "Vegan recipes and plant-based cooking from Berlin. Vegane Rezepte jede Woche.",
    subscribers: 20_000 + i * 1_000,
    country: "DE",
  }));
}

/** Routes search and channels on `upstream`, answering after `delayMs`. */
export function routeYouTubeSearch(
  upstream: FakeUpstream,
  channels: readonly FakeChannel[],
  opts: { delayMs?: number } = {},
): void {
  const byId = new Map(channels.map((c) => [c.id, c]));
  upstream.route("GET", "/youtube/v3/search", (req) => {
    const max = Number(req.query.get("maxResults") ?? 5);
    return {
      delayMs: opts.delayMs,
      body: {
        kind: "youtube#searchListResponse",
        pageInfo: { totalResults: channels.length, resultsPerPage: max },
        items: channels.slice(0, max).map((c) => ({
          kind: "youtube#searchResult",
          id: { kind: "youtube#channel", channelId: c.id },
          snippet: { channelId: c.id, title: c.title, description: c.description.slice(0, 100) },
        })),
      },
    };
  });
  upstream.route("GET", "/youtube/v3/channels", (req) => {
    const ids = (req.query.get("id") ?? "").split(",").filter(Boolean);
    return {
      delayMs: opts.delayMs,
      body: {
        kind: "youtube#channelListResponse",
        items: ids
          .map((id) => byId.get(id))
          .filter((c): c is FakeChannel => Boolean(c))
          .map((c) => ({
            kind: "youtube#channel",
            id: c.id,
            snippet: {
              title: c.title,
              description: c.description,
              customUrl: c.handle,
              publishedAt: "2019-03-01T10:00:00Z",
              country: c.country,
              thumbnails: { default: { url: `https://yt3.example/${c.id}.jpg` } },
            },
            statistics: {
              viewCount: String(c.subscribers * 40),
              subscriberCount: String(c.subscribers),
              hiddenSubscriberCount: false,
              videoCount: "120",
            },
            brandingSettings: { channel: { keywords: "vegan rezepte kochen", country: c.country } },
            topicDetails: { topicCategories: ["https://en.wikipedia.org/wiki/Food"] },
            contentDetails: { relatedPlaylists: { uploads: `UU${c.id.slice(2)}` } },
          })),
      },
    };
  });
}
