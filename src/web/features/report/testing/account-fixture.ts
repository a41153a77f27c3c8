// Test fixtures: real accounts made by the report engine from the sample creators (no hand-written DTOs).
import { analyzeSnapshot } from "#core/engine/index";
import { createSampleCatalog } from "#core/sample/index";
import { type Account, accountSchema } from "#core/schemas/account";
import type { Provenance } from "#core/schemas/report";

export const FIXTURE_NOW = new Date("2026-01-15T00:00:00Z");
const catalog = createSampleCatalog(50, { seed: 2016, now: FIXTURE_NOW });

/** Sample creators of seed 2016 worth knowing: plain, sponsored posts, private, verified with 1M+. */
export const SAMPLE = { plain: 0, sponsored: 1, private: 15, verified: 21 } as const;

/** The account the API would answer for sample creator `index` (a sample, unless overridden). */
export function makeAccount(index: number = SAMPLE.plain, overrides: Partial<Account> = {}): Account {
  const snapshot = catalog.snapshotAt(index);
  const report = analyzeSnapshot(snapshot, { now: FIXTURE_NOW, history: [] });
  return accountSchema.parse({
    ...report,
    id: index + 1,
    lastUpdated: "2026-01-15T10:00:00.000Z",
    isSample: true,
    source: "sample",
    avatarUrl: null,
    recentPosts: snapshot.posts.slice(0, 30).map((p) => ({
      id: p.id,
      type: p.type,
      caption: p.caption ?? null,
      postedAt: p.postedAt,
      likes: p.likes ?? null,
      comments: p.comments ?? null,
      views: p.views ?? null,
      shares: p.shares ?? null,
    })),
    ...overrides,
  });
}

/** The same account as if it had been read from the platform: measured, not sample. */
export function makeRealAccount(index: number = SAMPLE.plain, overrides: Partial<Account> = {}): Account {
  const base = makeAccount(index);
  const provenance: Record<string, Provenance> = {};
  for (const [field, p] of Object.entries(base.provenance)) {
    provenance[field] = { ...p, kind: p.kind === "sample" ? "measured" : p.kind, inputs: ["instagram-web"] };
  }
  return { ...base, isSample: false, source: "instagram-web", provenance, ...overrides };
}

/** An account with nothing known: every field empty, so every fallback text shows. */
export function makeEmptyAccount(): Account {
  const base = makeAccount();
  return {
    ...base,
    name: "",
    bio: "",
    industry: "",
    accountType: "",
    grade: null,
    gradeDescription: "",
    engagementLevel: "unknown",
    engagementRate: "",
    audienceDemographics: "",
    postFrequency: "",
    contentQuality: "",
    contentTypes: [],
    estimatedPostValue: "",
    estimatedEarnings: "",
    advertiserAnalysis: "",
    recommendedIndustries: [],
    recommendedCountries: [],
    targetDemographics: [],
    recentPosts: [],
    provenance: {},
    metrics: {
      ...base.metrics,
      engagement: { ...base.metrics.engagement, ratePct: null, benchmark: null, basis: "none" },
      grade: {
        score: null,
        subScores: {
          engagement: null,
          consistency: null,
          regularity: null,
          growth: null,
          authenticity: null,
        },
      },
      contentMix: [],
      value: null,
      earnings: null,
      advertiser: { ...base.metrics.advertiser, postsChecked: 0, sponsoredPosts: 0, sponsoredShare: null },
      audience: null,
    },
  };
}
