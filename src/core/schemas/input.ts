import { z } from "zod";
import type { ParsedInput } from "../parser/parse-profile-input";
import {
  FORM_MAX_LENGTH,
  type HandleCheck,
  MAX_SUGGESTIONS,
  PLATFORM_REQUIRED,
  USERNAME_FORM_TOO_LONG,
  USERNAME_REQUIRED,
  usernameTooLongMessage,
  validateHandle,
} from "../parser/rules";
import { platformSchema } from "./platform";

export {
  FORM_MAX_LENGTH,
  type HandleCheck,
  PLATFORM_REQUIRED,
  USERNAME_FORM_TOO_LONG,
  USERNAME_REQUIRED,
  usernameTooLongMessage,
  validateHandle,
};

/** The username field: trimmed, required ('Username is required'), at most 100 characters. */
export const usernameFieldSchema = z
  .string({ error: USERNAME_REQUIRED })
  .trim()
  .min(1, { message: USERNAME_REQUIRED })
  .max(FORM_MAX_LENGTH, { message: USERNAME_FORM_TOO_LONG });

/** The analyser form (spec §2, §5): platform defaults to instagram, username required, ≤100. */
export const searchFormSchema = z.object({
  platform: platformSchema.default("instagram"),
  username: usernameFieldSchema,
});
export type SearchForm = z.infer<typeof searchFormSchema>;

/** POST /api/analyze body (and GET /api/analyze/stream query): {username, platform}. */
export const analyzeRequestSchema = z.strictObject({
  username: usernameFieldSchema,
  platform: platformSchema,
  /**
   * The caller reached a sample creator as what it is (a discovery row, its own link, the demo):
   * the sample answers first. Without it a typed handle goes to the real sources, and a sample
   * answers only when no real source knows or can reach the account.
   */
  sample: z
    .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
    .optional()
    .transform((v) => v === true || v === "true" || v === "1"),
});
/** What a client sends (`sample` optional). */
export type AnalyzeRequest = z.input<typeof analyzeRequestSchema>;

/** Spec §3 "Parsed input": what parseProfileInput returns. */
export const parsedInputSchema = z.object({
  username: z.string(),
  originalInput: z.string(),
  inputType: z.enum(["url", "at_mention", "username", "display_name"]),
  confidence: z.enum(["high", "medium", "low"]),
  suggestions: z.array(z.string()).max(MAX_SUGGESTIONS),
  isValid: z.boolean(),
  platform: platformSchema.optional(),
  reason: z.string().optional(),
  linkKind: z
    .enum(["profile", "channel_id", "custom_url", "legacy_user", "handle", "video", "short", "short_link"])
    .optional(),
});

// The schema and the ParsedInput interface describe the same object (checked both ways).
type SchemaParsedInput = z.infer<typeof parsedInputSchema>;
const _toSchema = (p: ParsedInput): SchemaParsedInput => p;
const _fromSchema = (p: SchemaParsedInput): ParsedInput => p;
void _toSchema;
void _fromSchema;
