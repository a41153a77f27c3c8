import { z } from "zod";

/** Server-Sent Events of GET /api/analyze/stream (design.md). */
export const STREAM_EVENTS = ["stage", "quota", "done", "error"] as const;

/** The stages an analysis goes through, in order, as the `stage` events name them. */
export const ANALYSIS_STAGES = ["parsing", "fetching", "analyzing", "writing", "saving"] as const;
export type AnalysisStage = (typeof ANALYSIS_STAGES)[number];

/** One `stage` event of the stream: parsing, fetching, analyzing ("27 posts"), writing, saving. */
export const stageEventSchema = z.object({
  stage: z.enum(ANALYSIS_STAGES),
  detail: z.string().max(200).optional(),
});
export type StageEvent = z.infer<typeof stageEventSchema>;

/** The `quota` event, sent before `done`: whether the answer spent one of the caller's daily units. */
export const quotaEventSchema = z.object({ spent: z.boolean() });
