import { z } from "zod";
import { platformSchema } from "./platform";

/** GET /api/accounts query: recent accounts, or (scope=history) the signed-in user's history. */
export const HISTORY_SORTS = ["recent", "oldest", "engagement", "followers"] as const;
export const GRADE_LETTERS = ["A", "B", "C", "D", "F"] as const;

export const listAccountsQuerySchema = z.strictObject({
  scope: z
    .enum(["recent", "history"], { error: "scope must be recent or history" })
    .optional()
    .default("recent"),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int({ message: "limit must be a whole number" })
    .min(1, { message: "limit must be from 1 to 100" })
    .max(100, { message: "limit must be from 1 to 100" })
    .optional()
    .default(10),
  q: z.string().trim().max(100, { message: "q must be at most 100 characters" }).optional(),
  grade: z.enum(GRADE_LETTERS, { error: "grade must be one of A, B, C, D, F" }).optional(),
  market: z.string().trim().max(50, { message: "market must be at most 50 characters" }).optional(),
  sort: z
    .enum(HISTORY_SORTS, { error: `sort must be one of ${HISTORY_SORTS.join(", ")}` })
    .optional()
    .default("recent"),
});
export type ListAccountsQuery = z.infer<typeof listAccountsQuerySchema>;

export const accountParamsSchema = z.strictObject({
  username: z
    .string()
    .trim()
    .min(1, { message: "Username is required" })
    .max(100, { message: "Username must be at most 100 characters" }),
});

export const accountQuerySchema = z.strictObject({
  platform: platformSchema.optional(),
});

export const refreshBodySchema = z.strictObject({ platform: platformSchema });
