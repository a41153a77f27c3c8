import { z } from "zod";
import { COUNTRIES, INDUSTRIES, TARGET_MARKETS } from "../taxonomy";
import { PLATFORMS, platformSchema } from "./platform";

/**
 * Discovery (spec §2 "Discovery page", §3 discovery result) and the account finder
 * (spec §2 "Account-finder screen", §3 finder result, §5): requests, answers and the
 * interpretation of a free-text description.
 */

/** Spec §2 follower-range options, in the order the form shows them. */
export const FOLLOWER_RANGES = ["less_than_10k", "10k_to_100k", "100k_to_1mil", "1mil_plus"] as const;
export type FollowerRange = (typeof FOLLOWER_RANGES)[number];

export const FOLLOWER_RANGE_LABELS: Record<FollowerRange, string> = {
  less_than_10k: "Less than 10K",
  "10k_to_100k": "10K - 100K",
  "100k_to_1mil": "100K - 1M",
  "1mil_plus": "1M+",
};

export const ANY_INDUSTRY = "any";
export const MAX_TARGET_MARKETS = 10;
export const MAX_RESULTS = 100;
export const FINDER_DEFAULT_LIMIT = 50;

/** Spec §5, exact text. */
export const FINDER_DESCRIPTION_TOO_SHORT =
  "Please provide at least 10 characters describing what you're looking for";
export const FINDER_DESCRIPTION_MIN = 10;
export const FINDER_DESCRIPTION_MAX = 2000;

/** Other names people type for the single-country markets. */
const MARKET_ALIASES: Record<string, (typeof TARGET_MARKETS)[number]> = {
  "united states": "united states",
  "united states of america": "united states",
  usa: "united states",
  us: "united states",
  "u.s.": "united states",
  "u.s.a.": "united states",
  america: "united states",
  canada: "canada",
  uk: "uk",
  "u.k.": "uk",
  "united kingdom": "uk",
  "great britain": "uk",
  britain: "uk",
  gb: "uk",
  england: "uk",
};

const COUNTRY_BY_LOWER = new Map<string, string>(COUNTRIES.map((c) => [c.toLowerCase(), c]));

/**
 * A target market as the form sends it: one of the spec's markets ("united states", "canada",
 * "europe", "uk", "australia", "asia", "global", any case) or a country name. Returns the canonical
 * value — the market in lower case, or the country as taxonomy COUNTRIES spells it (a country that is
 * a market of its own, e.g. "Canada", becomes that market) — or null when unknown.
 */
export function canonicalTargetMarket(input: string): string | null {
  const key = input.trim().toLowerCase().replace(/\s+/g, " ");
  if ((TARGET_MARKETS as readonly string[]).includes(key)) return key;
  const alias = MARKET_ALIASES[key];
  if (alias) return alias;
  return COUNTRY_BY_LOWER.get(key) ?? null;
}

const targetMarketsField = z
  .array(
    z
      .string({ error: "targetMarkets must be a list of market or country names" })
      .max(60, { message: "each market must be at most 60 characters" }),
    { error: "targetMarkets must be a list of market or country names" },
  )
  .max(MAX_TARGET_MARKETS, { message: `targetMarkets: choose at most ${MAX_TARGET_MARKETS} markets` })
  .transform((values, ctx) => {
    const out: string[] = [];
    for (const value of values) {
      const canonical = canonicalTargetMarket(value);
      if (!canonical) {
        ctx.addIssue({
          code: "custom",
          message: `targetMarkets: "${value.slice(0, 60)}" is not a market (${TARGET_MARKETS.join(", ")}) or a country we know`,
        });
        return z.NEVER;
      }
      if (!out.includes(canonical)) out.push(canonical);
    }
    return out;
  });

const limitField = z
  .number({ error: "limit must be a number" })
  .int({ message: "limit must be a whole number" })
  .min(1, { message: `limit must be from 1 to ${MAX_RESULTS}` })
  .max(MAX_RESULTS, { message: `limit must be from 1 to ${MAX_RESULTS}` });

/** POST /api/discovery/search (design.md contract; `limit` is optional, 100 at most). */
export const discoverySearchRequestSchema = z.strictObject({
  platform: platformSchema,
  followerRange: z.enum(FOLLOWER_RANGES, {
    error: `followerRange must be one of ${FOLLOWER_RANGES.join(", ")}`,
  }),
  industry: z
    .enum([ANY_INDUSTRY, ...INDUSTRIES], { error: 'industry must be one of the industries or "any"' })
    .optional()
    .default(ANY_INDUSTRY),
  targetMarkets: targetMarketsField.optional().default([]),
  limit: limitField.optional().default(MAX_RESULTS),
});
export type DiscoverySearchRequest = z.infer<typeof discoverySearchRequestSchema>;
export type DiscoverySearchInput = z.input<typeof discoverySearchRequestSchema>;

export const MATCH_CRITERIA = ["industry", "markets", "followers", "engagement"] as const;
export type MatchCriterion = (typeof MATCH_CRITERIA)[number];

/** One criterion's share of the match percentage (points of max; all points add up to it). */
export const matchContributionSchema = z.object({
  criterion: z.enum(MATCH_CRITERIA),
  label: z.string(),
  points: z.number().int().min(0).max(100),
  /** 0 when the criterion was not asked for ("any industry", no market). */
  max: z.number().int().min(0).max(100),
  detail: z.string(),
});
export type MatchContribution = z.infer<typeof matchContributionSchema>;

/** Spec §3 discovery result, plus why it matches and whether it is a sample creator. */
export const discoveryResultSchema = z.object({
  username: z.string(),
  platform: z.enum(PLATFORMS),
  name: z.string(),
  verified: z.boolean(),
  followers: z.number().int().min(0),
  matchPercentage: z.number().int().min(0).max(100),
  industry: z.string(),
  /** The bio, trimmed to about 200 characters. */
  description: z.string(),
  /** "3.4%" or "N/A". */
  engagementRate: z.string(),
  countries: z.array(z.string()),
  isSample: z.boolean(),
  matchBreakdown: z.array(matchContributionSchema),
});
export type DiscoveryResult = z.infer<typeof discoveryResultSchema>;

export const discoverySearchResponseSchema = z.object({
  results: z.array(discoveryResultSchema),
  /** Every public account that passes the filters (the results are its best `limit`). */
  total: z.number().int().min(0),
});
export type DiscoverySearchResponse = z.infer<typeof discoverySearchResponseSchema>;

/** POST /api/accounts/find (spec §7; §5: description of at least 10 characters). */
export const finderRequestSchema = z.strictObject({
  platform: platformSchema,
  description: z
    .string({ error: FINDER_DESCRIPTION_TOO_SHORT })
    .trim()
    .min(FINDER_DESCRIPTION_MIN, { message: FINDER_DESCRIPTION_TOO_SHORT })
    .max(FINDER_DESCRIPTION_MAX, {
      message: `description must be at most ${FINDER_DESCRIPTION_MAX.toLocaleString("en-US")} characters`,
    }),
  limit: limitField.optional().default(FINDER_DEFAULT_LIMIT),
});
export type FinderRequest = z.infer<typeof finderRequestSchema>;

/**
 * What the finder understood from a description (also the shape a model-based extractor returns).
 * `platforms` are the platforms the text mentions; one that differs from the selected platform is
 * ignored and `notes` says so.
 */
export const interpretationSchema = z.object({
  industries: z.array(z.enum(INDUSTRIES)).max(5),
  countries: z.array(z.string().max(60)).max(40),
  languages: z.array(z.string().max(40)).max(10),
  followerMin: z.number().int().min(0).optional(),
  followerMax: z.number().int().min(0).optional(),
  keywords: z.array(z.string().max(40)).max(10),
  platforms: z.array(z.enum(PLATFORMS)).max(3),
  notes: z.array(z.string().max(300)).max(10),
  source: z.enum(["lexicon", "model"]),
});
export type Interpretation = z.infer<typeof interpretationSchema>;

/** Spec §3 finder result (username, name, description, matchPercentage) and the rest of a row. */
export const finderResultSchema = z.object({
  username: z.string(),
  platform: z.enum(PLATFORMS),
  name: z.string(),
  description: z.string(),
  matchPercentage: z.number().int().min(0).max(100),
  followers: z.number().int().min(0),
  industry: z.string(),
  countries: z.array(z.string()),
  engagementRate: z.string(),
  verified: z.boolean(),
  isSample: z.boolean(),
  /** Short reasons, e.g. "Bio mentions “vegan”", "Audience in Canada", "Micro creator (10K–100K)". */
  matchReasons: z.array(z.string()),
});
export type FinderResult = z.infer<typeof finderResultSchema>;

export const finderResponseSchema = z.object({
  results: z.array(finderResultSchema),
  interpretedAs: interpretationSchema,
});
export type FinderResponse = z.infer<typeof finderResponseSchema>;
