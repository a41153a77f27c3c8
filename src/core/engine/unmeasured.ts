import type { ReportMetrics } from "../schemas/report";

type PostMetrics = Pick<
  ReportMetrics,
  | "grade"
  | "contentMix"
  | "value"
  | "earnings"
  | "advertiser"
  | "languages"
  | "countries"
  | "audience"
  | "authenticity"
>;

/**
 * The metrics that only the engine's reading of posts can give, as "not measured": no grade score,
 * no content mix, value, advertiser figures, languages, countries or audience. For reports that
 * were not computed from posts (the engine's last-resort report, the web-search report). A fresh
 * object each call: reports are mutable values.
 */
export function unmeasuredPostMetrics(): PostMetrics {
  return {
    grade: {
      score: null,
      subScores: { engagement: null, consistency: null, regularity: null, growth: null, authenticity: null },
    },
    contentMix: [],
    value: null,
    earnings: null,
    advertiser: {
      postsChecked: 0,
      sponsoredPosts: 0,
      sponsoredShare: null,
      brands: [],
      sponsoredPostIds: [],
      sponsoredEngagementPct: null,
      organicEngagementPct: null,
      signals: [],
    },
    languages: [],
    countries: [],
    audience: null,
    authenticity: { flags: [] },
  };
}
