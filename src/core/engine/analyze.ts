import type { EngineReport } from "../schemas/report";
import type { ProfileSnapshot } from "../schemas/snapshot";
import { accountTypeOf } from "./account-type";
import { analyseAdvertisers } from "./advertiser";
import { assembleReport } from "./assemble";
import { audienceOf } from "./audience";
import { type BenchmarkTables, DEFAULT_BENCHMARKS, type InstallationBenchmark } from "./benchmarks";
import { contentMix, contentQualityOf } from "./content";
import { countriesOf } from "./countries";
import { computeEngagement } from "./engagement";
import { computeFrequency } from "./frequency";
import { gradeOf, type HistoryPoint } from "./grade";
import { classifyIndustry } from "./industry";
import { languagesOf } from "./language";
import type { PricingInput } from "./pricing";
import { readProfile } from "./profile";
import { provenanceOf } from "./provenance";
import { scanTexts } from "./scan";
import { unavailableReport } from "./unavailable";
import { valueAndEarnings } from "./value";

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

/**
 * The steps, in order (each in its own module; later steps read earlier results). The text scan
 * fills a state the industry and countries steps read, so those come after it.
 */
function analyze(snapshot: ProfileSnapshot, options: AnalyzeOptions): EngineReport {
  const tables = options?.benchmarks ?? DEFAULT_BENCHMARKS;
  const now = timeOf(options?.now);
  const profile = readProfile(snapshot);
  const { platform, followers, isPrivate, posts } = profile;

  const engagement = computeEngagement(posts, followers, platform, now, tables, isPrivate);
  const frequency = computeFrequency(posts, now);
  const mix = contentMix(posts, platform, followers);
  const scan = scanTexts(profile);
  const advertisers = analyseAdvertisers(posts, scan.postSignals, scan.postMentions, {
    self: profile.self,
    platform,
    followers,
    byFollowers: platform === "instagram" || engagement.basis === "followers",
  });
  const industry = classifyIndustry(scan.state, profile.category, isPrivate);
  const languages = languagesOf(scan);
  const countries = countriesOf(scan.state, languages.languages);
  const audience = audienceOf(
    profile,
    industry.industry,
    languages.languages,
    countries.recommendedCountries,
  );
  const grade = gradeOf(profile, now, engagement, frequency, options?.history);
  const quality = contentQualityOf(posts.length, engagement.perPost, scan, mix);
  const worth = valueAndEarnings(
    profile,
    { mix, engagement, frequency, industry: industry.industry, sponsoredShare: advertisers.sponsoredShare },
    tables,
    options,
  );
  const accountType = accountTypeOf(profile.raw, profile.category);

  const steps = {
    profile,
    tables,
    engagement,
    frequency,
    mix,
    scan,
    advertisers,
    industry,
    languages,
    countries,
    audience,
    grade,
    quality,
    worth,
    accountType,
  };
  return assembleReport(steps, provenanceOf(steps), options);
}

/** The clock in milliseconds (0 when `now` is not a valid date). */
function timeOf(now: Date | undefined): number {
  return now instanceof Date && Number.isFinite(now.getTime()) ? now.getTime() : 0;
}
