import { thousands } from "../format";
import { detectAnomalies, type GrowthPointInput } from "../growth/growth";
import type { Platform } from "../schemas/platform";
import type { Grade, ReportMetrics } from "../schemas/report";
import type { EngagementResult } from "./engagement";
import type { FrequencyResult } from "./frequency";
import type { Profile } from "./profile";
import { clamp, cv, median, ordinal, pct, piecewise, plural, round } from "./stats";

const DAY = 86_400_000;
const HOUR = 3_600_000;

export type SubScore = NonNullable<ReportMetrics["grade"]["subScores"]["engagement"]>;
export type SubScores = ReportMetrics["grade"]["subScores"];

/** Sub-score weights (renormalised over the sub-scores present; growth needs history). */
export const WEIGHTS = {
  engagement: 0.4,
  consistency: 0.15,
  regularity: 0.15,
  growth: 0.1,
  authenticity: 0.2,
};

const GRADE_STEPS: readonly [number, Grade][] = [
  [90, "A+"],
  [85, "A"],
  [80, "A-"],
  [75, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [55, "C"],
  [50, "C-"],
  [45, "D+"],
  [40, "D"],
  [35, "D-"],
  [0, "F"],
];

/** Score (0–100) → letter: ≥ 90 A+, then every 5 points down to D- at 35; below 35 F. */
export function gradeFor(score: number): Grade {
  for (const [min, g] of GRADE_STEPS) if (score >= min) return g;
  return "F";
}

export interface HistoryPoint {
  fetchedAt: string;
  followers: number;
  /** Engagement rate (%) and median interactions per post of that fetch, when known (anomalies). */
  engagementRate?: number | null;
  medianInteractions?: number | null;
}

const finiteOrNull = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

export interface GradeInput {
  platform: Platform;
  label: string;
  followers: number;
  following: number | null;
  now: number;
  engagement: EngagementResult;
  frequency: FrequencyResult;
  history: readonly HistoryPoint[] | undefined;
  /** Likes and comments of the posts with visible likes (for the comment/like ratio). */
  likeSum: number;
  commentSum: number;
  likePosts: number;
}

export interface GradeResult {
  score: number | null;
  grade: Grade | null;
  subScores: SubScores;
  flags: string[];
  description: string;
}

type Curve = readonly (readonly [number, number])[];

/** Engagement CV → 0–100: CV ≤ 0.3 is 100, CV ≥ 1.5 is 0. */
const CONSISTENCY: Curve = [
  [0.3, 100],
  [1.5, 0],
];
export function consistencyScore(c: number): number {
  return piecewise(c, CONSISTENCY);
}

/** Posts per week → 0–100 (NoxScore rates 3–5 videos a week ideal, N1; YouTube long-form 2). */
const RATE_YOUTUBE: Curve = [
  [0, 0],
  [0.25, 30],
  [1, 80],
  [2, 100],
];
const RATE_OTHER: Curve = [
  [0, 0],
  [0.25, 20],
  [1, 60],
  [3, 100],
];
export function rateScore(postsPerWeek: number, platform: Platform): number {
  return piecewise(postsPerWeek, platform === "youtube" ? RATE_YOUTUBE : RATE_OTHER);
}

/** Monthly follower growth (%) → 0–100. */
const GROWTH: Curve = [
  [-5, 0],
  [0, 40],
  [3, 70],
  [10, 100],
];
export function growthScore(monthlyPct: number): number {
  return piecewise(monthlyPct, GROWTH);
}

/** Variation of the gaps between posts (CV) → 0–100: ≤ 0.5 is 100, ≥ 2 is 0. */
const GAPS: Curve = [
  [0.5, 100],
  [2, 0],
];

function growth(input: GradeInput, flags: string[]): { sub: SubScore | null; penalty: number } {
  const { now, followers } = input;
  if (!Array.isArray(input.history) || !(followers > 0) || !(now > 0)) return { sub: null, penalty: 0 };
  const points: { t: number; f: number; er: number | null; ix: number | null }[] = [];
  for (const h of input.history) {
    if (!h || typeof h !== "object") continue;
    const t = typeof h.fetchedAt === "string" ? Date.parse(h.fetchedAt) : Number.NaN;
    const f = h.followers;
    if (Number.isFinite(t) && typeof f === "number" && Number.isFinite(f) && f > 0 && t <= now - HOUR) {
      points.push({ t, f, er: finiteOrNull(h.engagementRate), ix: finiteOrNull(h.medianInteractions) });
    }
  }
  if (points.length === 0) return { sub: null, penalty: 0 };
  points.sort((a, b) => a.t - b.t);
  points.push({ t: now, f: followers, er: null, ix: null });
  const first = points[0]!;
  const days = (now - first.t) / DAY;
  if (days < 7) return { sub: null, penalty: 0 };
  const monthly = ((followers / first.f) ** (30 / days) - 1) * 100;
  // Anomalies (src/core/growth): a jump far above the account's own trend without a matching rise in
  // engagement per post (HypeAuditor's "hockey stick", H3), or a sudden drop; each kind costs
  // authenticity points once, and its newest case is named.
  const e = input.engagement;
  const ix =
    e.medianLikes === null && e.medianComments === null
      ? null
      : (e.medianLikes ?? 0) + (e.medianComments ?? 0);
  const series: GrowthPointInput[] = points.map((p, k) =>
    k === points.length - 1
      ? { at: new Date(p.t).toISOString(), followers: p.f, engagementRate: e.ratePct, medianInteractions: ix }
      : { at: new Date(p.t).toISOString(), followers: p.f, engagementRate: p.er, medianInteractions: p.ix },
  );
  let penalty = 0;
  const anomalies = detectAnomalies(series);
  for (const kind of ["spike", "drop"] as const) {
    const found = anomalies.filter((a) => a.kind === kind);
    if (found.length === 0) continue;
    penalty += kind === "spike" ? 15 : 10;
    flags.push(found[found.length - 1]!.message);
  }
  return {
    sub: {
      value: round(growthScore(monthly), 1),
      weight: WEIGHTS.growth,
      explanation: `${monthly >= 0 ? "+" : ""}${monthly.toFixed(1)}% ${input.platform === "youtube" ? "subscribers" : "followers"} per month over ${Math.round(days)} days (${thousands(first.f)} → ${thousands(followers)})`,
    },
    penalty,
  };
}

/**
 * The grade: a 0–100 score from weighted sub-scores, each with its value and a one-line reason.
 * No grade without an engagement level (private, too few posts, hidden likes, no denominator).
 */
export function computeGrade(input: GradeInput): GradeResult {
  const { engagement: e, frequency: f, platform, label } = input;
  const flags: string[] = [];
  const empty: SubScores = {
    engagement: null,
    consistency: null,
    regularity: null,
    growth: null,
    authenticity: null,
  };
  if (e.level === "unknown" || e.comparedPct === null || e.percentile === null) {
    return { score: null, grade: null, subScores: empty, flags, description: "" };
  }
  const band = e.band;
  const audienceWord = platform === "youtube" ? "subscribers" : "followers";
  const basisWord =
    e.benchmarkBasis === "views" ? "per view" : platform === "youtube" ? "per subscriber" : "per follower";

  const engagementSub: SubScore = {
    value: round(e.percentile, 1),
    weight: WEIGHTS.engagement,
    explanation: `${pct(e.comparedPct)} ${basisWord} ≈ the ${ordinal(Math.round(e.percentile))} percentile of ${label} accounts with ${band.tier} ${audienceWord} (average band ${band.low}–${band.high}%, high ${band.exceptional}%)`,
  };

  const c = cv(e.perPost);
  const consistencySub: SubScore = {
    value: c === null ? 50 : round(consistencyScore(c), 1),
    weight: WEIGHTS.consistency,
    explanation:
      c === null
        ? "No engagement to compare between posts"
        : `Engagement varies by ${Math.round(c * 100)}% from post to post (coefficient of variation)`,
  };

  const gapCv = cv(f.gaps);
  const freqScore = f.postsPerWeek === null ? 0 : rateScore(f.postsPerWeek, platform);
  const gapScore = gapCv === null ? 50 : piecewise(gapCv, GAPS);
  const stale = f.daysSinceLast !== null && f.daysSinceLast > 60;
  const regularitySub: SubScore = {
    value: round((0.5 * freqScore + 0.5 * gapScore) * (stale ? 0.5 : 1), 1),
    weight: WEIGHTS.regularity,
    explanation: `${f.postsPerWeek === null ? "Unknown" : f.postsPerWeek.toFixed(1)} posts per week${gapCv === null ? "" : `, gaps between posts vary by ${Math.round(gapCv * 100)}%`}${stale ? `, last post ${Math.round(f.daysSinceLast!)} days ago (halved)` : ""}`,
  };

  const g = growth(input, flags);

  // Authenticity: HypeAuditor-style checks on public numbers (peers.md §2.8–2.9), 100 minus penalties.
  let a = 100 - g.penalty;
  if (platform === "instagram" && input.likePosts >= 3 && input.likeSum > 0) {
    const per100 = (input.commentSum / input.likeSum) * 100;
    if (per100 < 0.2) {
      a -= 25;
      flags.push(
        `Very few comments for the likes (${per100.toFixed(2)} per 100 likes): possible bought likes`,
      );
    } else if (per100 > 20) {
      a -= 20;
      flags.push(
        `Unusually many comments for the likes (${per100.toFixed(0)} per 100 likes): engagement pods or giveaways`,
      );
    }
  }
  const med = median(e.perPost);
  if (e.perPost.length >= 5 && med !== null && med > 0) {
    let max = 0;
    for (const v of e.perPost) if (v > max) max = v;
    if (max > med * 10) {
      a -= 10;
      flags.push(
        `One post has ${Math.round(max / med)}× the median engagement (a viral hit or bought engagement)`,
      );
    }
  }
  if (e.comparedPct > band.exceptional * 3) {
    a -= 20;
    flags.push(`Engagement is over 3× the tier's high mark (${pct(e.comparedPct)} vs ${band.exceptional}%)`);
  }
  if (
    e.viewPosts >= 3 &&
    e.medianViews !== null &&
    input.followers >= 50_000 &&
    e.medianViews < input.followers * 0.01
  ) {
    a -= 15;
    flags.push(
      `Median views (${thousands(e.medianViews)}) are under 1% of ${thousands(input.followers)} followers: many followers may be inactive`,
    );
  }
  if (
    platform === "instagram" &&
    input.following !== null &&
    input.followers >= 10_000 &&
    input.following > input.followers
  ) {
    a -= 10;
    flags.push("Follows more accounts than follow it (follow-for-follow pattern)");
  }
  const authenticitySub: SubScore = {
    value: clamp(a, 0, 100),
    weight: WEIGHTS.authenticity,
    explanation: flags.length
      ? flags.join("; ")
      : "No like/comment anomalies, engagement spikes or follower jumps found",
  };

  const named: [string, SubScore][] = [
    ["engagement", engagementSub],
    ["consistency", consistencySub],
    ["posting regularity", regularitySub],
    ["authenticity", authenticitySub],
  ];
  if (g.sub) named.push(["growth", g.sub]);
  let wsum = 0;
  let vsum = 0;
  for (const [, s] of named) {
    wsum += s.weight;
    vsum += s.value * s.weight;
  }
  const score = round(vsum / wsum, 1);
  const grade = gradeFor(score);
  let strongest = named[0]!;
  let weakest = named[0]!;
  for (const n of named) {
    if (n[1].value > strongest[1].value) strongest = n;
    if (n[1].value < weakest[1].value) weakest = n;
  }
  const description =
    `${grade} (score ${score} of 100): ${e.level.toLowerCase()} engagement for its tier — ${pct(e.comparedPct)} ${basisWord} against an average of ` +
    `${band.low}–${band.high}% for ${label} accounts with ${band.tier} ${audienceWord}, about the ${ordinal(Math.round(e.percentile))} percentile. ` +
    `Strongest: ${strongest[0]} (${Math.round(strongest[1].value)}); weakest: ${weakest[0]} (${Math.round(weakest[1].value)})${flags.length ? `; ${plural(flags.length, "authenticity flag")}` : ""}.`;
  return {
    score,
    grade,
    subScores: {
      engagement: engagementSub,
      consistency: consistencySub,
      regularity: regularitySub,
      growth: g.sub,
      authenticity: authenticitySub,
    },
    flags,
    description,
  };
}

/** Why there is no grade, in one sentence. */
export function noGradeReason(opts: {
  label: string;
  isPrivate: boolean;
  posts: number;
  engagement: EngagementResult;
  followers: number;
  platform: Platform;
}): string {
  const { label, engagement: e } = opts;
  if (opts.isPrivate)
    return `This ${label} account is private, so its posts cannot be analysed and no grade is given.`;
  if (opts.posts === 0) return "No public posts to analyse, so no grade is given.";
  if (e.commentsOnly) {
    return "Likes are hidden on this account's posts, so engagement cannot be compared with its tier and no grade is given.";
  }
  if (e.benchmarkBasis === "followers" && !(opts.followers > 0)) {
    return `The ${opts.platform === "youtube" ? "subscriber" : "follower"} count is zero or hidden, so engagement cannot be compared with its tier and no grade is given.`;
  }
  if (e.benchmarkBasis === "views" && e.perViewPct === null && e.postsUsed > 0) {
    return `No views are public for these ${opts.platform === "youtube" ? "videos" : "posts"}, so engagement cannot be compared with the per-view tier bands and no grade is given.`;
  }
  const usable = e.benchmarkBasis === "views" ? e.perPost.length : e.interactions.length;
  return `Only ${plural(usable, "post")} ${usable === 1 ? "has" : "have"} usable engagement data${e.hiddenLikesPosts ? ` (${e.hiddenLikesPosts} hide their likes)` : ""}; at least 3 are needed for a grade.`;
}

/** The grade and its description (or why there is none), from engagement, rhythm, growth and likes. */
export function gradeOf(
  profile: Pick<Profile, "platform" | "label" | "followers" | "following" | "isPrivate" | "posts">,
  now: number,
  engagement: EngagementResult,
  frequency: FrequencyResult,
  history: readonly HistoryPoint[] | undefined,
): { graded: GradeResult; gradeDescription: string } {
  const { platform, label, followers, following, isPrivate, posts } = profile;
  const n = posts.length;
  let likeSum = 0;
  let commentSum = 0;
  let likePosts = 0;
  for (let i = 0; i < n; i++) {
    const p = posts[i]!;
    if (p.likes === null) continue;
    likeSum += p.likes;
    commentSum += p.comments ?? 0;
    likePosts++;
  }
  const graded = computeGrade({
    platform,
    label,
    followers,
    following,
    now,
    engagement,
    frequency,
    history,
    likeSum,
    commentSum,
    likePosts,
  });
  const gradeDescription =
    graded.grade === null
      ? noGradeReason({ label, isPrivate, posts: n, engagement, followers, platform })
      : graded.description;
  return { graded, gradeDescription };
}
