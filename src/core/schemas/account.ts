import { z } from "zod";
import { engineReportSchema } from "./report";
import { POST_TYPES } from "./snapshot";

/** One recent post as the report shows it (charts of engagement per post). */
export const recentPostSchema = z.object({
  id: z.string(),
  type: z.enum(POST_TYPES),
  caption: z.string().nullable(),
  postedAt: z.string(),
  likes: z.number().nullable(),
  comments: z.number().nullable(),
  views: z.number().nullable(),
  shares: z.number().nullable(),
});
export type RecentPost = z.infer<typeof recentPostSchema>;

/** What the AI writer did for this report (absent when no model is configured). */
export const aiInfoSchema = z.looseObject({
  status: z.enum(["used", "failed", "skipped"]),
  model: z.string().optional(),
  reason: z.string().optional(),
});

/**
 * The account of the API (spec §3): the engine's report fields, metrics and provenance, plus the
 * stored identity, the recent posts and when it was made.
 */
export const accountSchema = engineReportSchema.extend({
  id: z.number().int(),
  lastUpdated: z.string(),
  isSample: z.boolean(),
  source: z.string(),
  avatarUrl: z.string().nullable().optional(),
  recentPosts: z.array(recentPostSchema).default([]),
  ai: aiInfoSchema.optional(),
});
export type Account = z.infer<typeof accountSchema>;
