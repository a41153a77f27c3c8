import { isPlatform, type Platform } from "../schemas/platform";
import { type EngineReport, type Provenance, REPORT_FIELDS, type ReportField } from "../schemas/report";
import { DEFAULT_BENCHMARKS, tierFor } from "./benchmarks";
import { num, str } from "./stats";
import { unmeasuredPostMetrics } from "./unmeasured";

/** Spec §2 fallback texts. */
export const FALLBACK = {
  demographics: "Demographic data not available",
  notAvailable: "Not available",
  advertiser: "Advertiser analysis not available for this account.",
  unknown: "Unable to determine",
} as const;

/** The last-resort report when the engine itself failed: every field says it is unavailable. */
export function unavailableReport(snapshot: unknown, err: unknown): EngineReport {
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
