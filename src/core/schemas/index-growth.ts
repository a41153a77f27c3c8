import { z } from "zod";
import { ACCOUNT_ORIGINS } from "./account-origin";
import { PLATFORMS, platformSchema } from "./platform";

/**
 * The index's growth around reports, admin crawls, stated identities and the Index panel (issue #35
 * items 2, 4, 5, 7; docs/decisions/042-index-growth.md).
 */

export const CRAWL_DEPTH_MAX = 3;
const CRAWL_SEEDS_MAX = 20;
const CRAWL_MAX_ACCOUNTS = 1000;

const seedSchema = z
  .string({ error: "seeds must be a list of usernames" })
  .trim()
  .min(1, { message: "seeds: a username must not be empty" })
  .max(100, { message: "seeds: a username is at most 100 characters" })
  .refine((s) => !/[\s/?#]/.test(s), { message: "seeds: give usernames, not links or text with spaces" });

/** POST /api/admin/crawl. */
export const crawlRequestSchema = z.strictObject({
  platform: platformSchema,
  seeds: z
    .array(seedSchema, { error: "seeds must be a list of usernames" })
    .min(1, { message: "seeds: give at least one username" })
    .max(CRAWL_SEEDS_MAX, { message: `seeds: at most ${CRAWL_SEEDS_MAX} usernames` }),
  depth: z
    .number({ error: "depth must be a number from 1 to 3" })
    .int({ message: "depth must be a whole number from 1 to 3" })
    .min(1, { message: "depth must be from 1 to 3" })
    .max(CRAWL_DEPTH_MAX, { message: "depth must be from 1 to 3" }),
  maxAccounts: z
    .number({ error: `maxAccounts must be a number from 1 to ${CRAWL_MAX_ACCOUNTS}` })
    .int({ message: "maxAccounts must be a whole number" })
    .min(1, { message: `maxAccounts must be from 1 to ${CRAWL_MAX_ACCOUNTS}` })
    .max(CRAWL_MAX_ACCOUNTS, { message: `maxAccounts must be from 1 to ${CRAWL_MAX_ACCOUNTS}` }),
});
export type CrawlRequest = z.infer<typeof crawlRequestSchema>;

const CRAWL_STATES = ["queued", "running", "done", "failed"] as const;

/** GET /api/admin/crawl/:jobId. */
export const crawlJobSchema = z.object({
  jobId: z.string(),
  platform: platformSchema,
  seeds: z.array(z.string()),
  depth: z.number().int(),
  maxAccounts: z.number().int(),
  state: z.enum(CRAWL_STATES),
  /** The deepest level whose accounts were read (0: the seeds). */
  depthReached: z.number().int().min(0),
  /** Accounts the crawl reached (seeds and the accounts they point at). */
  found: z.number().int().min(0),
  /** New to the index (origin "growth"). */
  added: z.number().int().min(0),
  alreadyKnown: z.number().int().min(0),
  message: z.string(),
  createdAt: z.string(),
});
export type CrawlJob = z.infer<typeof crawlJobSchema>;

export const crawlStartedSchema = z.object({ jobId: z.string() });

/** Where the creator stated a link to their profile on another platform. */
const STATED_IN = ["youtube-about", "bio", "external-url", "description"] as const;
export type StatedIn = (typeof STATED_IN)[number];

const PLATFORM_NAME = { instagram: "Instagram", tiktok: "TikTok", youtube: "YouTube" } as const;

/** "linked from their YouTube About page" (what the link rests on, for people). */
export function statedInLabel(statedIn: StatedIn, on: (typeof PLATFORMS)[number]): string {
  const where = PLATFORM_NAME[on];
  switch (statedIn) {
    case "youtube-about":
      return "linked from their YouTube About page";
    case "description":
      return `linked in their ${where} channel description`;
    case "bio":
      return `linked in their ${where} bio`;
    case "external-url":
      return `their ${where} profile's website link`;
  }
}

export const identitySchema = z.object({
  platform: platformSchema,
  username: z.string(),
  statedIn: z.enum(STATED_IN),
  label: z.string(),
  /** Whether the index holds that profile (its report or profile figures can be opened). */
  inIndex: z.boolean(),
});
export type Identity = z.infer<typeof identitySchema>;

/** GET /api/accounts/:username/identities. */
export const identitiesResponseSchema = z.object({ identities: z.array(identitySchema) });
export type IdentitiesResponse = z.infer<typeof identitiesResponseSchema>;

const budgetUseSchema = z.object({
  /** e.g. "youtube-search", "index-growth". */
  name: z.string(),
  label: z.string(),
  used: z.number().int().min(0),
  /** 0: the budget is off. */
  limit: z.number().int().min(0),
});

/** GET /api/admin/index: the Index panel of Settings. */
export const indexPanelSchema = z.object({
  accounts: z.array(
    z.object({
      platform: z.enum(PLATFORMS),
      origin: z.enum(ACCOUNT_ORIGINS),
      count: z.number().int().min(0),
      /** Rows with a full report (not profile figures only). */
      fullReports: z.number().int().min(0),
    }),
  ),
  /** New index rows per day (UTC) over the last 30 days, oldest first; days without any are 0. */
  growthPerDay: z.array(z.object({ day: z.string(), added: z.number().int().min(0) })),
  budgets: z.array(budgetUseSchema),
  queue: z.object({
    /** Candidates waiting to be read. */
    waiting: z.number().int().min(0),
    read: z.number().int().min(0),
    /** Already in the index when their turn came (skipped). */
    known: z.number().int().min(0),
    failed: z.number().int().min(0),
  }),
  crawls: z.array(crawlJobSchema),
});
export type IndexPanel = z.infer<typeof indexPanelSchema>;
