import { z } from "zod";
import { platformSchema } from "./platform";

/**
 * The ProfileSnapshot every collector produces and the engine consumes (design.md, a contract).
 * Extra fields are allowed and kept; the names below are fixed.
 * A count that is unknown is null or absent — never 0 (0 means "measured zero").
 */
export const POST_TYPES = ["photo", "carousel", "reel", "video", "short", "live"] as const;
export type PostType = (typeof POST_TYPES)[number];

const isoDate = z
  .string()
  .max(64)
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: "must be an ISO 8601 date-time" });

const count = z
  .number({ error: "must be a number or null" })
  .finite({ message: "must be a finite number" })
  .nonnegative({ message: "must not be negative" })
  .nullable()
  .optional();

export const snapshotPostSchema = z.looseObject({
  id: z.string().min(1).max(200),
  type: z.enum(POST_TYPES, { error: `must be one of ${POST_TYPES.join(", ")}` }),
  caption: z.string().nullable().optional(),
  postedAt: isoDate,
  likes: count,
  comments: count,
  views: count,
  shares: count,
  durationSec: count,
});
export type SnapshotPost = z.infer<typeof snapshotPostSchema>;

export const profileSnapshotSchema = z.looseObject({
  platform: platformSchema,
  username: z.string().trim().min(1, { message: "must not be empty" }).max(100),
  name: z.string().max(500).default(""),
  bio: z.string().default(""),
  /** null: the source does not expose the badge (an unknown, never a measured "no"). */
  verified: z.boolean().nullable().default(false),
  isPrivate: z.boolean().default(false),
  category: z.string().max(200).nullable().optional(),
  avatarUrl: z.string().max(2000).nullable().optional(),
  externalUrl: z.string().max(2000).nullable().optional(),
  followers: z
    .number({ error: "must be a number" })
    .finite({ message: "must be a finite number" })
    .nonnegative({ message: "must not be negative" }),
  following: count,
  postsCount: count,
  fetchedAt: isoDate,
  source: z.string().min(1).max(100),
  posts: z.array(snapshotPostSchema).max(500).default([]),
});
export type ProfileSnapshot = z.infer<typeof profileSnapshotSchema>;

/** Formats a zod error as one line per problem, naming the path: "posts.3.likes: must not be negative". */
export function formatZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "(root)"}: ${issue.message}`)
    .join("; ");
}

export class InvalidSnapshotError extends Error {
  override name = "InvalidSnapshotError";
}

/** Validates unknown JSON as a snapshot, throwing InvalidSnapshotError with a readable message. */
export function parseSnapshot(input: unknown): ProfileSnapshot {
  const result = profileSnapshotSchema.safeParse(input);
  if (!result.success) throw new InvalidSnapshotError(`Invalid snapshot: ${formatZodError(result.error)}`);
  return result.data;
}
