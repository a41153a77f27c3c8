import { z } from "zod";
import { INDUSTRIES, TARGET_MARKETS } from "../taxonomy";
import { ANY_INDUSTRY, canonicalTargetMarket, FOLLOWER_RANGES, MAX_TARGET_MARKETS } from "./discovery";
import { platformSchema } from "./platform";

/** "Find more on {platform}" (issue #35): search the platform for the criteria, add what it finds. */
export const EXPAND_QUERY_MAX = 200;
/** Channels one expansion may add: one page of YouTube's search.list. */
export const EXPAND_LIMIT_MAX = 50;

export const expandRequestSchema = z.strictObject({
  platform: platformSchema,
  industry: z
    .enum([ANY_INDUSTRY, ...INDUSTRIES], { error: 'industry must be one of the industries or "any"' })
    .optional(),
  query: z
    .string({ error: "query must be text" })
    .trim()
    .max(EXPAND_QUERY_MAX, { message: `query must be at most ${EXPAND_QUERY_MAX} characters` })
    .optional(),
  targetMarkets: z
    .array(z.string({ error: "targetMarkets must be a list of market or country names" }).max(60), {
      error: "targetMarkets must be a list of market or country names",
    })
    .max(MAX_TARGET_MARKETS, { message: `targetMarkets: choose at most ${MAX_TARGET_MARKETS} markets` })
    .optional()
    .transform((values, ctx) => {
      const out: string[] = [];
      for (const value of values ?? []) {
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
    }),
  followerRange: z
    .enum(FOLLOWER_RANGES, { error: `followerRange must be one of ${FOLLOWER_RANGES.join(", ")}` })
    .optional(),
  limit: z
    .number({ error: "limit must be a number" })
    .int({ message: "limit must be a whole number" })
    .min(1, { message: `limit must be from 1 to ${EXPAND_LIMIT_MAX}` })
    .max(EXPAND_LIMIT_MAX, { message: `limit must be from 1 to ${EXPAND_LIMIT_MAX}` })
    .optional(),
  /** Which source searches (a name GET /api/discovery/expand/sources lists); the first by default. */
  source: z
    .string({ error: "source must be text" })
    .trim()
    .min(1, { message: "source must name a search source" })
    .max(60, { message: "source must be at most 60 characters" })
    .optional(),
});
export type ExpandRequest = z.infer<typeof expandRequestSchema>;
export type ExpandRequestInput = z.input<typeof expandRequestSchema>;

export const EXPAND_STATES = ["queued", "running", "done", "failed"] as const;

/** GET /api/discovery/expand/:jobId. */
export const expandJobSchema = z.object({
  jobId: z.string(),
  platform: platformSchema,
  state: z.enum(EXPAND_STATES),
  /** Accounts the platform's search returned. */
  found: z.number().int().min(0),
  /** New to the index. */
  added: z.number().int().min(0),
  /** Already in the index (their figures were not overwritten). */
  alreadyKnown: z.number().int().min(0),
  /** What the expansion spent, per source: e.g. {"youtube.search": 1, "youtube.channels": 1}. */
  spent: z.record(z.string(), z.number().int().min(0)),
  /** For people: progress, the result, or the provider's message when it failed. */
  message: z.string(),
});
export type ExpandJob = z.infer<typeof expandJobSchema>;

export const expandStartedSchema = z.object({ jobId: z.string() });

/** GET /api/discovery/expand/sources?platform=: what can search it, first the one a search uses. */
export const expandSourcesSchema = z.object({
  platform: platformSchema,
  sources: z.array(
    z.object({
      name: z.string(),
      /** What one search may cost, said before the user confirms ("may use up to 50 Apify items"). */
      costNote: z.string(),
      /** Billed by a provider on the operator's account (Apify): the page asks before running. */
      billed: z.boolean(),
      /** A server-wide daily budget the source spends from, and today's use. */
      budget: z.object({ name: z.string(), limit: z.number().int(), used: z.number().int() }).optional(),
    }),
  ),
  /** What to configure when no source can search the platform; null otherwise. */
  message: z.string().nullable(),
});
export type ExpandSources = z.infer<typeof expandSourcesSchema>;
