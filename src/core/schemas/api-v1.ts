import { z } from "zod";
import { usernameFieldSchema } from "./input";
import { platformSchema } from "./platform";

/** Request shapes of /api/v1 that are not shared with the cookie routes (issue #23). */

/** POST /api/v1/analyze body: exactly {platform, username}. */
export const v1AnalyzeRequestSchema = z
  .strictObject({
    platform: platformSchema,
    username: usernameFieldSchema,
  })
  .meta({ example: { platform: "instagram", username: "natgeo" } });

/** GET /api/v1/accounts/:platform/:username (and …/growth) path parameters. */
export const v1AccountParamsSchema = z.strictObject({
  platform: platformSchema,
  username: z
    .string()
    .trim()
    .min(1, { message: "Username is required" })
    .max(100, { message: "Username must be at most 100 characters" }),
});

/** Every error of /api/v1: a message written for people and a stable code for programs. */
export const v1ErrorSchema = z
  .object({
    message: z.string(),
    code: z.string(),
    field: z.string().optional(),
  })
  .meta({
    example: { message: "This API key has been revoked or does not exist.", code: "API_KEY_INVALID" },
  });
