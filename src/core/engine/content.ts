import type { Platform } from "../schemas/platform";
import type { ReportMetrics } from "../schemas/report";
import type { PostType } from "../schemas/snapshot";
import { interactionsOf } from "./engagement";
import type { CleanPost } from "./posts";
import { cv, median, medianInPlace, pct, round, scratch } from "./stats";

/** How each platform calls each post type (TikTok has no Reels; YouTube "video" is long-form). */
export const TYPE_LABELS: Record<Platform, Record<PostType, string>> = {
  instagram: {
    photo: "Photos",
    carousel: "Carousels",
    reel: "Reels",
    video: "Videos",
    short: "Reels",
    live: "Live",
  },
  tiktok: {
    video: "Videos",
    reel: "Videos",
    short: "Videos",
    photo: "Photo posts",
    carousel: "Photo carousels",
    live: "Live",
  },
  youtube: {
    video: "Long-form videos",
    short: "Shorts",
    reel: "Shorts",
    live: "Live streams",
    photo: "Community posts",
    carousel: "Community posts",
  },
};

export type ContentMix = ReportMetrics["contentMix"];

/** The group of posts whose format the source could not tell (never guessed from the duration). */
export const UNKNOWN_FORMAT_LABEL = "Format unknown";

/**
 * Share of each format among the analysed posts, with its median interactions and mean engagement
 * rate (per follower on Instagram, per view elsewhere). Formats with the same label are merged.
 */
export function contentMix(posts: readonly CleanPost[], platform: Platform, followers: number): ContentMix {
  const labels = TYPE_LABELS[platform];
  // Groups in order of first appearance: label, the type that opened it, and each post's group.
  const groupLabels: string[] = [];
  const groupTypes: PostType[] = [];
  if (GROUP_OF.length < posts.length) GROUP_OF = new Int8Array(posts.length);
  const groupOf = GROUP_OF;
  for (let i = 0; i < posts.length; i++) {
    const type = posts[i]!.type;
    const label = posts[i]!.formatUnknown ? UNKNOWN_FORMAT_LABEL : (labels[type] ?? type);
    let g = groupLabels.indexOf(label);
    if (g < 0) {
      g = groupLabels.length;
      groupLabels.push(label);
      groupTypes.push(type);
    }
    groupOf[i] = g;
  }
  const out: ContentMix = [];
  const ints = scratch(posts.length);
  for (let g = 0; g < groupLabels.length; g++) {
    let count = 0;
    let nInts = 0;
    let nRates = 0;
    let rateSum = 0;
    for (let i = 0; i < posts.length; i++) {
      if (groupOf[i] !== g) continue;
      count++;
      const p = posts[i]!;
      const x = interactionsOf(p, platform);
      if (x === null) continue;
      ints[nInts++] = x;
      if (platform === "instagram") {
        if (followers > 0) {
          rateSum += (x / followers) * 100;
          nRates++;
        }
      } else if (p.views !== null && p.views >= 1) {
        rateSum += (x / p.views) * 100;
        nRates++;
      }
    }
    out.push({
      type: groupTypes[g]!,
      label: groupLabels[g]!,
      count,
      share: round(count / posts.length, 4),
      medianInteractions: medianInPlace(ints, nInts),
      avgEngagement: nRates === 0 ? null : round(rateSum / nRates, 4),
    });
  }
  if (out.length > 1) out.sort(byCountThenLabel);
  return out;
}

let GROUP_OF = new Int8Array(64);

const byCountThenLabel = (a: ContentMix[number], b: ContentMix[number]): number =>
  b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);

export function contentTypeTexts(mix: ContentMix): string[] {
  return mix.map((m) => `${m.label} (${Math.round(m.share * 100)}%)`);
}

export interface CaptionStats {
  /** Median caption length in characters (0 for posts without a caption). */
  medianLength: number;
  hashtagsPerPost: number;
  withoutCaption: number;
}

/** A sentence about the content from measured signals only; null without posts. */
export function contentQualityText(
  posts: number,
  perPost: readonly number[],
  captions: CaptionStats,
  mix: ContentMix,
): string | null {
  if (posts === 0) return null;
  const parts: string[] = [];
  const c = cv(perPost);
  if (c !== null) {
    parts.push(
      c < 0.5
        ? `Consistent performance: engagement varies little from post to post (variation ${Math.round(c * 100)}%)`
        : c < 1
          ? `Uneven performance: engagement varies by ${Math.round(c * 100)}% between posts`
          : `Hit-driven: a few posts carry most of the engagement (variation ${Math.round(c * 100)}%)`,
    );
  }
  const len = Math.round(captions.medianLength);
  parts.push(
    len >= 150
      ? `detailed captions (median ${len} characters)`
      : len >= 40
        ? `short captions (median ${len} characters)`
        : len > 0
          ? `minimal captions (median ${len} characters)`
          : "mostly no captions",
  );
  const h = captions.hashtagsPerPost;
  parts.push(
    h === 0
      ? "no hashtags"
      : h > 15
        ? `hashtag-heavy (${h.toFixed(1)} per post)`
        : `${h.toFixed(1)} hashtags per post`,
  );
  const rated = mix.filter((m) => m.avgEngagement !== null && m.avgEngagement !== undefined && m.count >= 2);
  if (rated.length > 1) {
    rated.sort((a, b) => b.avgEngagement! - a.avgEngagement!);
    const best = rated[0]!;
    const next = rated[1]!;
    parts.push(
      `${best.label} perform best (${pct(best.avgEngagement!)} vs ${pct(next.avgEngagement!)} for ${next.label.toLowerCase()})`,
    );
  }
  const text = `${parts.join("; ")}.`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The content-quality sentence from engagement per post and the scan's caption figures; null without posts. */
export function contentQualityOf(
  posts: number,
  perPost: readonly number[],
  captions: { captionLengths: readonly number[]; hashtagTotal: number; withoutCaption: number },
  mix: ContentMix,
): string | null {
  const captionStats: CaptionStats = {
    medianLength: median(captions.captionLengths) ?? 0,
    hashtagsPerPost: posts ? captions.hashtagTotal / posts : 0,
    withoutCaption: captions.withoutCaption,
  };
  return contentQualityText(posts, perPost, captionStats, mix);
}
