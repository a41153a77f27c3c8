import { isPlatform, PLATFORM_LABELS, type Platform } from "../schemas/platform";
import {
  type EngineReport,
  type Provenance,
  REPORT_FIELDS,
  type ReportField,
  type ReportMetrics,
} from "../schemas/report";
import type { ProfileSnapshot } from "../schemas/snapshot";
import type { Industry } from "../taxonomy";
import { estimateAudience } from "./audience";
import {
  type BenchmarkTables,
  DEFAULT_BENCHMARKS,
  type InstallationBenchmark,
  installationBenchmarkFor,
  tierFor,
} from "./benchmarks";
import { type CaptionStats, contentMix, contentQualityText, contentTypeTexts } from "./content";
import { computeEngagement, interactionsOf } from "./engagement";
import { computeFrequency } from "./frequency";
import { computeGrade, type HistoryPoint, noGradeReason } from "./grade";
import { francLanguage } from "./language";
import {
  ADJACENT_INDUSTRIES,
  COUNTRY_CODES,
  CURRENCY_COUNTRIES,
  INDUSTRY_LIST,
  LANGUAGE_COUNTRIES,
  LEXICON,
  SIGNAL,
  SIGNAL_NAMES,
  STRONG_SIGNALS,
  UNNEGATABLE,
} from "./lexicon";
import { type CleanPost, cleanPosts } from "./posts";
import type { PricingInput } from "./pricing";
import { median, medianInPlace, num, pct, plural, round, scratch } from "./stats";
import {
  declareCountry,
  newScanState,
  newTextResult,
  resetScanState,
  type ScanState,
  scanText,
} from "./text";
import { unmeasuredPostMetrics } from "./unmeasured";
import { earningsText, estimateEarnings, estimateValue, valueText } from "./value";

export interface AnalyzeOptions {
  /** The clock (the engine never reads the system time). */
  now: Date;
  benchmarks?: BenchmarkTables;
  /** Earlier follower counts of this account, for growth. */
  history?: HistoryPoint[];
  /** The pricing assumptions (published defaults when absent) and whose they are. */
  pricing?: PricingInput;
  /** This installation's engagement percentiles per platform × tier (shown from 50 accounts). */
  installationBenchmarks?: readonly InstallationBenchmark[];
}

/** Spec §2 fallback texts. */
export const FALLBACK = {
  demographics: "Demographic data not available",
  notAvailable: "Not available",
  advertiser: "Advertiser analysis not available for this account.",
  unknown: "Unable to determine",
} as const;

/** Characters of all captions together the text scan reads (each caption keeps at least 200). */
export const TOTAL_SCAN = 12_000;
const BIO_SCAN = 1_000;
const NAME_SCAN = 200;

type Kind = Provenance["kind"];

const NO_MENTIONS: readonly string[] = [];

/**
 * The report engine: every number of a report from one snapshot, with the method behind it.
 * Pure (the clock is `options.now`), defensive (bad counts are unknown, never zero) and total:
 * it never throws — an internal failure gives a report whose fields say "unavailable".
 */
export function analyzeSnapshot(snapshot: ProfileSnapshot, options: AnalyzeOptions): EngineReport {
  try {
    return analyze(snapshot, options);
  } catch (err) {
    return unavailableReport(snapshot, err);
  }
}

function str(v: unknown, max: number): string {
  return typeof v === "string" ? (v.length > max ? v.slice(0, max) : v) : "";
}

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

const byIndustryScore = (a: { industry: string; score: number }, b: { industry: string; score: number }) =>
  b.score - a.score || (a.industry < b.industry ? -1 : 1);
const byLanguageShare = (a: { code: string; share: number }, b: { code: string; share: number }) =>
  b.share - a.share || (a.code < b.code ? -1 : 1);

const INDUSTRY_METHOD =
  "Keyword and hashtag classification over the 25-industry taxonomy: category ×5 (exact name 8), bio ×3, name ×2, caption hashtags ×2 and words ×1 (weak words half; at most 4 per caption); the top industry when it scores 2 or more, else General";

/** The scan's state and result, reused by every report (the engine is synchronous). */
const SCAN = newScanState("");
const RESULT = newTextResult();

const BUSINESS_CATEGORY =
  /\b(business|brand|company|shop|store|retail|restaurant|caf[eé]|hotel|agency|services?|organi[sz]ation|non-?profit|product|local|corporate|manufacturer|clinic|salon|bank|e-?commerce)\b/i;
const CREATOR_CATEGORY =
  /\b(creator|artist|musician|band|blogger|public figure|athlete|gamer|influencer|personal blog|entertainer|writer|author|photographer|chef|coach|model|comedian|actor|actress|dj|designer|journalist|youtuber)\b/i;

function accountTypeOf(
  snapshot: Record<string, unknown>,
  category: string,
): { type: string; method: string; known: boolean } {
  const declared = snapshot.accountType;
  if (typeof declared === "string") {
    if (/business/i.test(declared))
      return { type: "Business", method: "Account type reported by the platform", known: true };
    if (/creator|professional/i.test(declared))
      return { type: "Creator", method: "Account type reported by the platform", known: true };
    if (/personal/i.test(declared))
      return { type: "Personal", method: "Account type reported by the platform", known: true };
  }
  if (snapshot.isBusiness === true || snapshot.isBusinessAccount === true) {
    return { type: "Business", method: "The platform marks it as a business account", known: true };
  }
  if (snapshot.isCreator === true)
    return { type: "Creator", method: "The platform marks it as a creator account", known: true };
  if (category) {
    if (CREATOR_CATEGORY.test(category))
      return { type: "Creator", method: `Profile category "${category}" names a creator`, known: true };
    if (BUSINESS_CATEGORY.test(category))
      return { type: "Business", method: `Profile category "${category}" names a business`, known: true };
    return {
      type: "Creator",
      method: `Profile category "${category}" (only professional accounts show one)`,
      known: true,
    };
  }
  return { type: "Personal", method: "Default: the profile shows no category or account type", known: false };
}

function analyze(snapshot: ProfileSnapshot, options: AnalyzeOptions): EngineReport {
  const raw = (snapshot && typeof snapshot === "object" ? snapshot : {}) as Record<string, unknown>;
  const tables = options?.benchmarks ?? DEFAULT_BENCHMARKS;
  const nowDate = options?.now;
  const now = nowDate instanceof Date && Number.isFinite(nowDate.getTime()) ? nowDate.getTime() : 0;
  const platformOk = isPlatform(raw.platform);
  const platform: Platform = platformOk ? (raw.platform as Platform) : "instagram";
  const label = PLATFORM_LABELS[platform];
  let username = str(raw.username, 100).trim();
  if (username.charCodeAt(0) === 64) username = username.slice(1); // a leading "@"
  const self = username.toLowerCase();
  const name = str(raw.name, 500);
  const bio = str(raw.bio, 5_000);
  const category = str(raw.category, 200).trim();
  // Under one follower is no audience to divide by (and 5e-324 would overflow every ratio).
  const followersRaw = num(raw.followers);
  const followersHidden = raw.followersHidden === true || followersRaw === null;
  const followers = followersRaw !== null && followersRaw >= 1 ? followersRaw : 0;
  const followersShown = followersRaw ?? 0;
  const following = num(raw.following);
  const isPrivate = raw.isPrivate === true;
  const source = str(raw.source, 100) || "unknown source";
  const isSample = source === "sample";
  const measured: Kind = isSample ? "sample" : "measured";
  const fetchedAt = str(raw.fetchedAt, 64);
  // Every figure names its source and when it was read; public-page scrapes and data providers say
  // they are unofficial (the snapshot's `official: false`).
  const src = isSample
    ? "sample data (generated, not a real account)"
    : `${source}${(raw as { official?: unknown }).official === false ? " (unofficial source)" : ""} at ${fetchedAt || "unknown time"}`;
  const followerWord = platform === "youtube" ? "subscribers" : "followers";

  const posts = isPrivate ? [] : cleanPosts(raw.posts);
  const n = posts.length;

  // ---- Engagement and level -----------------------------------------------------------------
  const engagement = computeEngagement(posts, followers, platform, now, tables, isPrivate);
  const band = engagement.band;
  const engagementRate = engagement.ratePct === null ? "" : engagement.ratePct.toFixed(2);

  // ---- Frequency and content mix ----------------------------------------------------------------
  const frequency = computeFrequency(posts, now);
  const postFrequency = frequency.text ?? FALLBACK.notAvailable;
  const mix = contentMix(posts, platform, followers);
  const contentTypes = contentTypeTexts(mix);

  // ---- One scan over bio, name and captions --------------------------------------------------------
  const state = resetScanState(SCAN, self);
  const res = RESULT;
  const langCounts = new Map<string, number>();
  /** Texts the scan could not place (franc gets a sample of them). */
  const undecided: string[] = [];
  let eligibleTexts = 0;
  const bioText = bio.length > BIO_SCAN ? bio.slice(0, BIO_SCAN) : bio;
  if (bioText) {
    scanText(bioText, "bio", state, res, bioText.length);
    if (res.lang !== "und") {
      langCounts.set(res.lang, (langCounts.get(res.lang) ?? 0) + 1);
      eligibleTexts++;
    } else if (res.words >= 3) {
      undecided.push(bioText);
      eligibleTexts++;
    }
  }
  if (name) scanText(name, "name", state, res, Math.min(name.length, NAME_SCAN));
  const postSignals: number[] = new Array(n);
  const postMentions: (readonly string[])[] = new Array(n);
  let hashtagTotal = 0;
  let budget = TOTAL_SCAN;
  const lengths: number[] = new Array(n);
  let withoutCaption = 0;
  for (let i = 0; i < n; i++) {
    const p = posts[i]!;
    lengths[i] = p.captionLength;
    if (p.captionLength === 0) withoutCaption++;
    let mask = p.platformAd ? SIGNAL.PLATFORM_LABEL : 0;
    let mentions: readonly string[] = NO_MENTIONS;
    const caption = p.caption;
    if (caption) {
      const take = Math.min(caption.length, Math.max(200, budget));
      budget -= take;
      scanText(caption, "caption", state, res, take);
      mask |= res.signals;
      hashtagTotal += res.hashtags;
      if (res.mentions.length) mentions = res.mentions.slice();
      if (res.lang !== "und") {
        langCounts.set(res.lang, (langCounts.get(res.lang) ?? 0) + 1);
        eligibleTexts++;
      } else if (res.words >= 3) {
        undecided.push(take < caption.length ? caption.slice(0, take) : caption);
        eligibleTexts++;
      }
    }
    postSignals[i] = mask;
    postMentions[i] = mentions;
  }
  const declared = typeof raw.country === "string" ? raw.country.trim() : "";
  let declaredCountry: string | null = null;
  if (declared) {
    declaredCountry = COUNTRY_CODES[declared.toUpperCase()] ?? findCountry(declared);
    if (declaredCountry) declareCountry(state, declaredCountry);
  }

  // ---- Advertiser analysis ---------------------------------------------------------------------------
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
  const byFollowers = platform === "instagram" || engagement.basis === "followers";
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

  // ---- Industry -------------------------------------------------------------------------------------
  if (category) scoreCategory(category, state);
  const industryScores: { industry: Industry; score: number }[] = [];
  for (let i = 0; i < INDUSTRY_LIST.length; i++) {
    const score = state.industry[i]!;
    if (score > 0) industryScores.push({ industry: INDUSTRY_LIST[i]!, score: round(score, 2) });
  }
  industryScores.sort(byIndustryScore);
  const top = industryScores[0];
  const industry: Industry = top && top.score >= 2 ? top.industry : "General";
  const recommendedIndustries: string[] = [];
  if (!isPrivate || industry !== "General") {
    for (const s of industryScores) {
      if (recommendedIndustries.length >= 3) break;
      if (s.score >= 2 && s.score >= (top?.score ?? 0) * 0.25) recommendedIndustries.push(s.industry);
    }
    for (const adj of ADJACENT_INDUSTRIES[industry] ?? []) {
      if (recommendedIndustries.length >= 5) break;
      if (!recommendedIndustries.includes(adj)) recommendedIndustries.push(adj);
    }
  }

  // ---- Languages -------------------------------------------------------------------------------------
  let languageMethod = "stop words and scripts per text";
  if (undecided.length > 0 && (eligibleTexts - undecided.length) * 3 < eligibleTexts) {
    const lang = francLanguage(undecided);
    languageMethod = `stop words and scripts per text; franc on a ${undecided.length}-text sample for the rest`;
    if (lang !== "und") langCounts.set(lang, (langCounts.get(lang) ?? 0) + undecided.length);
  }
  let langTotal = 0;
  for (const c of langCounts.values()) langTotal += c;
  const languages: ReportMetrics["languages"] = [];
  for (const [code, c] of langCounts) {
    languages.push({ code, name: LANGUAGE_COUNTRIES[code]?.name ?? code, share: round(c / langTotal, 3) });
  }
  if (languages.length > 1) languages.sort(byLanguageShare);

  // ---- Countries ---------------------------------------------------------------------------------------
  const countries = scoreCountries(state, languages);
  const recommendedCountries: string[] = [];
  for (let i = 0; i < countries.length && i < 5; i++) recommendedCountries.push(countries[i]!.country);

  // ---- Audience (estimated) ----------------------------------------------------------------------------
  let audience: ReportMetrics["audience"] = null;
  let audienceDemographics: string = FALLBACK.demographics;
  let targetDemographics: string[] = [];
  if (!isPrivate && n > 0) {
    const topLang = languages[0] ? { code: languages[0].code, name: languages[0].name } : null;
    const a = estimateAudience({
      platform,
      label,
      industry,
      language: topLang,
      countries: recommendedCountries,
    });
    audience = a.metrics;
    audienceDemographics = a.text;
    targetDemographics = a.targets;
  }

  // ---- Grade ------------------------------------------------------------------------------------------
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
    history: options?.history,
    likeSum,
    commentSum,
    likePosts,
  });
  const gradeDescription =
    graded.grade === null
      ? noGradeReason({ label, isPrivate, posts: n, engagement, followers, platform })
      : graded.description;

  // ---- Content quality ----------------------------------------------------------------------------------
  const captionStats: CaptionStats = {
    medianLength: median(lengths) ?? 0,
    hashtagsPerPost: n ? hashtagTotal / n : 0,
    withoutCaption,
  };
  const quality = contentQualityText(n, engagement.perPost, captionStats, mix);
  const contentQuality = quality ?? FALLBACK.unknown;

  // ---- Value and earnings (estimates) ----------------------------------------------------------------------
  const value =
    isPrivate || followersHidden
      ? null
      : estimateValue({
          platform,
          followers,
          posts,
          mix,
          comparedPct: engagement.level === "unknown" ? null : engagement.comparedPct,
          band,
          industry,
          tables,
          pricing: options.pricing,
        });
  const earnings = value ? estimateEarnings(value, frequency.postsPerWeek, sponsoredShare) : null;

  // ---- Profile fields ----------------------------------------------------------------------------------------
  const type = accountTypeOf(raw, category);

  // ---- Provenance: the method and inputs behind every field (in this order) ----------------------------------
  const countsUsed =
    platform === "tiktok" ? "likes, comments, shares and views" : "likes, comments and views";
  const levelMethod =
    engagement.level === "unknown"
      ? engagement.comparedPct === null
        ? "No engagement figure on the benchmark's basis"
        : `Only ${plural(engagement.benchmarkBasis === "views" ? engagement.viewPosts : engagement.interactions.length, "usable post")}; at least 3 are needed`
      : `${pct(engagement.comparedPct!)} ${engagement.benchmarkBasis === "views" ? "per view" : `per ${followerWord.slice(0, -1)}`} compared with the ${label} ${band.tier} tier: Low below ${band.low}%, Medium ${band.low}–${band.high}%, High above ${band.high}% (${tables.source[platform]})`;
  const gradeKind: Kind = graded.grade === null ? "unavailable" : measured;
  const provenance: Record<ReportField, Provenance> = {
    engagementRate: {
      kind: engagement.ratePct === null ? "unavailable" : measured,
      method: engagement.method,
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
          : "Follower count as the platform publishes it",
      inputs: [src],
    },
  };

  const sub = graded.subScores;
  return {
    platform,
    username,
    name,
    bio,
    // null only when the source said it cannot tell; absent means "no badge", as in the snapshot schema.
    verified: raw.verified === null ? null : raw.verified === true,
    isPrivate,
    accountType: type.type,
    industry,
    engagementLevel: engagement.level,
    engagementRate,
    grade: graded.grade,
    gradeDescription,
    followers: followersShown,
    audienceDemographics,
    postFrequency,
    contentQuality,
    contentTypes,
    estimatedPostValue: value ? valueText(value) : FALLBACK.notAvailable,
    estimatedEarnings: earnings ? earningsText(earnings) : FALLBACK.notAvailable,
    advertiserAnalysis,
    recommendedIndustries,
    recommendedCountries,
    targetDemographics,
    metrics: {
      engagement: {
        ratePct: r4(engagement.ratePct),
        perFollowerPct: r4(engagement.perFollowerPct),
        perViewPct: r4(engagement.perViewPct),
        basis: engagement.basis,
        numerator: engagement.numerator,
        confidence: engagement.confidence,
        medianLikes: engagement.medianLikes,
        medianComments: engagement.medianComments,
        medianViews: engagement.medianViews,
        medianShares: engagement.medianShares,
        postsUsed: engagement.postsUsed,
        hiddenLikesPosts: engagement.hiddenLikesPosts,
        method: engagement.method,
        benchmark: {
          tier: band.tier,
          lowPct: band.low,
          highPct: band.high,
          exceptionalPct: band.exceptional,
          source: tables.source[platform],
          basis: engagement.benchmarkBasis,
          comparedPct: r4(engagement.comparedPct),
          percentile: engagement.percentile === null ? null : round(engagement.percentile, 1),
          installation: installationBenchmarkFor(options.installationBenchmarks, platform, band.tier),
        },
      },
      grade: { score: graded.score, subScores: sub },
      frequency: {
        postsPerWeek: r2(frequency.postsPerWeek),
        medianGapDays: r2(frequency.medianGapDays),
        spanDays: r2(frequency.spanDays),
        postsAnalysed: n,
      },
      contentMix: mix,
      value,
      earnings,
      advertiser: {
        postsChecked: n,
        sponsoredPosts: sponsoredPosts.length,
        sponsoredShare: sponsoredShare === null ? null : round(sponsoredShare, 4),
        brands,
        sponsoredPostIds: sponsoredIds,
        sponsoredEngagementPct: r4(sponsoredEngagementPct),
        organicEngagementPct: r4(organicEngagementPct),
        signals,
        performanceRatio: performanceRatio === null ? null : round(performanceRatio, 3),
      },
      industries: industryScores.slice(0, 5),
      languages,
      countries,
      audience,
      authenticity: { flags: graded.flags },
      languageMethod,
    },
    provenance,
  };
}

function r4(v: number | null): number | null {
  return v === null || !Number.isFinite(v) ? null : round(v, 4);
}
function r2(v: number | null): number | null {
  return v === null || !Number.isFinite(v) ? null : round(v, 2);
}

const COUNTRY_BY_NAME = new Map<string, string>();
for (const c of Object.values(COUNTRY_CODES)) COUNTRY_BY_NAME.set(c.toLowerCase(), c);

function findCountry(name: string): string | null {
  return COUNTRY_BY_NAME.get(name.toLowerCase()) ?? (LEXICON.get(name.toLowerCase())?.place || null);
}

const CATEGORY_SPLIT = /[^\p{L}\p{N}]+/u;

/** The profile category: an exact taxonomy name scores 8; its keywords 5 each (weak 2.5). */
function scoreCategory(category: string, state: ScanState): void {
  const lower = category.toLowerCase();
  const exact = INDUSTRY_LIST.findIndex((i) => i.toLowerCase() === lower);
  if (exact >= 0) {
    state.industry[exact]! += 8;
    return;
  }
  for (const w of lower.split(CATEGORY_SPLIT)) {
    const e = w ? LEXICON.get(w) : undefined;
    if (e && e.industry >= 0) state.industry[e.industry]! += 2.5 * e.halves;
  }
}

type CountryScore = ReportMetrics["countries"][number];

/** Country scores from the scan's evidence and the caption languages (docs/methodology.md). */
function scoreCountries(
  state: ScanState,
  languages: readonly { code: string; name: string; share: number }[],
): CountryScore[] {
  const scores = new Map<string, { score: number; reasons: string[] }>();
  for (const [country, e] of state.countries) {
    if (e.declared) addScore(scores, country, 4, "country declared on the profile");
    if (e.bioPlace) addScore(scores, country, 3, "named in the bio");
    if (e.captionPlaces)
      addScore(
        scores,
        country,
        Math.min(4, e.captionPlaces),
        `named in ${plural(e.captionPlaces, "caption")}`,
      );
    if (e.bioFlag) addScore(scores, country, 3, "flag in the bio");
    if (e.captionFlags)
      addScore(scores, country, Math.min(3, e.captionFlags), `flag in ${plural(e.captionFlags, "caption")}`);
  }
  for (const l of languages) {
    const lc = LANGUAGE_COUNTRIES[l.code];
    if (!lc) continue;
    for (let i = 0; i < lc.countries.length; i++) {
      const score = round(l.share * 3 * (1 - 0.25 * i), 3);
      if (score > 0)
        addScore(scores, lc.countries[i]!, score, `captions in ${lc.name} (${Math.round(l.share * 100)}%)`);
    }
  }
  for (const [sign, count] of state.currencies) {
    const targets = CURRENCY_COUNTRIES[sign];
    if (!targets) continue;
    if (sign === "€") {
      // The euro only tells Europe apart: it strengthens euro countries already suggested.
      for (const c of targets) if (scores.has(c)) addScore(scores, c, 1, "prices in €");
    } else for (const c of targets) addScore(scores, c, Math.min(2, count), `prices in ${sign}`);
  }
  const out: CountryScore[] = [];
  for (const [country, e] of scores) {
    if (e.score >= 0.5) out.push({ country, score: round(e.score, 2), reason: e.reasons.join("; ") });
  }
  out.sort(byCountryScore);
  if (out.length > 8) out.length = 8;
  return out;
}

function addScore(
  scores: Map<string, { score: number; reasons: string[] }>,
  country: string,
  score: number,
  reason: string,
): void {
  if (score <= 0) return;
  const e = scores.get(country);
  if (e) {
    e.score += score;
    e.reasons.push(reason);
  } else scores.set(country, { score, reasons: [reason] });
}

const byCountryScore = (a: CountryScore, b: CountryScore): number =>
  b.score - a.score || (a.country < b.country ? -1 : 1);

/** The last-resort report when the engine itself failed: every field says it is unavailable. */
function unavailableReport(snapshot: unknown, err: unknown): EngineReport {
  const raw = (snapshot && typeof snapshot === "object" ? snapshot : {}) as Record<string, unknown>;
  const platform: Platform = isPlatform(raw.platform) ? raw.platform : "instagram";
  const why = `The engine could not analyse this snapshot (${err instanceof Error ? err.message.slice(0, 200) : "unknown error"})`;
  const provenance = {} as Record<ReportField, Provenance>;
  for (const f of REPORT_FIELDS) provenance[f] = { kind: "unavailable", method: why, inputs: [] };
  const band = tierFor(platform, 0);
  return {
    platform,
    username: str(raw.username, 100),
    name: str(raw.name, 500),
    bio: str(raw.bio, 5_000),
    verified: raw.verified === true,
    isPrivate: raw.isPrivate === true,
    accountType: "Personal",
    industry: "General",
    engagementLevel: "unknown",
    engagementRate: "",
    grade: null,
    gradeDescription: FALLBACK.unknown,
    followers: num(raw.followers) ?? 0,
    audienceDemographics: FALLBACK.demographics,
    postFrequency: FALLBACK.notAvailable,
    contentQuality: FALLBACK.unknown,
    contentTypes: [],
    estimatedPostValue: FALLBACK.notAvailable,
    estimatedEarnings: FALLBACK.notAvailable,
    advertiserAnalysis: FALLBACK.advertiser,
    recommendedIndustries: [],
    recommendedCountries: [],
    targetDemographics: [],
    metrics: {
      engagement: {
        ratePct: null,
        perFollowerPct: null,
        perViewPct: null,
        basis: "none",
        medianLikes: null,
        medianComments: null,
        medianViews: null,
        medianShares: null,
        postsUsed: 0,
        hiddenLikesPosts: 0,
        method: why,
        benchmark: {
          tier: band.tier,
          lowPct: band.low,
          highPct: band.high,
          exceptionalPct: band.exceptional,
          source: DEFAULT_BENCHMARKS.source[platform],
        },
      },
      ...unmeasuredPostMetrics(),
      frequency: { postsPerWeek: null, medianGapDays: null, spanDays: null, postsAnalysed: 0 },
      industries: [],
    },
    provenance,
  };
}
