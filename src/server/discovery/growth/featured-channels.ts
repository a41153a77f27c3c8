/**
 * A channel's featured channels (issue #35 item 2): YouTube Data API `channelSections.list`
 * (part=snippet,contentDetails; 1 quota unit), the sections of type "multipleChannels" list the
 * channel ids the creator features. Read after a YouTube API report is saved, when growth is on.
 */

import { z } from "zod";
import { isChannelId } from "#core/handles";
import type { HttpClient } from "../../collectors/http";
import { parseUpstreamJson } from "../../collectors/upstream-json";
import { UpstreamChangedError } from "../../errors";

const sectionsSchema = z.looseObject({
  items: z
    .array(
      z.looseObject({
        snippet: z.looseObject({ type: z.string().optional() }).optional(),
        contentDetails: z.looseObject({ channels: z.array(z.string()).optional() }).optional(),
      }),
    )
    .default([]),
});

/** At most this many featured channels of one channel join the queue. */
const MAX_FEATURED = 50;

export function createFeaturedChannelsReader(opts: {
  http: HttpClient;
  baseUrl: string;
  apiKey: string;
}): (channelId: string) => Promise<string[]> {
  const base = opts.baseUrl.replace(/\/+$/, "");
  return async (channelId) => {
    const qs = new URLSearchParams({ part: "snippet,contentDetails", channelId, key: opts.apiKey });
    const res = await opts.http.request({
      url: `${base}/youtube/v3/channelSections?${qs}`,
      service: "YouTube",
      subject: `the featured channels of ${channelId}`,
      headers: { accept: "application/json" },
    });
    if (res.status === 404) return [];
    if (res.status < 200 || res.status >= 300)
      throw new UpstreamChangedError(
        `YouTube refused channelSections.list (HTTP ${res.status})`,
        res.body.slice(0, 300),
      );
    const list = parseUpstreamJson(sectionsSchema, res.body, {
      service: "YouTube",
      subject: channelId,
      what: "channelSections.list",
    });
    const ids = list.items
      .filter((s) => s.snippet?.type === "multipleChannels")
      .flatMap((s) => s.contentDetails?.channels ?? [])
      .filter((id) => isChannelId(id) && id !== channelId);
    return [...new Set(ids)].slice(0, MAX_FEATURED);
  };
}
