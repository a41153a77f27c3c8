import { z } from "zod";
import { LOOKALIKE_MAX_SEEDS, SIMILAR_DEFAULT_LIMIT, SIMILAR_MAX_LIMIT } from "../similar/limits";
import { type AccountOrigin, accountOriginSchema } from "./account-origin";
import { discoveryResultSchema, FOLLOWER_RANGES, MAX_RESULTS, MAX_TARGET_MARKETS } from "./discovery";
import { PLATFORMS, platformSchema } from "./platform";

/**
 * Similar creators of an account and lookalikes of a set (issue #36, decision 034).
 */

export { LOOKALIKE_MAX_SEEDS, SIMILAR_DEFAULT_LIMIT, SIMILAR_MAX_LIMIT };

/** Where an account's row came from: the index's `origin` (issue #35). */
export type Origin = AccountOrigin;

export const similarParamsSchema = z.strictObject({
  username: z
    .string()
    .trim()
    .min(1, { message: "Username is required" })
    .max(100, { message: "Username must be at most 100 characters" }),
});

export const similarQuerySchema = z.strictObject({
  platform: platformSchema.optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int({ message: "limit must be a whole number" })
    .min(1, { message: `limit must be from 1 to ${SIMILAR_MAX_LIMIT}` })
    .max(SIMILAR_MAX_LIMIT, { message: `limit must be from 1 to ${SIMILAR_MAX_LIMIT}` })
    .optional()
    .default(SIMILAR_DEFAULT_LIMIT),
});

export const similarResultSchema = z.object({
  platform: z.enum(PLATFORMS),
  username: z.string(),
  name: z.string(),
  followers: z.number().int().min(0),
  /** 0–1: how alike the two are (decision 034 gives the formula). */
  similarity: z.number().min(0).max(1),
  /** Concrete things both have: "both post about pilates, HIIT", "both in Canada", "both 10K–100K". */
  why: z.array(z.string()),
  isSample: z.boolean(),
  origin: accountOriginSchema,
  industry: z.string(),
});
export type SimilarResult = z.infer<typeof similarResultSchema>;

export const similarResponseSchema = z.object({ results: z.array(similarResultSchema) });
export type SimilarResponse = z.infer<typeof similarResponseSchema>;

const seedSchema = z.strictObject({
  platform: platformSchema,
  username: z
    .string({ error: "each seed needs a username" })
    .trim()
    .min(1, { message: "each seed needs a username" })
    .max(100, { message: "a seed's username must be at most 100 characters" }),
});

export const lookalikesRequestSchema = z.strictObject({
  seeds: z
    .array(seedSchema, { error: "seeds must be a list of {platform, username}" })
    .min(1, { message: "seeds: give at least one creator" })
    .max(LOOKALIKE_MAX_SEEDS, { message: `seeds: at most ${LOOKALIKE_MAX_SEEDS} creators` }),
  platform: platformSchema.optional(),
  followerRange: z
    .enum(FOLLOWER_RANGES, { error: `followerRange must be one of ${FOLLOWER_RANGES.join(", ")}` })
    .optional(),
  targetMarkets: z
    .array(z.string().max(60, { message: "each market must be at most 60 characters" }))
    .max(MAX_TARGET_MARKETS, { message: `targetMarkets: choose at most ${MAX_TARGET_MARKETS} markets` })
    .optional()
    .default([]),
  excludeListId: z
    .number({ error: "excludeListId must be a list id" })
    .int({ message: "excludeListId must be a list id" })
    .min(1, { message: "excludeListId must be a list id" })
    .optional(),
  page: z.number().int().min(1).max(20, { message: "page must be from 1 to 20" }).optional().default(1),
  pageSize: z
    .number()
    .int()
    .min(1)
    .max(MAX_RESULTS, { message: `pageSize must be from 1 to ${MAX_RESULTS}` })
    .optional()
    .default(20),
});
export type LookalikesRequest = z.infer<typeof lookalikesRequestSchema>;

export const lookalikesResponseSchema = z.object({
  results: z.array(discoveryResultSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type LookalikesResponse = z.infer<typeof lookalikesResponseSchema>;
