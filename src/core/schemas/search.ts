import { z } from "zod";
import { platformSchema } from "./platform";

/** Longest search term accepted by GET /api/search and the /search page (same as a username, spec §5). */
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

/** Removes control characters (PostgreSQL text cannot hold NUL) and squeezes white space. */
export function cleanSearchTerm(raw: string): string {
  let out = "";
  for (const ch of raw) {
    const code = ch.charCodeAt(0);
    out += code < 0x20 || code === 0x7f ? " " : ch;
  }
  return out.replace(/\s+/g, " ").trim();
}

/** GET /api/search?q=&limit= — stored reports matching a term (username, name, industry, bio). */
export const siteSearchQuerySchema = z.strictObject({
  q: z
    .string({ error: "q must be text" })
    .max(SEARCH_QUERY_MAX, { message: `q must be at most ${SEARCH_QUERY_MAX} characters` })
    .optional()
    .default("")
    .transform(cleanSearchTerm),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int({ message: "limit must be a whole number" })
    .min(1, { message: `limit must be from 1 to ${SEARCH_LIMIT_MAX}` })
    .max(SEARCH_LIMIT_MAX, { message: `limit must be from 1 to ${SEARCH_LIMIT_MAX}` })
    .optional()
    .default(SEARCH_LIMIT_DEFAULT),
});
export type SiteSearchQuery = z.infer<typeof siteSearchQuerySchema>;

/** One stored report found by site search. */
export const siteSearchResultSchema = z.object({
  platform: platformSchema,
  username: z.string(),
  name: z.string(),
  industry: z.string(),
  grade: z.string().nullable(),
  followers: z.number(),
  engagementRate: z.number().nullable(),
  verified: z.boolean(),
  isSample: z.boolean(),
  /** The figures are the model's web-search estimate, not measured (src/core/model-figures.ts). */
  modelFigures: z.boolean().optional(),
  /** ISO time of the stored report. */
  lastUpdated: z.string(),
});
export type SiteSearchResult = z.infer<typeof siteSearchResultSchema>;

export const siteSearchResponseSchema = z.object({
  /** The term as searched (cleaned). */
  query: z.string(),
  results: z.array(siteSearchResultSchema),
});
export type SiteSearchResponse = z.infer<typeof siteSearchResponseSchema>;
