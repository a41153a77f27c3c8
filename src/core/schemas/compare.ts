import { z } from "zod";
import { COMPARE_MAX, type CompareTarget } from "../compare";
import { canonicalHandle, stripAt } from "../handles";
import { isModelFigures } from "../model-figures";
import { isPlatform, PLATFORM_LABELS, type Platform } from "./platform";
import { ENGAGEMENT_LEVELS, type EngineReport, GRADES, PROVENANCE_KINDS, type Provenance } from "./report";

/** "instagram:a,youtube:b" → targets, or the first problem in words naming what was sent. */
export function parseCompareAccounts(text: string): { targets: CompareTarget[] } | { error: string } {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { error: "accounts must list at least one platform:username" };
  const seen = new Set<string>();
  const targets: CompareTarget[] = [];
  for (const part of parts) {
    const at = part.indexOf(":");
    const platform = at > 0 ? part.slice(0, at).toLowerCase() : "";
    const username = stripAt((at > 0 ? part.slice(at + 1) : "").trim());
    if (!isPlatform(platform)) {
      return {
        error: `accounts: "${part.slice(0, 120)}" must be platform:username with instagram, tiktok or youtube`,
      };
    }
    if (!username || username.length > 100 || !/^[\w.-]+$/.test(username)) {
      return { error: `accounts: "${part.slice(0, 120)}" has no valid username` };
    }
    const handle = canonicalHandle(platform, username);
    const key = `${platform}:${handle}`;
    if (seen.has(key)) continue;
    seen.add(key);
    targets.push({ platform, username: handle });
  }
  if (targets.length > COMPARE_MAX)
    return { error: `accounts: at most ${COMPARE_MAX} creators can be compared` };
  return { targets };
}

export const compareQuerySchema = z.strictObject({
  accounts: z
    .string({ error: "accounts is required" })
    .max(1000, { message: "accounts must be at most 1000 characters" }),
});

const provenanceBriefSchema = z.object({ kind: z.enum(PROVENANCE_KINDS), method: z.string() });
const nn = z.number().nullable();

export const SUB_SCORES = ["engagement", "consistency", "regularity", "growth", "authenticity"] as const;
export type SubScore = (typeof SUB_SCORES)[number];

export const comparedFiguresSchema = z.object({
  name: z.string(),
  followers: z.number(),
  grade: z.enum(GRADES).nullable(),
  gradeScore: nn,
  subScores: z.object(Object.fromEntries(SUB_SCORES.map((k) => [k, nn])) as Record<SubScore, typeof nn>),
  engagementRate: nn,
  engagementLevel: z.enum(ENGAGEMENT_LEVELS),
  benchmark: z
    .object({ tier: z.string(), lowPct: z.number(), highPct: z.number(), percentile: nn })
    .nullable(),
  contentMix: z.array(z.object({ label: z.string(), share: z.number() })),
  postsPerWeek: nn,
  medianGapDays: nn,
  priceLow: nn,
  priceHigh: nn,
  estimatedPostValue: z.string(),
  femaleShare: nn,
  topAgeBracket: z.string().nullable(),
  audienceDemographics: z.string(),
  isSample: z.boolean(),
  /** The figures are the model's web-search estimate, not measured (src/core/model-figures.ts). */
  modelFigures: z.boolean().optional(),
  lastUpdated: z.string(),
  /** Per row key: where the figure comes from (measured, estimated, sample, ai…) and how. */
  provenance: z.record(z.string(), provenanceBriefSchema),
});
export type ComparedFigures = z.infer<typeof comparedFiguresSchema>;

export const comparedAccountSchema = z.object({
  key: z.string(),
  platform: z.enum(["instagram", "tiktok", "youtube"]),
  username: z.string(),
  found: z.boolean(),
  /** Without a stored report: what to do about it. */
  message: z.string().optional(),
  figures: comparedFiguresSchema.optional(),
  /** Trust III (#33): the figures are the reader's own browser capture, which only they see. */
  privateTo: z.literal("you").optional(),
});
export type ComparedAccount = z.infer<typeof comparedAccountSchema>;

export const compareResponseSchema = z.object({
  accounts: z.array(comparedAccountSchema),
  /** Row key → keys of the accounts holding the best value of that row (ties all marked). */
  best: z.record(z.string(), z.array(z.string())),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;

/** The rows of the comparison whose best value is marked, how to read them, and their provenance field. */
export const COMPARE_ROWS: readonly {
  key: string;
  label: string;
  better: "higher" | "lower";
  provenance: string;
  value: (f: ComparedFigures) => number | null;
}[] = [
  {
    key: "followers",
    label: "Followers",
    better: "higher",
    provenance: "followers",
    value: (f) => f.followers,
  },
  { key: "grade", label: "Grade score", better: "higher", provenance: "grade", value: (f) => f.gradeScore },
  ...SUB_SCORES.map((k) => ({
    key: `subScores.${k}`,
    label: `${k[0]!.toUpperCase()}${k.slice(1)} sub-score`,
    better: "higher" as const,
    provenance: "grade",
    value: (f: ComparedFigures) => f.subScores[k],
  })),
  {
    key: "engagementRate",
    label: "Engagement rate",
    better: "higher",
    provenance: "engagementRate",
    value: (f) => f.engagementRate,
  },
  {
    key: "tierPercentile",
    label: "Percentile in its tier",
    better: "higher",
    provenance: "engagementLevel",
    value: (f) => f.benchmark?.percentile ?? null,
  },
  {
    key: "postsPerWeek",
    label: "Posts per week",
    better: "higher",
    provenance: "postFrequency",
    value: (f) => f.postsPerWeek,
  },
  {
    key: "price",
    label: "Price per post (low)",
    better: "lower",
    provenance: "estimatedPostValue",
    value: (f) => f.priceLow,
  },
];

/** For each row, the keys of the accounts with the best value (only when two or more have one). */
export function bestByRow(accounts: readonly ComparedAccount[]): Record<string, string[]> {
  const best: Record<string, string[]> = {};
  for (const row of COMPARE_ROWS) {
    const values = accounts
      .filter((a) => a.figures)
      .map((a) => ({ key: a.key, v: row.value(a.figures!) }))
      .filter((x): x is { key: string; v: number } => x.v !== null && Number.isFinite(x.v));
    if (values.length < 2) {
      best[row.key] = [];
      continue;
    }
    const target =
      row.better === "higher" ? Math.max(...values.map((x) => x.v)) : Math.min(...values.map((x) => x.v));
    best[row.key] = values.filter((x) => x.v === target).map((x) => x.key);
  }
  return best;
}

export function compareKey(platform: Platform, username: string): string {
  return `${platform}:${username}`;
}

export function missingReportMessage(platform: Platform, username: string): string {
  return `No stored report for @${username} on ${PLATFORM_LABELS[platform]} yet. Analyse the account to add it to the comparison.`;
}

/** The compared figures of one stored report: every number from the engine's metrics, none recomputed. */
export function figuresFromReport(
  r: EngineReport,
  stored: { isSample: boolean; createdAt: Date; source?: string },
): ComparedFigures {
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
    modelFigures: isModelFigures(stored.source),
    lastUpdated: stored.createdAt.toISOString(),
    provenance,
  };
}
