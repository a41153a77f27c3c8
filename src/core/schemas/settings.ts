import { z } from "zod";
import { AUTO_REFRESH_MODES } from "./jobs";

/**
 * The admin's settings (spec §2 /settings, §9 options), kept on the server
 * (docs/decisions/008-settings-server-side.md): the request and response of every settings call.
 */

/** Spec §6 texts: the settings screen and the settings API say the same. */
export const SETTINGS_TEXTS = {
  anonymous: "You need to be logged in to access settings.",
  forbidden: "You do not have permission to access settings. This page is restricted to specific users.",
} as const;

/** Spec §9: cache expiry 1, 3, 7 (default), 14, 30 days or never (null). */
export const CACHE_EXPIRY_DAYS = [1, 3, 7, 14, 30] as const;
export type CacheExpiryDays = (typeof CACHE_EXPIRY_DAYS)[number];

/** Spec §9: auto-refresh never (default), viewing, daily, weekly. */
export { AUTO_REFRESH_MODES as AUTO_REFRESH_OPTIONS, type AutoRefreshMode as AutoRefresh } from "./jobs";

/** Spec §9: 5 (default) or 10 model calls per minute, or unlimited (null). */
export const MODEL_RATE_LIMITS = [5, 10] as const;
export type ModelRateLimit = (typeof MODEL_RATE_LIMITS)[number];

/** The model the spec names (§9). */
export const SPEC_MODEL = "sonar-pro";

/**
 * A model name as OpenAI-compatible servers spell them ("sonar-pro", "gpt-4o-mini", "llama3.1:8b",
 * "meta-llama/Llama-3.1-8B-Instruct"): letters, digits and . _ : / -, starting with a letter or digit.
 */
export const MODEL_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/-]*$/;
export const MODEL_NAME_MAX = 100;

export const MODEL_NAME_MESSAGE =
  "model must be 1 to 100 letters, digits or . _ : / - and start with a letter or digit";

export const modelNameSchema = z
  .string({ error: "model must be a string" })
  .trim()
  .min(1, { message: MODEL_NAME_MESSAGE })
  .max(MODEL_NAME_MAX, { message: MODEL_NAME_MESSAGE })
  .regex(MODEL_NAME_PATTERN, { message: MODEL_NAME_MESSAGE });

const cacheEnabledSchema = z.boolean({ error: "cacheEnabled must be true or false" });
const cacheExpirySchema = z.literal([...CACHE_EXPIRY_DAYS, null], {
  error: "cacheExpiryDays must be 1, 3, 7, 14 or 30 days, or null (never expires)",
});
const autoRefreshSchema = z.enum(AUTO_REFRESH_MODES, {
  error: `autoRefresh must be one of ${AUTO_REFRESH_MODES.join(", ")}`,
});
const rateLimitSchema = z.literal([...MODEL_RATE_LIMITS, null], {
  error: "modelRateLimitPerMinute must be 5 or 10, or null (unlimited)",
});

/** One field's schema, for reading stored values one by one (a bad stored value falls back to its default). */
export const settingFieldSchemas = {
  cacheEnabled: cacheEnabledSchema,
  cacheExpiryDays: cacheExpirySchema,
  autoRefresh: autoRefreshSchema,
  modelRateLimitPerMinute: rateLimitSchema,
  model: modelNameSchema,
} as const;
export const SETTING_KEYS = Object.keys(settingFieldSchemas) as (keyof typeof settingFieldSchemas)[];

export const appSettingsSchema = z.object({
  cacheEnabled: z.boolean(),
  cacheExpiryDays: cacheExpirySchema,
  autoRefresh: autoRefreshSchema,
  modelRateLimitPerMinute: rateLimitSchema,
  // The configured LLM_MODEL is a default here even if it does not match the pattern an admin's entry must.
  model: z.string().max(200),
});

/** PUT /api/settings: any of the settings; at least one. Unknown keys are refused by name. */
export const settingsPatchSchema = z
  .strictObject({
    cacheEnabled: cacheEnabledSchema.optional(),
    cacheExpiryDays: cacheExpirySchema.optional(),
    autoRefresh: autoRefreshSchema.optional(),
    modelRateLimitPerMinute: rateLimitSchema.optional(),
    model: modelNameSchema.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, {
    message: `Nothing to save: send at least one of ${SETTING_KEYS.join(", ")}`,
  });
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** GET and PUT /api/settings answer. */
export const settingsResponseSchema = z.object({
  settings: appSettingsSchema,
  /** What each setting is when no admin has saved it (from the environment). */
  defaults: appSettingsSchema,
  /** The models offered: the spec's sonar-pro and the configured LLM_MODEL (any other may be typed). */
  modelOptions: z.array(z.string()),
  /** False when no language model is configured (LLM_API_KEY): model and rate limit then change nothing. */
  aiEnabled: z.boolean(),
  /** Stored reports made before this are not reused (the last 'Clear cache'). */
  cacheClearedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

/** POST /api/settings/cache/clear answer. */
export const clearCacheResponseSchema = z.object({ clearedAt: z.string() });
export type ClearCacheResponse = z.infer<typeof clearCacheResponseSchema>;

/** GET /api/settings/export?format=csv|json */
export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportQuerySchema = z.strictObject({
  format: z.enum(EXPORT_FORMATS, { error: "format must be csv or json" }),
});

/** DELETE /api/settings/data answer: what was deleted, and the sample creators kept. */
export const deleteAllResponseSchema = z.object({
  deleted: z.object({
    accounts: z.number().int().nonnegative(),
    reports: z.number().int().nonnegative(),
    posts: z.number().int().nonnegative(),
    snapshots: z.number().int().nonnegative(),
    history: z.number().int().nonnegative(),
  }),
  sampleCreatorsKept: z.number().int().nonnegative(),
});
export type DeleteAllResponse = z.infer<typeof deleteAllResponseSchema>;
