import type { CleanPost } from "./posts";
import { median } from "./stats";

const DAY = 86_400_000;
/** Average weeks per month (365.25 ÷ 12 ÷ 7). */
export const WEEKS_PER_MONTH = 4.348;

export interface FrequencyResult {
  postsPerWeek: number | null;
  medianGapDays: number | null;
  spanDays: number | null;
  /** Days between gaps, oldest first. */
  gaps: number[];
  daysSinceLast: number | null;
  postsDated: number;
  text: string | null;
}

const byNumber = (a: number, b: number): number => a - b;

/**
 * Posting rate over the window: (posts − 1) ÷ days between the oldest and newest post × 7.
 * Below one a week it reads "per month"; a last post over 30 days old is stated.
 */
export function computeFrequency(posts: readonly CleanPost[], now: number): FrequencyResult {
  // Oldest first. The engine's posts are newest first, so reading them backwards is usually enough.
  const times: number[] = [];
  let ascending = true;
  for (let i = posts.length - 1; i >= 0; i--) {
    const t = posts[i]!.postedAt;
    if (!Number.isFinite(t)) continue;
    if (times.length > 0 && t < times[times.length - 1]!) ascending = false;
    times.push(t);
  }
  if (!ascending) times.sort(byNumber);
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) gaps.push((times[i]! - times[i - 1]!) / DAY);
  const spanDays = times.length >= 2 ? (times[times.length - 1]! - times[0]!) / DAY : null;
  const postsPerWeek = spanDays !== null && spanDays > 0 ? ((times.length - 1) / spanDays) * 7 : null;
  const last = times[times.length - 1];
  const daysSinceLast = last !== undefined && now > 0 ? Math.max(0, (now - last) / DAY) : null;
  let text: string | null = null;
  if (postsPerWeek !== null) {
    text =
      postsPerWeek >= 1
        ? `${postsPerWeek.toFixed(1)} posts per week`
        : `${(postsPerWeek * WEEKS_PER_MONTH).toFixed(1)} posts per month`;
    if (daysSinceLast !== null && daysSinceLast > 30)
      text += ` (last post ${Math.round(daysSinceLast)} days ago)`;
  }
  return {
    postsPerWeek,
    medianGapDays: median(gaps),
    spanDays,
    gaps,
    daysSinceLast,
    postsDated: times.length,
    text,
  };
}
