/**
 * The three platforms and their labels, without their zod schema (`schemas/platform.ts` adds it): the
 * web app's first script names platforms on every page, and importing zod there would make every page
 * evaluate it before it can respond (issue #38 item 5).
 */
export const PLATFORMS = ["instagram", "tiktok", "youtube"] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PLATFORM_LABELS: Record<Platform, string> = {
  instagram: "Instagram",
  tiktok: "TikTok",
  youtube: "YouTube",
};

export function isPlatform(value: unknown): value is Platform {
  return typeof value === "string" && (PLATFORMS as readonly string[]).includes(value);
}
