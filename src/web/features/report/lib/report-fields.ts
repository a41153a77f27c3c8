import { thousands } from "#core/format";
import { CHANNEL_ID } from "#core/handles";
import type { Account } from "#core/schemas/account";
import type { ReportMetrics } from "#core/schemas/report";

/**
 * Spec §2 fallback texts, exactly. The engine writes the same ones (core/engine FALLBACK); importing
 * them from there would pull the engine's word lists into the page, so a test keeps the two equal.
 */
export const FALLBACK_TEXT = {
  demographics: "Demographic data not available",
  notAvailable: "Not available",
  advertiser: "Advertiser analysis not available for this account.",
  unknown: "Unable to determine",
} as const;

/** The text, or its fallback when empty. */
export function textOr(value: string | null | undefined, fallback: string): string {
  const text = typeof value === "string" ? value.trim() : "";
  return text || fallback;
}

/** The report fields the provenance record may describe. */
export type ReportField =
  | "followers"
  | "grade"
  | "gradeDescription"
  | "engagementRate"
  | "engagementLevel"
  | "postFrequency"
  | "contentQuality"
  | "contentTypes"
  | "audienceDemographics"
  | "targetDemographics"
  | "estimatedPostValue"
  | "estimatedEarnings"
  | "advertiserAnalysis"
  | "recommendedIndustries"
  | "recommendedCountries"
  | "industry";

/** Engagement rate as shown: "4.21%", or null when the engine could not measure it. */
export function engagementRateText(account: Account): string | null {
  const rate = Number.parseFloat(account.engagementRate);
  return Number.isFinite(rate) ? `${rate.toFixed(2)}%` : null;
}

export const SUB_SCORE_LABELS: Record<keyof ReportMetrics["grade"]["subScores"], string> = {
  engagement: "Engagement vs. accounts of the same size",
  consistency: "Consistency from post to post",
  regularity: "Posting regularity",
  growth: "Follower growth",
  authenticity: "Authenticity",
};

/** Why a sub-score is missing (the grade's weights are spread over the others). */
export const SUB_SCORE_MISSING: Record<keyof ReportMetrics["grade"]["subScores"], string> = {
  engagement: "Not scored: too few posts with visible likes.",
  consistency: "Not scored: too few posts to compare.",
  regularity: "Not scored: too few posts to measure the rhythm.",
  growth: "Not scored: needs follower counts from earlier reports.",
  authenticity: "Not scored: not enough data.",
};

export function sponsoredIdsOf(account: Account): ReadonlySet<string> {
  return new Set(account.metrics.advertiser.sponsoredPostIds);
}

/** Interactions of one post as the engine counts them (shares too, except on Instagram). */
export function interactionsOf(
  post: Account["recentPosts"][number],
  platform: Account["platform"],
): number | null {
  if (post.likes === null) return null;
  return post.likes + (post.comments ?? 0) + (platform === "instagram" ? 0 : (post.shares ?? 0));
}

/** "$1,235", "-$40": whole US dollars, as Intl writes them in en-US (core/format.ts thousands()). */
export function formatMoney(n: number): string {
  return n < 0 ? `-$${thousands(-n)}` : `$${thousands(n)}`;
}

export function formatCount(n: number): string {
  return thousands(n);
}

export function formatShare(share: number, digits = 0): string {
  return `${(share * 100).toFixed(digits)}%`;
}

/** The profile on the platform itself (the external page a private account points to). */
export function profileUrl(account: Pick<Account, "platform" | "username">): string {
  const handle = encodeURIComponent(account.username);
  switch (account.platform) {
    case "instagram":
      return `https://www.instagram.com/${handle}/`;
    case "tiktok":
      return `https://www.tiktok.com/@${handle}`;
    case "youtube":
      return CHANNEL_ID.test(account.username)
        ? `https://www.youtube.com/channel/${handle}`
        : `https://www.youtube.com/@${handle}`;
  }
}

/** Initials for the avatar placeholder: "Gabriel Thomas" → "GT", "@natgeo" → "NA". */
export function initialsOf(name: string, username: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (words.length >= 2) return `${words[0]![0]}${words[1]![0]}`.toUpperCase();
  const base = words[0] ?? username;
  return base.slice(0, 2).toUpperCase() || "?";
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 82nd… */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}
