import { z } from "zod";
import { canonicalHandle } from "../handles";
import { INDUSTRIES } from "../taxonomy";
import { PLATFORMS } from "./platform";
import { snapshotPostSchema } from "./snapshot";

/**
 * One row of `npm run cli -- import <file.csv|file.ndjson>`: a creator an agency brings.
 * CSV columns (header row, any order): platform, username, followers, and optionally name, bio,
 * verified, isPrivate, category, industry, engagementRate (percent), countries ("A;B"),
 * following, postsCount, avatarUrl, externalUrl. NDJSON rows may also carry `posts` (snapshot posts).
 */

const HANDLE_RULES = {
  instagram: { max: 30, re: /^[a-z0-9._]+$/ },
  tiktok: { max: 24, re: /^[a-z0-9._]+$/ },
  youtube: { max: 100, re: /^[A-Za-z0-9._-]+$/ },
} as const;

const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

const count = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v.trim() === ""
        ? undefined
        : Number(v.replace(/[,_\s]/g, ""))
      : emptyToUndefined(v),
  z
    .number({ error: "must be a number" })
    .finite({ message: "must be a number" })
    .int({ message: "must be a whole number" })
    .nonnegative({ message: "must not be negative" })
    .max(10_000_000_000, { message: "is implausibly large" }),
);

const bool = z.preprocess((v) => {
  if (typeof v === "boolean" || v === undefined) return v;
  const s = String(v).trim().toLowerCase();
  if (s === "") return undefined;
  if (["true", "1", "yes", "y"].includes(s)) return true;
  if (["false", "0", "no", "n"].includes(s)) return false;
  return v;
}, z.boolean({ error: "must be true or false" }).optional());

const url = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .max(2000, { message: "is too long" })
    .refine((s) => /^https?:\/\/[^\s]+$/i.test(s), { message: "must be an http(s) URL" })
    .optional(),
);

const industryByLower = new Map(INDUSTRIES.map((i) => [i.toLowerCase(), i]));

export const importRowSchema = z
  .object({
    platform: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
      z.enum(PLATFORMS, { error: `must be one of ${PLATFORMS.join(", ")}` }),
    ),
    username: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().replace(/^@/, "") : v),
      z.string({ error: "is required" }).min(1, { message: "is required" }),
    ),
    name: z.preprocess(emptyToUndefined, z.string().max(500, { message: "is too long" }).optional()),
    bio: z.preprocess(emptyToUndefined, z.string().max(5000, { message: "is too long" }).optional()),
    followers: count,
    following: count.optional(),
    postsCount: count.optional(),
    verified: bool,
    isPrivate: bool,
    category: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
    industry: z.preprocess(
      (v) =>
        typeof v === "string" && v.trim() !== ""
          ? (industryByLower.get(v.trim().toLowerCase()) ?? v)
          : undefined,
      z
        .enum(INDUSTRIES, {
          error: `must be one of the industries (${INDUSTRIES.slice(0, 4).join(", ")}, …)`,
        })
        .optional(),
    ),
    engagementRate: z.preprocess(
      (v) =>
        typeof v === "string"
          ? v.trim() === ""
            ? undefined
            : Number(v.replace("%", "").trim())
          : emptyToUndefined(v),
      z
        .number({ error: "must be a number (percent)" })
        .finite({ message: "must be a number (percent)" })
        .min(0, { message: "must not be negative" })
        .max(100, { message: "must be a percentage from 0 to 100" })
        .optional(),
    ),
    countries: z.preprocess(
      (v) =>
        typeof v === "string"
          ? v
              .split(/[;|]/)
              .map((s) => s.trim())
              .filter(Boolean)
          : emptyToUndefined(v),
      z.array(z.string().max(100)).max(30, { message: "has too many countries (30 at most)" }).optional(),
    ),
    avatarUrl: url,
    externalUrl: url,
    posts: z.array(snapshotPostSchema).max(200, { message: "has too many posts (200 at most)" }).optional(),
  })
  .superRefine((row, ctx) => {
    const rules = HANDLE_RULES[row.platform];
    const handle = row.platform === "youtube" ? row.username : row.username.toLowerCase();
    if (handle.length > rules.max) {
      ctx.addIssue({ code: "custom", path: ["username"], message: `is longer than ${rules.max} characters` });
    } else if (!rules.re.test(handle)) {
      ctx.addIssue({
        code: "custom",
        path: ["username"],
        message: `"${row.username}" is not a valid ${row.platform} handle`,
      });
    }
  })
  .transform((row) => ({ ...row, username: canonicalHandle(row.platform, row.username) }));

export type ImportRow = z.infer<typeof importRowSchema>;
