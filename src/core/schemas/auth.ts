import { z } from "zod";

/** POST /api/auth/login: the Google ID token from Google Identity Services. */
export const loginRequestSchema = z.strictObject({
  // An empty credential is refused by the verifier with 401, like any other bad token.
  credential: z
    .string({ error: "credential must be a string" })
    .trim()
    .max(8192, { message: "credential is too long" }),
});

/** POST /api/auth/dev-login (DEV_LOGIN=1 only). */
export const devLoginRequestSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ message: "email must be an e-mail address" })),
  name: z.string().trim().max(200).optional(),
});

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/**
 * POST /api/auth/login and /api/auth/dev-login: the user, and whether this sign-in created the
 * account (false when absent, e.g. from an older server).
 */
export const loginResponseSchema = userSchema.extend({ firstSignIn: z.boolean().default(false) });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /api/reports/count: today's (UTC) count, with the limit and what remains. */
export const reportCountSchema = z.object({
  count: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  signedIn: z.boolean(),
  resetsAt: z.string(),
});
export type ReportCount = z.infer<typeof reportCountSchema>;
