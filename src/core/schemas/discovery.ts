import { z } from "zod";
import {
  ANY_INDUSTRY,
  FINDER_DEFAULT_LIMIT,
  FINDER_DESCRIPTION_MAX,
  FINDER_DESCRIPTION_MIN,
  FINDER_DESCRIPTION_TOO_SHORT,
  FOLLOWER_RANGES,
  MAX_PAGE,
  MAX_RESULTS,
  MAX_TARGET_MARKETS,
  SAMPLES_MODES,
} from "../discovery/options";
import { CONCEPT_NAMES } from "../similar/concepts";
import { COUNTRIES, INDUSTRIES, TARGET_MARKETS } from "../taxonomy";
import { accountOriginSchema, figuresSchema } from "./account-origin";
import { identitySchema } from "./index-growth";
import { PLATFORMS, platformSchema } from "./platform";

/**
 * Discovery (spec §2 "Discovery page", §3 discovery result) and the account finder
 * (spec §2 "Account-finder screen", §3 finder result, §5): requests, answers and the
 * interpretation of a free-text description.
 */

export {
  ANY_INDUSTRY,
  FINDER_DEFAULT_LIMIT,
  FINDER_DESCRIPTION_MAX,
  FINDER_DESCRIPTION_MIN,
  FINDER_DESCRIPTION_TOO_SHORT,
  FOLLOWER_RANGE_LABELS,
  FOLLOWER_RANGES,
  type FollowerRange,
  MAX_PAGE,
  MAX_RESULTS,
  MAX_TARGET_MARKETS,
  SAMPLES_MODES,
  type SamplesMode,
} from "../discovery/options";

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

const pageField = z
  .number({ error: "page must be a number" })
  .int({ message: "page must be a whole number" })
  .min(1, { message: `page must be from 1 to ${MAX_PAGE}` })
  .max(MAX_PAGE, { message: `page must be from 1 to ${MAX_PAGE}` });

const pageSizeField = z
  .number({ error: "pageSize must be a number" })
  .int({ message: "pageSize must be a whole number" })
  .min(1, { message: `pageSize must be from 1 to ${MAX_RESULTS}` })
  .max(MAX_RESULTS, { message: `pageSize must be from 1 to ${MAX_RESULTS}` });

/**
 * POST /api/discovery/search (design.md contract). `page` (from 1) and `pageSize` (at most 100)
 * choose a window of the ranking; `limit` is the older name of `pageSize` (used when `pageSize` is
 * absent; see pageWindow).
 */
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
  /**
   * Also ask the web-search model for up to 5 accounts not in the index, each verified through the
   * collectors before it is shown (signed-in users; docs/decisions/009-discovery-web-candidates.md).
   */
  includeWebCandidates: z
    .boolean({ error: "includeWebCandidates must be true or false" })
    .optional()
    .default(false),
  page: pageField.optional().default(1),
  pageSize: pageSizeField.optional(),
  /**
   * Sample creators in the results (issue #35): "include" or "exclude". Absent: excluded once the
   * index holds real public creators for the platform, included while it holds only samples.
   */
  samples: z.enum(SAMPLES_MODES, { error: 'samples must be "include" or "exclude"' }).optional(),
});
export type DiscoverySearchRequest = z.infer<typeof discoverySearchRequestSchema>;

/** The window of the ranking a discovery request asks for: skip `offset` rows, return `size`. */
export function pageWindow(request: Pick<DiscoverySearchRequest, "page" | "pageSize" | "limit">): {
  page: number;
  size: number;
  offset: number;
} {
  const size = request.pageSize ?? request.limit;
  return { page: request.page, size, offset: (request.page - 1) * size };
}
export type DiscoverySearchInput = z.input<typeof discoverySearchRequestSchema>;

export const MATCH_CRITERIA = ["industry", "markets", "followers", "engagement"] as const;
export type MatchCriterion = (typeof MATCH_CRITERIA)[number];

/** One criterion's share of the match percentage (points of max; all points add up to it). */
export const matchContributionSchema = z.object({
  /** "similarity": content alike the seeds' (lookalikes, issue #36). */
  criterion: z.enum([...MATCH_CRITERIA, "similarity"]),
  label: z.string(),
  points: z.number().int().min(0).max(100),
  /** 0 when the criterion was not asked for ("any industry", no market). */
  max: z.number().int().min(0).max(100),
  detail: z.string(),
});
export type MatchContribution = z.infer<typeof matchContributionSchema>;

/** One market of a result and what it rests on. */
export const marketBasisItemSchema = z.object({
  country: z.string(),
  basis: z.string(),
  estimate: z.boolean(),
});

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
  /** The figures are the model's web-search estimate, not measured (src/core/model-figures.ts). */
  modelFigures: z.boolean().optional(),
  /**
   * What each of `countries` rests on: "from bio: Toronto" (a location signal) or "from caption
   * language: English — an estimate" (`estimate` true). Same order as `countries`.
   */
  marketBasis: z.array(marketBasisItemSchema).optional(),
  matchBreakdown: z.array(matchContributionSchema),
  /**
   * "web": proposed by the web-search model for this search, then fetched, verified and analysed
   * (its figures are measured like any analysed account). "index" (or absent): from the accounts index.
   */
  foundVia: z.enum(["index", "web"]).optional(),
  /** Where the row came from (sample, import, capture, report, search, growth) — issue #35. */
  origin: accountOriginSchema,
  /** What its figures rest on (full report, profile figures only, sample data) and when they were read. */
  figures: figuresSchema,
  /** The creator's own profiles on other platforms, as they state them (issue #35; absent: none). */
  identities: z.array(identitySchema).optional(),
});
export type DiscoveryResult = z.infer<typeof discoveryResultSchema>;

export const WEB_CANDIDATE_STATUSES = [
  "added",
  "none",
  "sign_in_required",
  "unavailable",
  "limit_reached",
  "failed",
] as const;

/** What happened to a request's `includeWebCandidates` (absent when the request did not ask). */
export const webCandidatesNoteSchema = z.object({
  status: z.enum(WEB_CANDIDATE_STATUSES),
  /** For the user: what was added, or why nothing was. */
  message: z.string(),
  /** Handles the model proposed (after removing ones already known). */
  proposed: z.number().int().min(0),
  /** Verified and added to the results (`foundVia: "web"`). */
  added: z.number().int().min(0),
});
export type WebCandidatesNote = z.infer<typeof webCandidatesNoteSchema>;

export const discoverySearchResponseSchema = z.object({
  results: z.array(discoveryResultSchema),
  /**
   * Every public account that passes the filters (the results are its best `limit`), plus the
   * web-found accounts added on top of them.
   */
  total: z.number().int().min(0),
  /**
   * True when `total` is an estimate (docs/decisions/046-estimated-total.md, 047): a search on a
   * large index with more than 5,000 matches counts them from a sample of the index, to two
   * significant figures. The results themselves are always the exact ranking.
   */
  totalEstimated: z.boolean().optional(),
  /** The page these results are (from 1) and its size: results are ranks (page − 1) · pageSize + 1 onwards. */
  page: z.number().int().min(1).optional(),
  pageSize: z.number().int().min(1).max(MAX_RESULTS).optional(),
  webCandidates: webCandidatesNoteSchema.optional(),
  /**
   * Whether sample creators were included, and whether that was asked for or the default (excluded
   * by default once the platform has real creators in the index).
   */
  samples: z.object({ mode: z.enum(SAMPLES_MODES), defaulted: z.boolean() }).optional(),
});
export type DiscoverySearchResponse = z.infer<typeof discoverySearchResponseSchema>;

/**
 * An engagement level asked for ("high engagement", "engaged audience"): the account's engagement
 * against its platform and tier's typical band — High at or above the band's top, Medium inside it,
 * Low below it (docs/methodology.md, "Finder: engagement level").
 */
export const ENGAGEMENT_LEVELS = ["High", "Medium", "Low"] as const;
export type EngagementLevel = (typeof ENGAGEMENT_LEVELS)[number];

export const FINDER_MAX_INDUSTRIES = 3;
export const FINDER_MAX_COUNTRIES = 40;
export const FINDER_MAX_KEYWORDS = 10;
export const FINDER_KEYWORD_MAX = 40;
/** Follower bounds above any real account: keeps numbers bounded. */
export const FINDER_MAX_FOLLOWERS = 10_000_000_000;

const COUNTRY_NAMES = new Map<string, string>(COUNTRIES.map((c) => [c.toLowerCase(), c]));

const followerBound = (field: string) =>
  z
    .number({ error: `criteria.${field} must be a number` })
    .int({ message: `criteria.${field} must be a whole number` })
    .min(0, { message: `criteria.${field} must be from 0 to ${FINDER_MAX_FOLLOWERS}` })
    .max(FINDER_MAX_FOLLOWERS, { message: `criteria.${field} must be from 0 to ${FINDER_MAX_FOLLOWERS}` });

/**
 * Criteria the user edited on the finder screen (the interpreted ones, with chips removed, changed or
 * added). When a request carries them the server searches with exactly these instead of reading the
 * description again. Values must come from the same vocabularies the interpreter uses.
 */
export const finderCriteriaSchema = z
  .strictObject(
    {
      industries: z
        .array(z.enum(INDUSTRIES, { error: "criteria.industries: each must be one of the industries" }), {
          error: "criteria.industries must be a list of industries",
        })
        .max(FINDER_MAX_INDUSTRIES, {
          message: `criteria.industries: choose at most ${FINDER_MAX_INDUSTRIES} industries`,
        })
        .optional()
        .default([]),
      countries: z
        .array(
          z
            .string({ error: "criteria.countries must be a list of country names" })
            .max(60, { message: "criteria.countries: each country must be at most 60 characters" }),
          { error: "criteria.countries must be a list of country names" },
        )
        .max(FINDER_MAX_COUNTRIES, {
          message: `criteria.countries: choose at most ${FINDER_MAX_COUNTRIES} countries`,
        })
        .optional()
        .default([])
        .transform((values, ctx) => {
          const out: string[] = [];
          for (const value of values) {
            const country = COUNTRY_NAMES.get(value.trim().toLowerCase());
            if (!country) {
              ctx.addIssue({
                code: "custom",
                message: `criteria.countries: "${value.slice(0, 60)}" is not a country we know`,
              });
              return z.NEVER;
            }
            if (!out.includes(country)) out.push(country);
          }
          return out;
        }),
      keywords: z
        .array(
          z
            .string({ error: "criteria.keywords must be a list of words" })
            .trim()
            .toLowerCase()
            .min(2, { message: "criteria.keywords: each keyword must have at least 2 characters" })
            .max(FINDER_KEYWORD_MAX, {
              message: `criteria.keywords: each keyword must be at most ${FINDER_KEYWORD_MAX} characters`,
            })
            .regex(/^[\p{L}\p{N}]+$/u, {
              message: "criteria.keywords: each keyword must be one word of letters and digits",
            }),
          { error: "criteria.keywords must be a list of words" },
        )
        .max(FINDER_MAX_KEYWORDS, {
          message: `criteria.keywords: at most ${FINDER_MAX_KEYWORDS} keywords`,
        })
        .optional()
        .default([])
        .transform((values) => [...new Set(values)]),
      followerMin: followerBound("followerMin").optional(),
      followerMax: followerBound("followerMax").optional(),
      engagementLevel: z
        .enum(ENGAGEMENT_LEVELS, { error: "criteria.engagementLevel must be High, Medium, Low or null" })
        .nullable()
        .optional(),
      /** Issue #36: what the description means, matched in creators' own words (src/core/similar/concepts.ts). */
      meaning: z
        .array(z.enum(CONCEPT_NAMES, { error: "criteria.meaning: each must be one of the finder's topics" }))
        .max(FINDER_MAX_KEYWORDS, { message: `criteria.meaning: at most ${FINDER_MAX_KEYWORDS} topics` })
        .optional(),
    },
    {
      error:
        "criteria must be an object of industries, countries, keywords, followerMin, followerMax and engagementLevel",
    },
  )
  .refine(
    (c) => c.followerMin === undefined || c.followerMax === undefined || c.followerMin <= c.followerMax,
    {
      message: "criteria.followerMin must not be above criteria.followerMax",
      path: ["followerMin"],
    },
  );
export type FinderCriteria = z.infer<typeof finderCriteriaSchema>;
export type FinderCriteriaInput = z.input<typeof finderCriteriaSchema>;

/**
 * POST /api/accounts/find (spec §7; §5: description of at least 10 characters). `criteria` is
 * optional: the edited interpretation to search with instead of the description's.
 */
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
  criteria: finderCriteriaSchema.optional(),
});
export type FinderRequest = z.infer<typeof finderRequestSchema>;
export type FinderRequestInput = z.input<typeof finderRequestSchema>;

/**
 * What the finder understood from a description (also the shape a model-based extractor returns).
 * `platforms` are the platforms the text mentions; one that differs from the selected platform is
 * ignored and `notes` says so.
 */
export const interpretationSchema = z.object({
  industries: z.array(z.enum(INDUSTRIES)).max(5),
  // Bounded by the vocabularies (taxonomy COUNTRIES, the lexicon's languages), never by the text.
  countries: z.array(z.string().max(60)).max(100),
  languages: z.array(z.string().max(40)).max(30),
  followerMin: z.number().int().min(0).optional(),
  followerMax: z.number().int().min(0).optional(),
  keywords: z.array(z.string().max(40)).max(10),
  /** "high engagement", "engaged audience" → High; null when the description asks for no level. */
  engagementLevel: z.enum(ENGAGEMENT_LEVELS).nullable(),
  platforms: z.array(z.enum(PLATFORMS)).max(3),
  notes: z.array(z.string().max(300)).max(10),
  /**
   * Issue #36: topics the description means, matched in creators' own words as well as by the lexicon
   * ("plant-based food" finds a bio that says "vegan"). Editable like the rest (criteria.meaning).
   */
  meaning: z.array(z.string().max(60)).max(10).optional(),
  /** lexicon or model: read from the description; edited: the criteria the request carried. */
  source: z.enum(["lexicon", "model", "edited"]),
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
  /** The figures are the model's web-search estimate, not measured (src/core/model-figures.ts). */
  modelFigures: z.boolean().optional(),
  /** Short reasons, e.g. "Bio mentions “vegan”", "Audience in Canada", "Micro creator (10K–100K)". */
  matchReasons: z.array(z.string()),
  /** Where the row came from and what its figures rest on (issue #35). */
  origin: accountOriginSchema,
  figures: figuresSchema,
});
export type FinderResult = z.infer<typeof finderResultSchema>;

export const finderResponseSchema = z.object({
  results: z.array(finderResultSchema),
  interpretedAs: interpretationSchema,
});
export type FinderResponse = z.infer<typeof finderResponseSchema>;
