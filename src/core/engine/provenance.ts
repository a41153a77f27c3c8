import type { Provenance, ReportField } from "../schemas/report";
import type { ReportSteps } from "./assemble";
import { INDUSTRY_METHOD } from "./industry";
import { pct, plural } from "./stats";

type Kind = Provenance["kind"];

/**
 * What the provenance of a report is written from: the results of the steps it describes (the
 * profile read from the snapshot, the benchmark tables, and each computed part of the report).
 */
export type ProvenanceInputs = Pick<
  ReportSteps,
  | "profile"
  | "tables"
  | "engagement"
  | "frequency"
  | "scan"
  | "industry"
  | "countries"
  | "audience"
  | "grade"
  | "quality"
  | "worth"
  | "accountType"
>;

/** The method and inputs behind every field of the report (in REPORT_FIELDS order). */
export function provenanceOf(inputs: ProvenanceInputs): Record<ReportField, Provenance> {
  const { profile, tables, engagement, frequency, quality } = inputs;
  const { raw, platform, platformOk, label, name, bio, category, source, src, measured } = profile;
  const { followers, followersHidden, followerWord, isPrivate } = profile;
  /** Posts analysed. */
  const n = profile.posts.length;
  const band = engagement.band;
  const { top, recommendedIndustries } = inputs.industry;
  const { countries } = inputs.countries;
  const { declaredCountry } = inputs.scan;
  const { audience } = inputs.audience;
  const { graded } = inputs.grade;
  const { value, earnings } = inputs.worth;
  const type = inputs.accountType;
  const countsUsed =
    platform === "tiktok" ? "likes, comments, shares and views" : "likes, comments and views";
  const levelMethod =
    engagement.level === "unknown"
      ? engagement.comparedPct === null
        ? "No engagement figure on the benchmark's basis"
        : `Only ${plural(engagement.benchmarkBasis === "views" ? engagement.viewPosts : engagement.interactions.length, "usable post")}; at least 3 are needed`
      : `${pct(engagement.comparedPct!)} ${engagement.benchmarkBasis === "views" ? "per view" : `per ${followerWord.slice(0, -1)}`} compared with the ${label} ${band.tier} tier: Low below ${band.low}%, Medium ${band.low}–${band.high}%, High above ${band.high}% (${tables.source[platform]})`;
  const gradeKind: Kind = graded.grade === null ? "unavailable" : measured;
  const roundedPosts = roundedCountPosts(raw.posts);
  const followersRounded = platform === "youtube" || raw.followersRounded === true;
  const provenance: Record<ReportField, Provenance> = {
    engagementRate: {
      kind: engagement.ratePct === null ? "unavailable" : measured,
      method:
        roundedPosts > 0 && engagement.ratePct !== null
          ? `${engagement.method} The platform shows the counts of ${plural(roundedPosts, "post")} rounded to 3 significant digits.`
          : engagement.method,
      inputs: [
        src,
        `${followerWord} (${followersHidden ? "hidden" : followers})`,
        `${countsUsed} of ${plural(engagement.postsUsed, "post")}`,
      ],
    },
    engagementLevel: {
      kind: engagement.level === "unknown" ? "unavailable" : measured,
      method: levelMethod,
      inputs: [src, "engagement rate", "docs/methodology.md tier table"],
    },
    postFrequency: {
      kind: frequency.text === null ? "unavailable" : measured,
      method:
        frequency.text === null
          ? n < 2
            ? "Needs at least 2 dated posts"
            : "All posts have the same date"
          : `(${frequency.postsDated} posts − 1) ÷ ${frequency.spanDays!.toFixed(1)} days × 7`,
      inputs: [src, "post dates"],
    },
    contentTypes: {
      kind: n ? measured : "unavailable",
      method: `Share of each format among the last ${plural(n, "post")}`,
      inputs: [src, "post types"],
    },
    advertiserAnalysis: {
      kind: n ? measured : "unavailable",
      method: n
        ? "Captions checked for disclosure tags, paid-partnership wording, gifting, discount codes, affiliate links and the platform's label; weak hints (link in bio, discount, collab, @mention) count in pairs; brands are the @mentions in sponsored posts"
        : isPrivate
          ? "Private account: posts cannot be read"
          : "No posts to check",
      inputs: [src, "captions", "post engagement"],
    },
    industry: {
      kind: "estimated",
      method: top ? `${INDUSTRY_METHOD} (top: ${top.industry} ${top.score})` : INDUSTRY_METHOD,
      inputs: [src, "bio", "category", "captions and hashtags"],
    },
    recommendedIndustries: {
      kind: recommendedIndustries.length ? "estimated" : "unavailable",
      method:
        "The account's strongest industries (score ≥ 2 and ≥ 25% of the top), then the niches their advertisers also buy into",
      inputs: [src, "industry scores"],
    },
    recommendedCountries: {
      kind: countries.length ? "estimated" : "unavailable",
      method:
        "Where the audience likely is (not measured): declared country 4, place names and flag emoji in the bio 3 (in captions 1 each, up to 4 and 3), currency signs, and each caption language's main countries by its share",
      inputs: [src, "bio", "captions", declaredCountry ? "declared country" : "languages"],
    },
    audienceDemographics: {
      kind: audience ? "estimated" : "unavailable",
      method: audience?.method ?? "No public posts to estimate from",
      inputs: [src, "platform age and gender priors", "industry", "languages"],
    },
    targetDemographics: {
      kind: audience ? "estimated" : "unavailable",
      method:
        "The estimated audience's two largest age brackets and gender, the niche and the main caption language",
      inputs: [src, "estimated audience"],
    },
    grade: {
      kind: gradeKind,
      method:
        "Weighted sub-scores: engagement percentile in the tier 40%, consistency 15%, posting regularity 15%, growth 10% (with follower history), authenticity 20%; ≥ 90 A+, then 5 points a step to D- at 35, below F",
      inputs: [src, "engagement", "post dates", "follower history", "likes and comments"],
    },
    gradeDescription: {
      kind: gradeKind,
      method: "Written by the engine from the grade's score and sub-scores",
      inputs: [src, "grade"],
    },
    contentQuality: {
      kind: quality === null ? "unavailable" : measured,
      method:
        "From engagement consistency (coefficient of variation), median caption length, hashtags per post and the best-performing format",
      inputs: [src, "captions", "post engagement"],
    },
    estimatedPostValue: {
      kind: value ? "estimated" : "unavailable",
      method: value ? value.formula : "Needs a public follower count and posts",
      inputs: [
        src,
        "followers",
        "reach",
        "pricing assumptions: per-1K-follower rates, CPMs, niche factors (docs/methodology.md)",
        "engagement vs tier",
      ],
    },
    estimatedEarnings: {
      kind: earnings ? "estimated" : "unavailable",
      method: earnings
        ? `Value per post × ${earnings.sponsoredPostsPerMonth} sponsored posts a month (${earnings.postsPerMonth} posts a month; ${earnings.assumption})`
        : "Needs a value per post and a posting rate",
      inputs: [src, "value per post", "posting rate", "sponsored share"],
    },
    platform: {
      kind: platformOk ? measured : "unavailable",
      method: platformOk ? "As requested and collected" : "Unknown platform value; analysed as Instagram",
      inputs: [src],
    },
    username: { kind: measured, method: "The handle the platform returned", inputs: [src] },
    name: {
      kind: name ? measured : "unavailable",
      method: "Display name as the platform shows it",
      inputs: [src],
    },
    bio: {
      kind: bio ? measured : "unavailable",
      method: "Profile text as the platform shows it",
      inputs: [src],
    },
    verified:
      raw.verified !== null
        ? { kind: measured, method: "The platform's verification badge", inputs: [src] }
        : {
            kind: "unavailable",
            method: `Unavailable from ${source}: this source does not expose the verification badge`,
            inputs: [src],
          },
    isPrivate: { kind: measured, method: "The platform's privacy setting", inputs: [src] },
    accountType: {
      kind: type.known ? measured : "estimated",
      method: type.method,
      inputs: category ? [src, "category"] : [src],
    },
    followers: {
      kind: followersHidden ? "unavailable" : measured,
      method: followersHidden
        ? "The platform hides the count"
        : platform === "youtube"
          ? "Subscriber count as YouTube publishes it (rounded to 3 significant digits)"
          : followersRounded
            ? "Follower count as the platform shows it (rounded to 3 significant digits; no exact figure was given)"
            : "Follower count as the platform publishes it",
      inputs: [src],
    },
  };
  return provenance;
}

/** Posts whose counts the source marked as rounded (`countsRounded`, TikTok's `stats` without `statsV2`). */
function roundedCountPosts(posts: unknown): number {
  if (!Array.isArray(posts)) return 0;
  let n = 0;
  for (const p of posts)
    if (p && typeof p === "object" && (p as { countsRounded?: unknown }).countsRounded === true) n++;
  return n;
}
