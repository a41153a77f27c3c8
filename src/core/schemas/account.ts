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
/**
 * What the reader must know about where this report's data came from, beyond each figure's
 * provenance: a report made from stored data because no live source answered, or a source that
 * cannot measure some figures (YouTube without an API key).
 */
export const dataNoteSchema = z.object({
  kind: z.enum(["stored", "limited-source", "captured"]),
  message: z.string().max(1000),
  source: z.string().max(100).optional(),
  fetchedAt: z.string().optional(),
});
export type DataNote = z.infer<typeof dataNoteSchema>;

/** What a stored report adds to the engine's: the avatar, the recent posts, the AI writer's note, data notes. */
const storedExtras = {
  avatarUrl: z.string().nullable().optional(),
  /** The creator's website or bio link (an http(s) address), as the profile gives it. */
  externalUrl: z.string().max(2000).nullable().optional(),
  recentPosts: z.array(recentPostSchema).default([]),
  ai: aiInfoSchema.optional(),
  dataNotes: z.array(dataNoteSchema).max(5).optional(),
};

/** The report as stored in the database (reports.report): made by core/engine/build-report.ts. */
export const storedReportSchema = engineReportSchema.extend(storedExtras);
export type StoredReport = z.infer<typeof storedReportSchema>;
/**
 * A stored report as the JSON column holds it: what storedReportSchema accepts, so `recentPosts` may
 * be absent (reports stored before it, web-search estimates); parsing fills it in.
 */
export type StoredReportJson = z.input<typeof storedReportSchema>;

export const accountSchema = engineReportSchema.extend({
  id: z.number().int(),
  lastUpdated: z.string(),
  isSample: z.boolean(),
  source: z.string(),
  ...storedExtras,
  /**
   * Whose data the report shows (Trust III, #33): absent for the public record (live sources or an
   * admin); "you" for a report made from data the caller supplied (a browser capture), which only
   * they see.
   */
  privateTo: z.literal("you").optional(),
});
export type Account = z.infer<typeof accountSchema>;
