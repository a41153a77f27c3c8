import { z } from "zod";
import { stripAt } from "../handles";
import { platformSchema } from "./platform";
import { GRADES } from "./report";

/** Where a shortlisted creator stands with the agency (issue 22). */
export const LIST_STATUSES = ["prospect", "contacted", "negotiating", "booked", "declined"] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];
export const LIST_STATUS_LABELS: Record<ListStatus, string> = {
  prospect: "Prospect",
  contacted: "Contacted",
  negotiating: "Negotiating",
  booked: "Booked",
  declined: "Declined",
};

/** Limits (docs/decisions/017-agency-lists-exports-sharing.md). */
export const LIST_NAME_MAX = 100;
export const LIST_NOTE_MAX = 2000;
export const LISTS_PER_USER_MAX = 100;
export const ITEMS_PER_LIST_MAX = 500;
export const SHARE_DAYS_MAX = 90;
export const ACTIVE_SHARES_PER_LIST_MAX = 20;

const listStatusSchema = z.enum(LIST_STATUSES, {
  error: `status must be one of ${LIST_STATUSES.join(", ")}`,
});

const handleSchema = z
  .string({ error: "username is required" })
  .trim()
  .transform((v) => stripAt(v))
  .pipe(
    z
      .string()
      .min(1, { message: "username is required" })
      .max(100, { message: "username must be at most 100 characters" })
      .regex(/^[\w.-]+$/, { message: "username may only contain letters, digits, _, . and -" }),
  );

const noteSchema = z
  .string({ error: "note must be text" })
  .max(LIST_NOTE_MAX, { message: `note must be at most ${LIST_NOTE_MAX} characters` });

export const createListSchema = z.strictObject({
  name: z
    .string({ error: "name is required" })
    .trim()
    .min(1, { message: "name is required" })
    .max(LIST_NAME_MAX, { message: `name must be at most ${LIST_NAME_MAX} characters` }),
});
export type CreateListRequest = z.infer<typeof createListSchema>;

export const listIdParamsSchema = z.strictObject({
  id: z.coerce
    .number({ error: "id must be a number" })
    .int({ message: "id must be a whole number" })
    .positive({
      message: "id must be a positive number",
    }),
});

export const listItemParamsSchema = listIdParamsSchema.extend({
  itemId: z.coerce
    .number({ error: "itemId must be a number" })
    .int({ message: "itemId must be a whole number" })
    .positive({ message: "itemId must be a positive number" }),
});

export const addListItemSchema = z.strictObject({
  platform: platformSchema,
  username: handleSchema,
  note: noteSchema.optional(),
  status: listStatusSchema.optional(),
});
export type AddListItemRequest = z.infer<typeof addListItemSchema>;

export const updateListItemSchema = z
  .strictObject({ note: noteSchema.optional(), status: listStatusSchema.optional() })
  .refine((v) => v.note !== undefined || v.status !== undefined, {
    message: "note or status is required",
    path: ["note"],
  });
export type UpdateListItemRequest = z.infer<typeof updateListItemSchema>;

export const listSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  creators: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ListSummary = z.infer<typeof listSummarySchema>;

export const createdListSchema = z.object({ id: z.number().int(), name: z.string() });

/** One creator of a list, with the figures of its newest stored report (null without one). */
export const listItemSchema = z.object({
  id: z.number().int(),
  platform: platformSchema,
  username: z.string(),
  name: z.string(),
  followers: z.number().nullable(),
  /** Headline engagement rate (%) of the stored report. */
  engagementRate: z.number().nullable(),
  grade: z.enum(GRADES).nullable(),
  estimatedPostValue: z.string().nullable(),
  estimatedCostLow: z.number().nullable(),
  estimatedCostHigh: z.number().nullable(),
  /** When the stored report was made (ISO), null when the creator has none yet. */
  reportDate: z.string().nullable(),
  isSample: z.boolean(),
  /** The figures are the model's web-search estimate, not measured (src/core/model-figures.ts). */
  modelFigures: z.boolean().optional(),
  /** Trust III (#33): the figures are the list owner's own browser capture, which only they see. */
  privateTo: z.literal("you").optional(),

  note: z.string(),
  status: z.enum(LIST_STATUSES),
  addedAt: z.string(),
});
export type ListItem = z.infer<typeof listItemSchema>;

export const listTotalsSchema = z.object({
  creators: z.number().int(),
  followers: z.number(),
  /** Sums over the creators with a cost estimate only; null when none has one (never an invented 0). */
  estimatedCostLow: z.number().nullable(),
  estimatedCostHigh: z.number().nullable(),
  /** How many creators the cost sums cover (issue #39: "cost estimated for 1 of 3 creators"). */
  costEstimatedFor: z.number().int(),
});
export type ListTotals = z.infer<typeof listTotalsSchema>;

export const listDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  items: z.array(listItemSchema),
  totals: listTotalsSchema,
});
export type ListDetail = z.infer<typeof listDetailSchema>;

export const EXPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportQuerySchema = z.strictObject({
  format: z.enum(EXPORT_FORMATS, { error: "format must be one of csv, xlsx, pdf" }),
});

export const createShareSchema = z.strictObject({
  expiresInDays: z
    .number({ error: "expiresInDays must be a number" })
    .int({ message: "expiresInDays must be a whole number" })
    .min(1, { message: `expiresInDays must be from 1 to ${SHARE_DAYS_MAX}` })
    .max(SHARE_DAYS_MAX, { message: `expiresInDays must be from 1 to ${SHARE_DAYS_MAX}` }),
  includeNotes: z.boolean({ error: "includeNotes must be true or false" }).optional().default(false),
});
export type CreateShareRequest = z.input<typeof createShareSchema>;

export const createdShareSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  includeNotes: z.boolean(),
});
export type CreatedShare = z.infer<typeof createdShareSchema>;

/** A live share link as its owner sees it: the token itself is never stored, only its first characters. */
export const shareSummarySchema = z.object({
  id: z.number().int(),
  hint: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  includeNotes: z.boolean(),
});
export type ShareSummary = z.infer<typeof shareSummarySchema>;

/** A share token: 32 bytes of randomness in base64url (43 characters). */
export const shareTokenParamsSchema = z.strictObject({
  token: z
    .string()
    .max(100, { message: "token must be at most 100 characters" })
    .regex(/^[A-Za-z0-9_-]+$/, { message: "token is not a share link token" }),
});

export const shareParamsSchema = listIdParamsSchema.extend(shareTokenParamsSchema.shape);
export const shareIdParamsSchema = listIdParamsSchema.extend({
  shareId: z.coerce
    .number({ error: "shareId must be a number" })
    .int({ message: "shareId must be a whole number" })
    .positive({ message: "shareId must be a positive number" }),
});

/** What a client sees through a share link: no notes unless the owner included them, no ids of the owner. */
export const sharedListItemSchema = listItemSchema.omit({ note: true, id: true }).extend({
  note: z.string().optional(),
});
export const sharedListSchema = z.object({
  name: z.string(),
  items: z.array(sharedListItemSchema),
  totals: listTotalsSchema,
  expiresAt: z.string(),
  includeNotes: z.boolean(),
  brand: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
});
export type SharedList = z.infer<typeof sharedListSchema>;
