import {
  bestByRow,
  COMPARE_ROWS,
  type ComparedAccount,
  type ComparedFigures,
  type CompareResponse,
  type CompareTarget,
  compareKey,
  missingReportMessage,
  SUB_SCORES,
} from "../../core/schemas/compare";
import type { EngineReport, Provenance } from "../../core/schemas/report";
import type { AccountRepo, StoredReport } from "../reports/account-repo";

/** The compared figures of one stored report: every number from the engine's metrics, none recomputed. */
export function figuresOf(stored: StoredReport): ComparedFigures {
  const r = stored.report as EngineReport;
  const m = r.metrics;
  const provenance: ComparedFigures["provenance"] = {};
  const brief = (p: Provenance | undefined) => (p ? { kind: p.kind, method: p.method } : undefined);
  for (const row of COMPARE_ROWS) {
    const p = brief(r.provenance?.[row.provenance]);
    if (p) provenance[row.key] = p;
  }
  for (const [key, field] of [
    ["contentMix", "contentTypes"],
    ["audience", "audienceDemographics"],
    ["engagementLevel", "engagementLevel"],
  ] as const) {
    const p = brief(r.provenance?.[field]);
    if (p) provenance[key] = p;
  }
  const ages = m.audience?.ageBrackets ?? [];
  const topAge = ages.length ? ages.reduce((a, b) => (b.share > a.share ? b : a)) : null;
  return {
    name: r.name,
    followers: r.followers,
    grade: r.grade,
    gradeScore: m.grade.score,
    subScores: Object.fromEntries(
      SUB_SCORES.map((k) => [k, m.grade.subScores[k]?.value ?? null]),
    ) as ComparedFigures["subScores"],
    engagementRate: m.engagement.ratePct,
    engagementLevel: r.engagementLevel,
    benchmark: m.engagement.benchmark
      ? {
          tier: m.engagement.benchmark.tier,
          lowPct: m.engagement.benchmark.lowPct,
          highPct: m.engagement.benchmark.highPct,
          percentile: m.engagement.benchmark.percentile ?? null,
        }
      : null,
    contentMix: m.contentMix.map((c) => ({ label: c.label, share: c.share })),
    postsPerWeek: m.frequency.postsPerWeek,
    medianGapDays: m.frequency.medianGapDays,
    priceLow: m.value?.low ?? null,
    priceHigh: m.value?.high ?? null,
    estimatedPostValue: r.estimatedPostValue,
    femaleShare: m.audience?.femaleShare ?? null,
    topAgeBracket: topAge?.bracket ?? null,
    audienceDemographics: r.audienceDemographics,
    isSample: stored.isSample,
    lastUpdated: stored.createdAt.toISOString(),
    provenance,
  };
}

/** Issue 22 compare: stored reports only — no collector call, no quota unit. */
export function createCompareService(deps: { repo: Pick<AccountRepo, "latestReport"> }) {
  return {
    async compare(targets: CompareTarget[]): Promise<CompareResponse> {
      const accounts: ComparedAccount[] = [];
      for (const t of targets) {
        const stored = await deps.repo.latestReport(t.platform, t.username);
        const key = compareKey(t.platform, t.username);
        accounts.push(
          stored
            ? {
                key,
                platform: t.platform,
                username: stored.username,
                found: true,
                figures: figuresOf(stored),
              }
            : {
                key,
                platform: t.platform,
                username: t.username,
                found: false,
                message: missingReportMessage(t.platform, t.username),
              },
        );
      }
      return { accounts, best: bestByRow(accounts) };
    },
  };
}

export type CompareService = ReturnType<typeof createCompareService>;
