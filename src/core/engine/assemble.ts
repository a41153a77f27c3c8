import type { EngineReport, Provenance, ReportField } from "../schemas/report";
import type { accountTypeOf } from "./account-type";
import type { analyseAdvertisers } from "./advertiser";
import type { audienceOf } from "./audience";
import { type BenchmarkTables, type InstallationBenchmark, installationBenchmarkFor } from "./benchmarks";
import { type ContentMix, contentTypeTexts } from "./content";
import type { countriesOf } from "./countries";
import type { EngagementResult } from "./engagement";
import type { FrequencyResult } from "./frequency";
import type { gradeOf } from "./grade";
import type { classifyIndustry } from "./industry";
import type { languagesOf } from "./language";
import type { Profile } from "./profile";
import type { TextScan } from "./scan";
import { round } from "./stats";
import { FALLBACK } from "./unavailable";
import { earningsText, type valueAndEarnings, valueText } from "./value";

/** The results of the engine's steps (analyze.ts), one per part of the report. */
export interface ReportSteps {
  profile: Profile;
  /** The benchmark tables the engagement was compared with. */
  tables: BenchmarkTables;
  engagement: EngagementResult;
  frequency: FrequencyResult;
  mix: ContentMix;
  scan: TextScan;
  advertisers: ReturnType<typeof analyseAdvertisers>;
  industry: ReturnType<typeof classifyIndustry>;
  languages: ReturnType<typeof languagesOf>;
  countries: ReturnType<typeof countriesOf>;
  audience: ReturnType<typeof audienceOf>;
  grade: ReturnType<typeof gradeOf>;
  /** The content-quality sentence, or null without posts. */
  quality: string | null;
  /** Value per post and earnings. */
  worth: ReturnType<typeof valueAndEarnings>;
  accountType: ReturnType<typeof accountTypeOf>;
}

/** The report from the steps' results: the headline texts (with their fallbacks) and the metrics. */
export function assembleReport(
  steps: ReportSteps,
  provenance: Record<ReportField, Provenance>,
  options: { installationBenchmarks?: readonly InstallationBenchmark[] },
): EngineReport {
  const { profile, tables, engagement, frequency, mix, advertisers, industry, languages, countries } = steps;
  const { audience, grade, quality, worth, accountType } = steps;
  const { raw, platform } = profile;
  const n = profile.posts.length;
  const band = engagement.band;
  const { graded } = grade;
  const { value, earnings } = worth;
  const sub = graded.subScores;
  return {
    platform,
    username: profile.username,
    name: profile.name,
    bio: profile.bio,
    // null only when the source said it cannot tell; absent means "no badge", as in the snapshot schema.
    verified: raw.verified === null ? null : raw.verified === true,
    isPrivate: profile.isPrivate,
    accountType: accountType.type,
    industry: industry.industry,
    engagementLevel: engagement.level,
    engagementRate: engagement.ratePct === null ? "" : engagement.ratePct.toFixed(2),
    grade: graded.grade,
    gradeDescription: grade.gradeDescription,
    followers: profile.followersShown,
    audienceDemographics: audience.audienceDemographics,
    postFrequency: frequency.text ?? FALLBACK.notAvailable,
    contentQuality: quality ?? FALLBACK.unknown,
    contentTypes: contentTypeTexts(mix),
    estimatedPostValue: value ? valueText(value) : FALLBACK.notAvailable,
    estimatedEarnings: earnings ? earningsText(earnings) : FALLBACK.notAvailable,
    advertiserAnalysis: advertisers.advertiserAnalysis,
    recommendedIndustries: industry.recommendedIndustries,
    recommendedCountries: countries.recommendedCountries,
    targetDemographics: audience.targetDemographics,
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
        sponsoredPosts: advertisers.sponsoredPosts.length,
        sponsoredShare: advertisers.sponsoredShare === null ? null : round(advertisers.sponsoredShare, 4),
        brands: advertisers.brands,
        sponsoredPostIds: advertisers.sponsoredIds,
        sponsoredEngagementPct: r4(advertisers.sponsoredEngagementPct),
        organicEngagementPct: r4(advertisers.organicEngagementPct),
        signals: advertisers.signals,
        performanceRatio:
          advertisers.performanceRatio === null ? null : round(advertisers.performanceRatio, 3),
      },
      industries: industry.industryScores.slice(0, 5),
      languages: languages.languages,
      countries: countries.countries,
      audience: audience.audience,
      authenticity: { flags: graded.flags },
      languageMethod: languages.languageMethod,
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
