import type { Platform } from "../schemas/platform";
import { interactionsOf } from "./engagement";
import { SIGNAL, SIGNAL_NAMES, STRONG_SIGNALS, UNNEGATABLE } from "./lexicon";
import type { CleanPost } from "./posts";
import { medianInPlace, pct, plural, scratch } from "./stats";
import { FALLBACK } from "./unavailable";

/** Sponsored when a strong signal is present, or two weak ones (link in bio + discount, @brand + code…). */
export function isSponsored(mask: number): boolean {
  const negated = (mask & SIGNAL.NEGATED) !== 0;
  if (negated) return (mask & UNNEGATABLE) !== 0;
  if ((mask & STRONG_SIGNALS) !== 0) return true;
  const weak = mask & WEAK_SIGNALS;
  return (weak & (weak - 1)) !== 0; // two or more of them
}
const WEAK_SIGNALS = SIGNAL.LINK_IN_BIO | SIGNAL.DISCOUNT | SIGNAL.COLLAB | SIGNAL.MENTION;

function signalNames(mask: number): string[] {
  const out: string[] = [];
  for (const [bit, name] of SIGNAL_NAMES) if (mask & bit) out.push(name);
  return out;
}

/** "@brand.co." → "@brand.co" (a sentence's full stop after a handle). */
function withoutTrailingDots(m: string): string {
  let end = m.length;
  while (end > 0 && m.charCodeAt(end - 1) === 46) end--;
  return end === m.length ? m : m.slice(0, end);
}

/** The 8 brands mentioned most (ties by name), as "@brand". */
function topBrands(counts: Map<string, number>): string[] {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 8)
    .map(([b]) => `@${b}`);
}

/**
 * Engagement of a group of posts (sponsored or organic) on the report's basis: median interactions
 * ÷ followers, or the median per-view rate.
 */
function engagementOf(
  list: readonly CleanPost[],
  platform: Platform,
  followers: number,
  byFollowers: boolean,
): number | null {
  const buf = scratch(list.length);
  let k = 0;
  for (let i = 0; i < list.length; i++) {
    const p = list[i]!;
    const x = interactionsOf(p, platform);
    if (x === null) continue;
    if (byFollowers) buf[k++] = x;
    else if (p.views !== null && p.views >= 1) buf[k++] = (x / p.views) * 100;
  }
  const m = medianInPlace(buf, k);
  if (!byFollowers) return m;
  return m !== null && followers > 0 ? (m / followers) * 100 : null;
}

/**
 * Advertiser analysis: the posts that look sponsored (by their scan signals), the brands they mention
 * and how they perform against organic posts, on the report's engagement basis.
 */
export function analyseAdvertisers(
  posts: readonly CleanPost[],
  postSignals: readonly number[],
  postMentions: readonly (readonly string[])[],
  ctx: { self: string; platform: Platform; followers: number; byFollowers: boolean },
) {
  const { self, platform, followers, byFollowers } = ctx;
  const n = posts.length;
  const sponsoredPosts: CleanPost[] = [];
  const organicPosts: CleanPost[] = [];
  const sponsoredIds: string[] = [];
  let signalMask = 0;
  let brandCounts: Map<string, number> | null = null;
  for (let i = 0; i < n; i++) {
    const p = posts[i]!;
    const mask = postSignals[i]!;
    if (isSponsored(mask)) {
      sponsoredPosts.push(p);
      sponsoredIds.push(p.id);
      signalMask |= mask & ~SIGNAL.NEGATED;
      for (const m of postMentions[i]!) {
        const b = withoutTrailingDots(m);
        if (b && b !== self) {
          brandCounts ??= new Map();
          brandCounts.set(b, (brandCounts.get(b) ?? 0) + 1);
        }
      }
    } else organicPosts.push(p);
  }
  const signals = signalNames(signalMask);
  const brands = brandCounts === null ? [] : topBrands(brandCounts);
  const sponsoredShare = n ? sponsoredPosts.length / n : null;
  const sponsoredEngagementPct = sponsoredPosts.length
    ? engagementOf(sponsoredPosts, platform, followers, byFollowers)
    : null;
  const organicEngagementPct = organicPosts.length
    ? engagementOf(organicPosts, platform, followers, byFollowers)
    : null;
  const performanceRatio =
    sponsoredEngagementPct !== null && organicEngagementPct !== null && organicEngagementPct > 0
      ? sponsoredEngagementPct / organicEngagementPct
      : null;
  let advertiserAnalysis: string = FALLBACK.advertiser;
  if (n > 0) {
    if (sponsoredPosts.length === 0) {
      advertiserAnalysis = `No sponsored posts detected in the last ${plural(n, "post")} (checked for #ad/#sponsored tags, paid-partnership wording, gifting, discount codes and affiliate links).`;
    } else {
      advertiserAnalysis = `${sponsoredPosts.length} of the last ${plural(n, "post")} (${Math.round(sponsoredShare! * 100)}%) look sponsored (${signals.join(", ")}).`;
      if (brands.length) advertiserAnalysis += ` Brands mentioned: ${brands.slice(0, 5).join(", ")}.`;
      if (performanceRatio !== null) {
        advertiserAnalysis += ` Sponsored posts get ${performanceRatio.toFixed(2)}× the engagement of organic ones (${pct(sponsoredEngagementPct!)} vs ${pct(organicEngagementPct!)}).`;
      }
    }
  }
  return {
    sponsoredPosts,
    sponsoredIds,
    signals,
    brands,
    sponsoredShare,
    sponsoredEngagementPct,
    organicEngagementPct,
    performanceRatio,
    advertiserAnalysis,
  };
}
