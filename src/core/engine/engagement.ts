import { thousands } from "../format";
import { PLATFORM_LABELS, type Platform } from "../schemas/platform";
import type { EngagementLevel } from "../schemas/report";
import { type BenchmarkTables, levelFor, percentileIn, type TierBand, tierFor } from "./benchmarks";
import type { CleanPost } from "./posts";
import { median, medianInPlace, pct, plural } from "./stats";

const DAY = 86_400_000;
/** Fewer usable posts than this: the rate is shown, but no level and no grade. */
export const MIN_POSTS = 3;

export type Numerator = "likes+comments" | "likes+comments+shares" | "comments" | "none";
export type Confidence = "high" | "medium" | "low" | "none";

export interface EngagementResult {
  /** The headline rate (percent): per follower on Instagram, per view on TikTok and YouTube. */
  ratePct: number | null;
  perFollowerPct: number | null;
  perViewPct: number | null;
  basis: "followers" | "views" | "none";
  numerator: Numerator;
  /** Likes are hidden on (nearly) every post: the rate counts comments only and is not benchmarked. */
  commentsOnly: boolean;
  medianLikes: number | null;
  medianComments: number | null;
  medianViews: number | null;
  medianShares: number | null;
  /** Posts behind the headline median. */
  postsUsed: number;
  /** Posts with public views (> 0) among those used. */
  viewPosts: number;
  hiddenLikesPosts: number;
  youngPostsSkipped: number;
  confidence: Confidence;
  method: string;
  /** The per-post figures the headline is the median of (for consistency and spikes). */
  perPost: number[];
  /** Interactions per post (likes + comments [+ shares]) of the posts with visible likes. */
  interactions: number[];
  band: TierBand;
  benchmarkBasis: "followers" | "views";
  /** The figure compared with the tier band (same denominator as the band), or null. */
  comparedPct: number | null;
  level: EngagementLevel;
  /** Estimated percentile within the tier, or null without a compared figure. */
  percentile: number | null;
}

/** Likes + comments (+ shares on TikTok), or null when likes are hidden. */
export function interactionsOf(p: CleanPost, platform: Platform): number | null {
  if (p.likes === null) return null;
  return p.likes + (p.comments ?? 0) + (platform === "tiktok" ? (p.shares ?? 0) : 0);
}

function confidenceOf(n: number): Confidence {
  return n >= 12 ? "high" : n >= MIN_POSTS ? "medium" : n > 0 ? "low" : "none";
}

/** Buffers for the medians of likes, comments, views and shares (reused; grown as needed). */
let LIKES = new Float64Array(64);
let COMMENTS = new Float64Array(64);
let VIEWS = new Float64Array(64);
let SHARES = new Float64Array(64);

/** Medians of each count over the posts that have it (null: none has). */
function countMedians(posts: readonly CleanPost[]): {
  likes: number | null;
  comments: number | null;
  views: number | null;
  shares: number | null;
} {
  const m = posts.length;
  if (LIKES.length < m) {
    LIKES = new Float64Array(m);
    COMMENTS = new Float64Array(m);
    VIEWS = new Float64Array(m);
    SHARES = new Float64Array(m);
  }
  let nl = 0;
  let nc = 0;
  let nv = 0;
  let ns = 0;
  for (let i = 0; i < m; i++) {
    const p = posts[i]!;
    if (p.likes !== null) LIKES[nl++] = p.likes;
    if (p.comments !== null) COMMENTS[nc++] = p.comments;
    if (p.views !== null) VIEWS[nv++] = p.views;
    if (p.shares !== null) SHARES[ns++] = p.shares;
  }
  return {
    likes: medianInPlace(LIKES, nl),
    comments: medianInPlace(COMMENTS, nc),
    views: medianInPlace(VIEWS, nv),
    shares: medianInPlace(SHARES, ns),
  };
}

/**
 * The engagement rate as each platform's industry defines it (peers.md §2.1): Instagram median
 * (likes + comments) ÷ followers; TikTok median (likes + comments + shares) ÷ views; YouTube median
 * (likes + comments) ÷ views — each with the other denominator alongside.
 */
export function computeEngagement(
  posts: readonly CleanPost[],
  followers: number,
  platform: Platform,
  now: number,
  tables: BenchmarkTables,
  isPrivate: boolean,
): EngagementResult {
  const band = tierFor(platform, followers, tables);
  const benchmarkBasis = tables.basis?.[platform] ?? (platform === "tiktok" ? "views" : "followers");
  const unit = platform === "youtube" ? "video" : "post";
  const followerWord = platform === "youtube" ? "subscriber" : "follower";

  // Posts under a day old are still collecting engagement: left out when enough older ones remain.
  let eligible: readonly CleanPost[] = posts;
  let youngPostsSkipped = 0;
  if (now > 0) {
    const cutoff = now - DAY;
    let older = 0;
    let olderWithLikes = 0;
    for (let i = 0; i < posts.length; i++) {
      const p = posts[i]!;
      if (!(p.postedAt > cutoff)) {
        older++;
        if (p.likes !== null) olderWithLikes++;
      }
    }
    if (older < posts.length && olderWithLikes >= MIN_POSTS) {
      youngPostsSkipped = posts.length - older;
      eligible = posts.filter((p) => !(p.postedAt > cutoff));
    }
  }

  // One pass: which posts show likes, which hide them (and still show comments).
  let withLikes = 0;
  let hidden = 0;
  let hiddenWithComments = 0;
  for (let i = 0; i < eligible.length; i++) {
    const p = eligible[i]!;
    if (p.likes !== null) withLikes++;
    else {
      hidden++;
      if (p.comments !== null) hiddenWithComments++;
    }
  }
  const commentsOnly = withLikes < MIN_POSTS && hiddenWithComments > 0 && hiddenWithComments >= withLikes;

  // The posts used: those with likes (or, comments only, those with comments), in order.
  const counts: number[] = [];
  const viewRates: number[] = [];
  let usedCount = 0;
  let missingComments = 0;
  for (let i = 0; i < eligible.length; i++) {
    const p = eligible[i]!;
    let count: number;
    if (commentsOnly) {
      if (p.comments === null) continue;
      count = p.comments;
    } else {
      if (p.likes === null) continue;
      count = interactionsOf(p, platform)!;
      if (p.comments === null) missingComments++;
    }
    usedCount++;
    counts.push(count);
    const v = p.views;
    if (v !== null && v >= 1) viewRates.push((count / v) * 100);
  }
  const medCount = median(counts);
  const perFollowerPct = medCount !== null && followers > 0 ? (medCount / followers) * 100 : null;
  const perViewPct = median(viewRates);

  const numerator: Numerator =
    usedCount === 0
      ? "none"
      : commentsOnly
        ? "comments"
        : platform === "tiktok"
          ? "likes+comments+shares"
          : "likes+comments";
  const what = commentsOnly
    ? "comments"
    : platform === "tiktok"
      ? "(likes + comments + shares)"
      : "(likes + comments)";

  let ratePct: number | null;
  let basis: EngagementResult["basis"];
  let perPost: number[];
  let postsUsed: number;
  const parts: string[] = [];
  if (platform === "instagram" || perViewPct === null) {
    ratePct = perFollowerPct;
    basis = ratePct === null ? "none" : "followers";
    perPost = counts;
    postsUsed = ratePct === null ? 0 : counts.length;
    if (ratePct !== null) {
      parts.push(
        `Median ${what} of the last ${plural(postsUsed, unit)} ÷ ${thousands(followers)} ${followerWord}s = ${thousands(medCount!)} ÷ ${thousands(followers)} = ${pct(ratePct)}`,
      );
      if (platform !== "instagram") parts.push("views are not available, so the rate is per follower");
    } else if (usedCount > 0 && !(followers > 0)) {
      parts.push(
        `No rate: the ${followerWord} count is zero or hidden${platform === "instagram" ? "" : " and no views are public"}`,
      );
    } else if (!isPrivate) {
      parts.push(`No rate: no ${unit}s with public ${commentsOnly ? "comments" : "likes"}`);
    } else {
      parts.push("No rate: the account is private");
    }
    if (platform === "instagram" && perViewPct !== null) {
      parts.push(`per view (${viewRates.length} with public views) ${pct(perViewPct)}`);
    }
  } else {
    ratePct = perViewPct;
    basis = "views";
    perPost = viewRates;
    postsUsed = viewRates.length;
    parts.push(`Median over the last ${plural(postsUsed, unit)} of ${what} ÷ views = ${pct(ratePct)}`);
    if (perFollowerPct !== null) {
      parts.push(
        `per ${followerWord}: median ${thousands(medCount!)} ÷ ${thousands(followers)} = ${pct(perFollowerPct)}`,
      );
    }
    const zeroViews = usedCount - viewRates.length;
    if (zeroViews > 0) parts.push(`${plural(zeroViews, unit)} without views left out of the per-view median`);
  }
  if (commentsOnly)
    parts.push("likes are hidden, so only comments are counted and the rate is not compared with benchmarks");
  else if (hidden > 0) parts.push(`${plural(hidden, unit)} with hidden likes left out`);
  if (youngPostsSkipped > 0)
    parts.push(`${plural(youngPostsSkipped, unit)} under a day old left out (still collecting engagement)`);
  if (!commentsOnly && missingComments > 0)
    parts.push(`comments unknown on ${plural(missingComments, unit)} (counted as 0)`);

  const comparedPct = commentsOnly ? null : benchmarkBasis === "views" ? perViewPct : perFollowerPct;
  const comparedPosts = benchmarkBasis === "views" ? viewRates.length : counts.length;
  const enough = comparedPosts >= MIN_POSTS;
  const level: EngagementLevel =
    !isPrivate && comparedPct !== null && enough ? levelFor(comparedPct, band) : "unknown";
  if (ratePct !== null && !enough)
    parts.push(`only ${plural(comparedPosts, `usable ${unit}`)}: too few to rate (low confidence)`);
  if (level !== "unknown" && basis !== benchmarkBasis) {
    parts.push(
      `level judged on the per-${followerWord} figure, the basis of the ${PLATFORM_LABELS[platform]} tier bands`,
    );
  }

  const medians = countMedians(eligible);
  return {
    ratePct,
    perFollowerPct,
    perViewPct,
    basis,
    numerator,
    commentsOnly,
    medianLikes: medians.likes,
    medianComments: medians.comments,
    medianViews: medians.views,
    medianShares: medians.shares,
    postsUsed,
    viewPosts: viewRates.length,
    hiddenLikesPosts: hidden,
    youngPostsSkipped,
    confidence: confidenceOf(postsUsed),
    method: `${parts.join("; ")}.`,
    perPost,
    interactions: commentsOnly ? [] : counts,
    band,
    benchmarkBasis,
    comparedPct,
    level,
    percentile: level === "unknown" || comparedPct === null ? null : percentileIn(comparedPct, band),
  };
}
