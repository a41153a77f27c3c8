/**
 * A stand-in for YouTube's InnerTube search (issue #35, keyless "Find more on YouTube"): `POST
 * /youtubei/v1/search` answering a channel search in the shape the web client receives —
 * twoColumnSearchResultsRenderer → sectionListRenderer → itemSectionRenderer → channelRenderer, where
 * (since 2024) `subscriberCountText` carries the channel's handle and `videoCountText` its rounded
 * subscriber count ("21K subscribers"), as youtubei.js's Channel parser notes.
 */
import type { FakeUpstream } from "../../../collectors/testing/fake-upstream";
import type { FakeChannel } from "./fake-youtube-search";

/** "21K subscribers", "1.2M subscribers", "950 subscribers": YouTube's rounded display text. */
export function subscriberText(n: number): string {
  const round = (v: number) => (v >= 100 ? Math.floor(v) : Math.floor(v * 10) / 10).toString();
  if (n >= 1e6) return `${round(n / 1e6)}M subscribers`;
  if (n >= 1e3) return `${round(n / 1e3)}K subscribers`;
  return `${n} subscriber${n === 1 ? "" : "s"}`;
}

function channelRenderer(c: FakeChannel) {
  const handle = c.handle.startsWith("@") ? c.handle : `@${c.handle}`;
  return {
    channelRenderer: {
      channelId: c.id,
      title: { simpleText: c.title },
      navigationEndpoint: {
        clickTrackingParams: "CAoQ",
        commandMetadata: {
          webCommandMetadata: { url: `/${handle}`, webPageType: "WEB_PAGE_TYPE_CHANNEL", rootVe: 3611 },
        },
        browseEndpoint: { browseId: c.id, canonicalBaseUrl: `/${handle}` },
      },
      thumbnail: {
        thumbnails: [
          { url: `//yt3.ggpht.com/${c.id}=s88-c-k-c0x00ffffff-no-rj-mo`, width: 88, height: 88 },
          { url: `//yt3.ggpht.com/${c.id}=s176-c-k-c0x00ffffff-no-rj-mo`, width: 176, height: 176 },
        ],
      },
      descriptionSnippet: { runs: [{ text: c.description.slice(0, 120) }] },
      shortBylineText: {
        runs: [
          {
            text: c.title,
            navigationEndpoint: { browseEndpoint: { browseId: c.id, canonicalBaseUrl: `/${handle}` } },
          },
        ],
      },
      subscriberCountText: { simpleText: handle },
      videoCountText: {
        accessibility: { accessibilityData: { label: subscriberText(c.subscribers) } },
        simpleText: subscriberText(c.subscribers),
      },
      ownerBadges: [],
      trackingParams: "CAoQ",
      longBylineText: {
        runs: [
          {
            text: c.title,
            navigationEndpoint: { browseEndpoint: { browseId: c.id, canonicalBaseUrl: `/${handle}` } },
          },
        ],
      },
    },
  };
}

const PAGE = 20;

/** Routes InnerTube's search on `upstream`: the first 20 of `channels`, best first, and a continuation. */
export function routeInnertubeSearch(
  upstream: FakeUpstream,
  channels: readonly FakeChannel[],
  opts: { delayMs?: number } = {},
): void {
  upstream.route("POST", "/youtubei/v1/search", () => {
    const page = channels.slice(0, PAGE).map(channelRenderer);
    const continuation =
      channels.length > PAGE
        ? [
            {
              continuationItemRenderer: {
                trigger: "CONTINUATION_TRIGGER_ON_ITEM_SHOWN",
                continuationEndpoint: {
                  commandMetadata: { webCommandMetadata: { sendPost: true, apiUrl: "/youtubei/v1/search" } },
                  continuationCommand: {
                    token: "EpYDEgl2ZWdhbg",
                    request: "CONTINUATION_REQUEST_TYPE_SEARCH",
                  },
                },
              },
            },
          ]
        : [];
    return {
      delayMs: opts.delayMs,
      body: {
        responseContext: { visitorData: "Cgt2aXNpdG9y" },
        estimatedResults: String(channels.length),
        contents: {
          twoColumnSearchResultsRenderer: {
            primaryContents: {
              sectionListRenderer: {
                contents: [
                  { itemSectionRenderer: { contents: page, trackingParams: "CAEQ" } },
                  ...continuation,
                ],
                trackingParams: "CAIQ",
              },
            },
          },
        },
        trackingParams: "CAAQ",
        refinements: [],
      },
    };
  });
}
