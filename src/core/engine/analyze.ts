import { isPlatform, PLATFORM_LABELS, type Platform } from "../schemas/platform";
import type { EngineReport, Provenance, ReportMetrics } from "../schemas/report";
import type { ProfileSnapshot } from "../schemas/snapshot";
import { accountTypeOf } from "./account-type";
import { analyseAdvertisers } from "./advertiser";
import { estimateAudience } from "./audience";
import {
  type BenchmarkTables,
  DEFAULT_BENCHMARKS,
  type InstallationBenchmark,
  installationBenchmarkFor,
} from "./benchmarks";
import { type CaptionStats, contentMix, contentQualityText, contentTypeTexts } from "./content";
import { countriesOf, findCountry } from "./countries";
import { computeEngagement } from "./engagement";
import { computeFrequency } from "./frequency";
import { computeGrade, type HistoryPoint, noGradeReason } from "./grade";
import { classifyIndustry } from "./industry";
import { francLanguage } from "./language";
import { COUNTRY_CODES, LANGUAGE_COUNTRIES, SIGNAL } from "./lexicon";
import { cleanPosts } from "./posts";
import type { PricingInput } from "./pricing";
import { provenanceOf } from "./provenance";
import { median, num, round, str } from "./stats";
import { declareCountry, newScanState, newTextResult, resetScanState, scanText } from "./text";
import { FALLBACK, unavailableReport } from "./unavailable";
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

const byLanguageShare = (a: { code: string; share: number }, b: { code: string; share: number }) =>
  b.share - a.share || (a.code < b.code ? -1 : 1);

/** The scan's state and result, reused by every report (the engine is synchronous). */
const SCAN = newScanState("");
const RESULT = newTextResult();

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
  const byFollowers = platform === "instagram" || engagement.basis === "followers";
  const {
    sponsoredPosts,
    sponsoredIds,
    signals,
    brands,
    sponsoredShare,
    sponsoredEngagementPct,
    organicEngagementPct,
    performanceRatio,
    advertiserAnalysis,
  } = analyseAdvertisers(posts, postSignals, postMentions, { self, platform, followers, byFollowers });

  // ---- Industry -------------------------------------------------------------------------------------
  const { industryScores, top, industry, recommendedIndustries } = classifyIndustry(
    state,
    category,
    isPrivate,
  );

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
  const { countries, recommendedCountries } = countriesOf(state, languages);

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
  const provenance = provenanceOf({
    raw,
    platform,
    platformOk,
    label,
    name,
    bio,
    category,
    source,
    src,
    measured,
    followers,
    followersHidden,
    followerWord,
    isPrivate,
    n,
    tables,
    engagement,
    band,
    frequency,
    top,
    recommendedIndustries,
    countries,
    declaredCountry,
    audience,
    graded,
    quality,
    value,
    earnings,
    type,
  });

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
