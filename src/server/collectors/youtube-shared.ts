/** Helpers shared by the two YouTube collectors (Data API and InnerTube) and the YouTube channel search. */
import { z } from "zod";

/** A Data API uint64 count: it arrives as a JSON string. */
export const youtubeCountString = z
  .union([z.string().regex(/^\d+$/), z.number().nonnegative()])
  .transform(Number);

/**
 * A Data API channels.list item's parts both the collector and the channel search read (snippet,
 * statistics, brandingSettings); each extends it with the parts only it asks for.
 */
export const youtubeChannelSchema = z.looseObject({
  id: z.string(),
  snippet: z.looseObject({
    title: z.string(),
    description: z.string().default(""),
    customUrl: z.string().optional(),
    publishedAt: z.string().optional(),
    country: z.string().optional(),
    thumbnails: z.record(z.string(), z.looseObject({ url: z.string() })).optional(),
  }),
  statistics: z
    .looseObject({
      viewCount: youtubeCountString.optional(),
      subscriberCount: youtubeCountString.optional(),
      hiddenSubscriberCount: z.boolean().optional(),
      videoCount: youtubeCountString.optional(),
    })
    .optional(),
  brandingSettings: z
    .looseObject({
      channel: z.looseObject({ keywords: z.string().optional(), country: z.string().optional() }).optional(),
    })
    .optional(),
});

/** ISO-8601 duration ("PT1H2M3S", "P0D") → seconds; undefined when unreadable. */
export function parseIsoDuration(value: string | undefined | null): number | undefined {
  if (!value) return undefined;
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value);
  if (!m) return undefined;
  const [, d, h, min, s] = m;
  return Number(d ?? 0) * 86_400 + Number(h ?? 0) * 3_600 + Number(min ?? 0) * 60 + Number(s ?? 0);
}

/** YouTube has no Shorts flag in its APIs: uploads of ≤ 180 s (the Shorts limit since 2024-10) count as Shorts. */
export const SHORTS_MAX_SECONDS = 180;

export function youtubePostType(
  durationSec: number | undefined,
  isLive: boolean,
): "short" | "video" | "live" {
  if (isLive) return "live";
  if (durationSec !== undefined && durationSec > 0 && durationSec <= SHORTS_MAX_SECONDS) return "short";
  return "video";
}

/** Seconds until the next midnight in America/Los_Angeles, when the Data API quota resets. */
export function secondsUntilPacificMidnight(nowMs: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Los_Angeles",
    hour12: false,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(nowMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const elapsed = (get("hour") % 24) * 3_600 + get("minute") * 60 + get("second");
  return Math.max(1, 86_400 - elapsed);
}

/**
 * Display counts ("1.23M subscribers", "12,345 views", "412K", "No views") → a number.
 * English suffixes only: the InnerTube client pins hl=en.
 */
export function parseCountText(text: string | undefined | null): number | undefined {
  if (!text) return undefined;
  const t = text.replace(/\u00a0/g, " ").trim();
  if (/^no\b/i.test(t)) return 0;
  const m = /([\d][\d,.]*)\s*([KMB])?/i.exec(t);
  if (!m?.[1]) return undefined;
  const suffix = (m[2] ?? "").toUpperCase();
  const digits = suffix ? m[1].replace(/,/g, "") : m[1].replace(/[,.]/g, "");
  const n = Number(digits);
  if (!Number.isFinite(n)) return undefined;
  const mult = suffix === "K" ? 1e3 : suffix === "M" ? 1e6 : suffix === "B" ? 1e9 : 1;
  return Math.round(n * mult);
}

/** "3 days ago", "Streamed 2 weeks ago", "1 year ago" → an approximate ISO date. */
export function parseRelativeDate(text: string | undefined | null, nowMs: number): string | undefined {
  if (!text) return undefined;
  const m = /(\d+)\s*(second|minute|hour|day|week|month|year)s?\s+ago/i.exec(text);
  if (!m?.[1] || !m[2]) return undefined;
  const unitSec: Record<string, number> = {
    second: 1,
    minute: 60,
    hour: 3_600,
    day: 86_400,
    week: 604_800,
    month: 2_629_800,
    year: 31_557_600,
  };
  const sec = Number(m[1]) * (unitSec[m[2].toLowerCase()] ?? 0);
  return new Date(nowMs - sec * 1000).toISOString();
}
