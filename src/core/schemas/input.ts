import { z } from "zod";
import { FORM_MAX_LENGTH, USERNAME_REQUIRED } from "../parser/rules";
import { platformSchema } from "./platform";

const usernameField = z
  .string({ error: USERNAME_REQUIRED })
  .trim()
  .min(1, { message: USERNAME_REQUIRED })
  .max(FORM_MAX_LENGTH, { message: `Username must be at most ${FORM_MAX_LENGTH} characters` });

/** The analyser form (spec §2, §5): platform defaults to instagram, username required, ≤100. */
export const searchFormSchema = z.object({
  platform: platformSchema.default("instagram"),
  username: usernameField,
});
export type SearchForm = z.infer<typeof searchFormSchema>;

/** POST /api/analyze and GET /api/analyze/stream. */
export const analyzeRequestSchema = z.strictObject({
  username: usernameField,
  platform: platformSchema,
});
export type AnalyzeRequest = z.infer<typeof analyzeRequestSchema>;
