import { z } from "zod";
import { stripAt } from "../handles";
import { platformSchema } from "./platform";

/**
 * Growth over time, watchlists, alert rules and notifications (issue #21). Request and response
 * schemas of `/api/accounts/:username/growth`, `/api/watchlists…` and `/api/notifications…`.
 */

const handle = z
  .string({ error: "Username is required" })
  .trim()
  .min(1, { error: "Username is required" })
  .max(100, { error: "Username must be at most 100 characters" })
  .transform((v) => stripAt(v))
  .refine((v) => v.length > 0, { error: "Username is required" });

export const growthParamsSchema = z.object({ username: handle });
export const growthQuerySchema = z.object({ platform: platformSchema });

export const growthPointSchema = z.object({
  at: z.string(),
  followers: z.number(),
  following: z.number().nullable(),
  postsCount: z.number().nullable(),
  engagementRate: z.number().nullable(),
  medianViews: z.number().nullable(),
  /** "import" for a point from an uploaded history, else the collector that measured it. */
  source: z.string(),
});
export type GrowthPoint = z.infer<typeof growthPointSchema>;

export const changeSchema = z
  .object({
    followers: z.number(),
    followersPct: z.number(),
    /** Percentage points. */
    engagementRate: z.number().nullable(),
    from: z.string(),
    points: z.number().int(),
  })
  .nullable();

export const anomalySchema = z.object({
  kind: z.enum(["spike", "drop"]),
  from: z.string(),
  to: z.string(),
  followersPct: z.number(),
  days: z.number(),
  engagementPct: z.number().nullable(),
  message: z.string(),
});

export const growthResponseSchema = z.object({
  platform: platformSchema,
  username: z.string(),
  points: z.array(growthPointSchema),
  change: z.object({ days7: changeSchema, days30: changeSchema, days90: changeSchema }),
  /** "+2.3% followers in 30 days (measured from 5 snapshots)", or null with too few points. */
  summary: z.string().nullable(),
  anomalies: z.array(anomalySchema),
});
export type GrowthResponse = z.infer<typeof growthResponseSchema>;

export const growthImportResponseSchema = z.object({
  imported: z.number().int(),
  /** Rows on or after the first measured point: measured data is never overwritten. */
  skipped: z.number().int(),
});

export const CADENCES = ["daily", "weekly"] as const;
export type Cadence = (typeof CADENCES)[number];

export const watchlistCreateSchema = z.object({
  name: z
    .string({ error: "name is required" })
    .trim()
    .min(1, { error: "name is required" })
    .max(100, { error: "name must be at most 100 characters" }),
  cadence: z.enum(CADENCES, { error: 'cadence must be "daily" or "weekly"' }),
});

export const watchlistSchema = z.object({
  id: z.string(),
  name: z.string(),
  cadence: z.enum(CADENCES),
});
export const watchlistSummarySchema = watchlistSchema.extend({
  accounts: z.number().int(),
  rules: z.number().int(),
  createdAt: z.string(),
});
export const watchlistListSchema = z.object({ watchlists: z.array(watchlistSummarySchema) });

export const watchlistParamsSchema = z.object({ id: z.uuid({ error: "id must be a watchlist id" }) });
export const watchlistAccountParamsSchema = watchlistParamsSchema.extend({
  platform: platformSchema,
  username: handle,
});
export const watchlistRuleParamsSchema = watchlistParamsSchema.extend({
  ruleId: z.uuid({ error: "ruleId must be an alert rule id" }),
});

export const watchlistAddAccountSchema = z.object({ platform: platformSchema, username: handle });

export const watchedAccountSchema = z.object({
  platform: platformSchema,
  username: z.string(),
  name: z.string(),
  followers: z.number(),
  engagementRate: z.number().nullable(),
  grade: z.string().nullable(),
  lastUpdated: z.string().nullable(),
  /** The figures are the model's web-search estimate, not measured (src/core/model-figures.ts). */
  modelFigures: z.boolean().optional(),
  change: z.object({ days7: changeSchema, days30: changeSchema, days90: changeSchema }),
  /** Followers of the last points (oldest first), for a sparkline. */
  sparkline: z.array(z.number()),
  addedAt: z.string(),
});

export const ALERT_KINDS = [
  "followers_change",
  "engagement_change",
  "grade_change",
  "sponsored_post",
  "anomaly",
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** Kinds whose rule needs a threshold (percent). */
export const THRESHOLD_KINDS: readonly AlertKind[] = ["followers_change", "engagement_change"];

export const alertChannelSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("webhook"),
      url: z
        .string({ error: "channel.url is required" })
        .trim()
        .max(2000, { error: "channel.url must be at most 2000 characters" }),
    }),
    z.object({
      type: z.literal("email"),
      to: z
        .string({ error: "channel.to is required" })
        .trim()
        .max(254, { error: "channel.to must be at most 254 characters" })
        .pipe(z.email({ error: "channel.to must be an e-mail address" })),
    }),
  ],
  { error: 'channel.type must be "webhook" or "email"' },
);
export type AlertChannel = z.infer<typeof alertChannelSchema>;

export const alertRuleCreateSchema = z
  .object({
    kind: z.enum(ALERT_KINDS, { error: `kind must be one of ${ALERT_KINDS.join(", ")}` }),
    threshold: z
      .number({ error: "threshold must be a number (percent)" })
      .positive({ error: "threshold must be more than 0 (percent)" })
      .max(10_000, { error: "threshold must be at most 10000 (percent)" })
      .optional(),
    channel: alertChannelSchema,
  })
  .superRefine((v, ctx) => {
    if (THRESHOLD_KINDS.includes(v.kind) && v.threshold === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["threshold"],
        message: `threshold (a percentage) is required for ${v.kind}`,
      });
  });

export const alertRuleSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  threshold: z.number().nullable(),
  channel: z.discriminatedUnion("type", [
    z.object({ type: z.literal("webhook"), url: z.string() }),
    z.object({ type: z.literal("email"), to: z.string() }),
  ]),
  createdAt: z.string(),
});
/** The creation answer: a webhook's signing secret, shown this once. */
export const alertRuleCreatedSchema = alertRuleSchema.extend({ secret: z.string().optional() });

export const deliverySchema = z.object({
  id: z.number(),
  ruleId: z.string(),
  kind: z.enum(ALERT_KINDS),
  channel: z.enum(["webhook", "email"]),
  platform: z.string(),
  username: z.string(),
  message: z.string(),
  status: z.enum(["pending", "sending", "delivered", "failed"]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});

export const watchlistDetailSchema = watchlistSchema.extend({
  createdAt: z.string(),
  accounts: z.array(watchedAccountSchema),
  rules: z.array(alertRuleSchema),
  deliveries: z.array(deliverySchema),
});
export type WatchlistDetail = z.infer<typeof watchlistDetailSchema>;

export const notificationSchema = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  platform: z.string(),
  username: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
export const notificationReadSchema = z.object({
  /** The notifications to mark read; all of the user's when absent. */
  ids: z.array(z.number().int().positive()).max(500).optional(),
});

/** The JSON body of an alert webhook (signed with X-Signature-256). */
export interface AlertPayload {
  event: "alert";
  kind: AlertKind;
  watchlist: { id: string; name: string };
  account: { platform: string; username: string; name: string; url: string };
  message: string;
  at: string;
  details: Record<string, unknown>;
}
