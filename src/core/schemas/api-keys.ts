import { z } from "zod";

/**
 * API keys and the versioned API under /api/v1 (issue #23, docs/decisions/020-public-api-keys.md).
 * The server registers these schemas on its routes and generates /api/openapi.json from them; the
 * web app's "API keys" panel parses its responses with them.
 */

export const API_KEY_SCOPES = ["read", "analyze", "capture"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_TEXTS: Record<ApiKeyScope, string> = {
  read: "Read stored reports, growth, discovery search and the finder",
  analyze: "Analyse accounts (counts against your daily report quota)",
  capture: "Send profile snapshots captured in your browser (counts against your quota)",
};

/** Every key starts with this, so it is recognisable in a secret scanner or a leaked log. */
export const API_KEY_PREFIX = "ca_";

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, {
  error: `must be one of ${API_KEY_SCOPES.join(", ")}`,
});

export const apiKeyCreateSchema = z.strictObject({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, { message: "Name is required" })
    .max(100, { message: "Name must be at most 100 characters" }),
  scopes: z
    .array(apiKeyScopeSchema, { error: "Choose at least one scope" })
    .min(1, { message: "Choose at least one scope" })
    .max(API_KEY_SCOPES.length)
    .transform((list) => API_KEY_SCOPES.filter((s) => list.includes(s))),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

/** POST /api/keys answer: the only time the key itself is shown. */
export const apiKeyCreatedSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: z.string(),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** One key in GET /api/keys: never the secret, its first characters for recognising it. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** The key's owner: present in an administrator's list, which shows every user's keys. */
  owner: z.object({ id: z.string(), email: z.string(), name: z.string() }).optional(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.array(apiKeySchema);

export const apiKeyParamsSchema = z.strictObject({
  id: z.uuid({ message: "must be a key id (a UUID)" }),
});

export const apiKeyDeletedSchema = z.object({ deleted: z.literal(true) });
