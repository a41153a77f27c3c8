import { z } from "zod";
import { platformSchema } from "./platform";

export const GRADES = ["A+", "A", "A-", "B+", "B", "B-", "C+", "C", "C-", "D+", "D", "D-", "F"] as const;
export type Grade = (typeof GRADES)[number];
export const ENGAGEMENT_LEVELS = ["High", "Medium", "Low", "unknown"] as const;
export type EngagementLevel = (typeof ENGAGEMENT_LEVELS)[number];

/** Where a report field comes from (design.md: provenance). */
export const PROVENANCE_KINDS = ["measured", "estimated", "sample", "unavailable", "ai"] as const;
export const provenanceSchema = z.looseObject({
  kind: z.enum(PROVENANCE_KINDS),
  method: z.string(),
  inputs: z.array(z.string()),
  /** Web-search mode: the model that estimated the figure and the pages it cites. */
  model: z.string().max(100).optional(),
  citations: z.array(z.string().max(2000)).max(20).optional(),
});
export type Provenance = z.infer<typeof provenanceSchema>;

const n = z.number();
const nn = z.number().nullable();

const subScoreSchema = z.object({ value: n, weight: n, explanation: z.string() });

export const metricsSchema = z.object({
  engagement: z.object({
    ratePct: nn,
    perFollowerPct: nn,
    perViewPct: nn,
    /** Denominator of `ratePct`. */
    basis: z.enum(["followers", "views", "none"]),
    /** Numerator of `ratePct`: interactions, or comments only when likes are hidden. */
    numerator: z.enum(["likes+comments", "likes+comments+shares", "comments", "none"]).optional(),
    /** How far the figure can be trusted: posts used (high ≥ 12, medium 3–11, low < 3). */
    confidence: z.enum(["high", "medium", "low", "none"]).optional(),
    medianLikes: nn,
    medianComments: nn,
    medianViews: nn,
    medianShares: nn,
    postsUsed: n,
    hiddenLikesPosts: n,
    method: z.string(),
    benchmark: z
      .object({
        tier: z.string(),
        lowPct: n,
        highPct: n,
        exceptionalPct: n,
        source: z.string(),
        /** The figure the level was judged on and its denominator (YouTube: per subscriber). */
        basis: z.enum(["followers", "views"]).optional(),
        comparedPct: nn.optional(),
        /** Estimated percentile of the account within its tier (lognormal through the band). */
        percentile: nn.optional(),
        /**
         * This installation's own percentiles for the tier (issue #24 item 7), from the nightly job;
         * present only when the cell holds at least 50 accounts.
         */
        installation: z
          .object({
            p25Pct: n,
            medianPct: n,
            p75Pct: n,
            accounts: n,
            computedAt: z.string(),
            text: z.string(),
          })
          .nullable()
          .optional(),
      })
      .nullable(),
  }),
  grade: z.object({
    score: nn,
    subScores: z.object({
      engagement: subScoreSchema.nullable(),
      consistency: subScoreSchema.nullable(),
      regularity: subScoreSchema.nullable(),
      growth: subScoreSchema.nullable(),
      authenticity: subScoreSchema.nullable(),
    }),
  }),
  frequency: z.object({ postsPerWeek: nn, medianGapDays: nn, spanDays: nn, postsAnalysed: n }),
  contentMix: z.array(
    z.object({
      type: z.string(),
      label: z.string(),
      count: n,
      share: n,
      medianInteractions: nn,
      /** Mean engagement rate (%) of this format, same basis as the headline rate. */
      avgEngagement: nn.optional(),
    }),
  ),
  value: z
    .object({
      low: n,
      high: n,
      mid: n,
      currency: z.literal("USD"),
      reach: n,
      reachMethod: z.string(),
      cpm: n,
      engagementFactor: n,
      nicheFactor: n,
      formula: z.string(),
      // Issue #24 item 1 (absent on reports stored before it).
      followerRate: z.object({ per1k: n, amount: n }).optional(),
      reachAmount: n.optional(),
      /** Share of the point estimate the reach × CPM figure carries (0 without public views). */
      reachWeight: n.optional(),
      /** The published price band of the account's tier (USD) and where the estimate sits in it. */
      band: z
        .object({
          tier: z.string(),
          followers: z.string(),
          low: n,
          high: nn,
          position: z.enum(["below", "inside", "above"]),
          text: z.string(),
          source: z.string(),
        })
        .optional(),
      /** The figures in the installation's currency, when it is not USD. */
      local: z.object({ currency: z.string(), usdRate: n, low: n, high: n, mid: n }).nullable().optional(),
      /** Which pricing assumptions made this estimate. */
      assumptions: z
        .object({
          source: z.enum(["default", "installation"]),
          updatedAt: z.string().nullable(),
          currency: z.string(),
          usdRate: n,
          per1kFollowers: n,
          cpm: n,
          nicheFactor: n,
          maxReachWeight: n,
          text: z.string(),
        })
        .optional(),
    })
    .nullable(),
  earnings: z
    .object({
      postsPerMonth: n,
      sponsoredPostsPerMonth: n,
      sponsoredShareUsed: n,
      assumption: z.string(),
      /** True when the 20% sponsored share is assumed (none detected). */
      assumed: z.boolean().optional(),
      low: n,
      high: n,
      local: z.object({ currency: z.string(), usdRate: n, low: n, high: n }).nullable().optional(),
    })
    .nullable(),
  advertiser: z.object({
    postsChecked: n,
    sponsoredPosts: n,
    sponsoredShare: nn,
    brands: z.array(z.string()),
    sponsoredPostIds: z.array(z.string()),
    sponsoredEngagementPct: nn,
    organicEngagementPct: nn,
    signals: z.array(z.string()),
    /** Sponsored ER ÷ organic ER (Modash "Paid Post Performance"). */
    performanceRatio: nn.optional(),
  }),
  industries: z.array(z.object({ industry: z.string(), score: n })),
  languages: z.array(z.object({ code: z.string(), name: z.string(), share: n })),
  countries: z.array(z.object({ country: z.string(), score: n, reason: z.string() })),
  audience: z
    .object({
      ageBrackets: z.array(z.object({ bracket: z.string(), share: n })),
      femaleShare: n,
      method: z.string(),
    })
    .nullable(),
  authenticity: z.object({ flags: z.array(z.string()) }),
  /** Which language detector decided (for the method text and the benchmark). */
  languageMethod: z.string().optional(),
});
export type ReportMetrics = z.infer<typeof metricsSchema>;

/** Everything the engine produces: spec §1/§3 report fields, the numbers behind them and their provenance. */
export const REPORT_FIELDS = [
  "platform",
  "username",
  "name",
  "bio",
  "verified",
  "isPrivate",
  "accountType",
  "industry",
  "engagementLevel",
  "engagementRate",
  "grade",
  "gradeDescription",
  "followers",
  "audienceDemographics",
  "postFrequency",
  "contentQuality",
  "contentTypes",
  "estimatedPostValue",
  "estimatedEarnings",
  "advertiserAnalysis",
  "recommendedIndustries",
  "recommendedCountries",
  "targetDemographics",
] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

export const ACCOUNT_TYPES = ["Personal", "Creator", "Business"] as const;

export const engineReportSchema = z.object({
  platform: platformSchema,
  username: z.string(),
  name: z.string(),
  bio: z.string(),
  /** null when the source cannot tell (its provenance says "unavailable from <source>"). */
  verified: z.boolean().nullable(),
  isPrivate: z.boolean(),
  accountType: z.string(),
  industry: z.string(),
  engagementLevel: z.enum(ENGAGEMENT_LEVELS),
  engagementRate: z.string(),
  grade: z.enum(GRADES).nullable(),
  gradeDescription: z.string(),
  followers: z.number(),
  audienceDemographics: z.string(),
  postFrequency: z.string(),
  contentQuality: z.string(),
  contentTypes: z.array(z.string()),
  estimatedPostValue: z.string(),
  estimatedEarnings: z.string(),
  advertiserAnalysis: z.string(),
  recommendedIndustries: z.array(z.string()),
  recommendedCountries: z.array(z.string()),
  targetDemographics: z.array(z.string()),
  metrics: metricsSchema,
  provenance: z.record(z.string(), provenanceSchema),
});
export type EngineReport = z.infer<typeof engineReportSchema>;
