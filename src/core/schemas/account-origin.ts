import { z } from "zod";
import { ACCOUNT_ORIGINS, FIGURES_KINDS, type Figures } from "../account-origin";

export {
  ACCOUNT_ORIGINS,
  type AccountOrigin,
  type Figures,
  figuresLabel,
  figuresOf,
  ORIGIN_LABELS,
  originOfSource,
} from "../account-origin";

export const accountOriginSchema = z.enum(ACCOUNT_ORIGINS);

export const figuresSchema = z.object({
  kind: z.enum(FIGURES_KINDS),
  /** When the figures were read (ISO 8601), or null when not recorded. */
  readAt: z.string().nullable(),
  /** Profile figures read from the platform's rounded display text ("1.2M subscribers"). */
  rounded: z.boolean().optional(),
}) satisfies z.ZodType<Figures>;

/** DELETE /api/settings/samples: how many sample creators left the index. */
export const removeSamplesResponseSchema = z.object({ removed: z.number().int().min(0) });
export type RemoveSamplesResponse = z.infer<typeof removeSamplesResponseSchema>;
