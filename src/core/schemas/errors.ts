import { z } from "zod";

/** The spec §8 error body every failing API call answers with (and the SSE `error` event carries). */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  requiresAuth: z.boolean().optional(),
  field: z.string().optional(),
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export { UNKNOWN_ERROR } from "../error-text";

/**
 * An error body as a client reads it: every field optional (a proxy may answer with anything), other
 * fields kept, and the HTTP status it stands for when it came over a stream.
 */
export const receivedErrorSchema = z.looseObject({
  ...errorBodySchema.partial().shape,
  status: z.number().optional(),
});
