import { z } from "zod";
import { platformSchema } from "./platform";

/** GET /api/admin/sources: each data source, whether it is set up, and how it has been doing. */
export const sourceStateSchema = z.enum(["ok", "quiet", "failing", "unconfigured"]);

export const sourceViewSchema = z.object({
  name: z.string(),
  platform: platformSchema,
  official: z.boolean(),
  configured: z.boolean(),
  /** What the operator sets to enable it, when it is not configured. */
  needs: z.string().nullable(),
  state: sourceStateSchema,
  quietUntil: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastFailure: z.object({ at: z.string(), code: z.string(), message: z.string() }).nullable(),
});
export type SourceView = z.infer<typeof sourceViewSchema>;

export const sourcesResponseSchema = z.object({ sources: z.array(sourceViewSchema) });
export type SourcesResponse = z.infer<typeof sourcesResponseSchema>;

export const sourceParamsSchema = z.object({ name: z.string().trim().min(1).max(60) });

/** POST /api/admin/sources/:name/test: one known public account fetched through that source alone. */
export const sourceTestResponseSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  handle: z.string(),
  ms: z.number(),
  account: z
    .object({
      username: z.string(),
      followers: z.number(),
      posts: z.number(),
      verified: z.boolean().nullable(),
    })
    .nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  source: sourceViewSchema,
});
export type SourceTestResponse = z.infer<typeof sourceTestResponseSchema>;
