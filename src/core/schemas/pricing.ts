import { z } from "zod";
import {
  DEFAULT_PRICING,
  PRICE_TIER_INFO,
  PRICE_TIERS,
  PRICING_SOURCES,
  type PricingAssumptions,
  PUBLISHED_BANDS,
} from "../engine/pricing";
import { INDUSTRIES } from "../taxonomy";
import { PLATFORMS } from "./platform";
import { POST_TYPES } from "./snapshot";

/**
 * The admin's pricing assumptions (issue #24 item 1, docs/decisions/022-calibrated-prices.md):
 * GET/PUT/DELETE /api/settings/pricing. Every figure is checked here with a message naming its field.
 */

function amount(field: string, max: number, what: string) {
  const message = `${field} must be a number greater than 0 and at most ${max.toLocaleString("en-US")} (${what})`;
  return z.number({ error: message }).gt(0, { message }).max(max, { message });
}

function byKeys<K extends string>(keys: readonly K[], of: (key: K) => z.ZodType<number>) {
  const shape = {} as Record<K, z.ZodType<number>>;
  for (const k of keys) shape[k] = of(k);
  return z.strictObject(shape);
}

const tierRates = (platform: string) =>
  byKeys(PRICE_TIERS, (tier) =>
    amount(`per1kFollowers.${platform}.${tier}`, 100_000, "US dollars per 1,000 followers"),
  );
const cpmRates = (platform: string) =>
  byKeys(POST_TYPES, (type) => amount(`cpm.${platform}.${type}`, 10_000, "US dollars per 1,000 views"));

const nicheShape = {} as Record<(typeof INDUSTRIES)[number], z.ZodOptional<z.ZodNumber>>;
for (const industry of INDUSTRIES) {
  const message = `niche.${industry} must be a multiplier from 0.1 to 10`;
  nicheShape[industry] = z.number({ error: message }).min(0.1, { message }).max(10, { message }).optional();
}

export const CURRENCY_MESSAGE =
  "currency must be a three-letter ISO 4217 code in capitals, e.g. USD, EUR, GBP";

export const pricingAssumptionsSchema = z.strictObject({
  per1kFollowers: z.strictObject({
    instagram: tierRates("instagram"),
    tiktok: tierRates("tiktok"),
    youtube: tierRates("youtube"),
  }),
  cpm: z.strictObject({
    instagram: cpmRates("instagram"),
    tiktok: cpmRates("tiktok"),
    youtube: cpmRates("youtube"),
  }),
  niche: z.strictObject(nicheShape),
  currency: z.string({ error: CURRENCY_MESSAGE }).regex(/^[A-Z]{3}$/, { message: CURRENCY_MESSAGE }),
  usdRate: amount("usdRate", 1_000_000, "units of the currency one US dollar buys"),
}) satisfies z.ZodType<PricingAssumptions>;

/** GET, PUT and DELETE /api/settings/pricing answer. */
export const pricingResponseSchema = z.object({
  /** What reports are made with now. */
  assumptions: pricingAssumptionsSchema,
  /** "default" until an admin saves; "installation" after. */
  source: z.enum(["default", "installation"]),
  updatedAt: z.string().nullable(),
  /** The published defaults, the sources behind them, and the published bands (USD). */
  defaults: pricingAssumptionsSchema,
  sources: z.record(z.string(), z.string()),
  tiers: z.array(
    z.object({
      tier: z.string(),
      label: z.string(),
      minFollowers: z.number(),
      maxFollowers: z.number().nullable(),
    }),
  ),
  bands: z.record(
    z.string(),
    z.record(z.string(), z.object({ low: z.number(), high: z.number().nullable() })),
  ),
});
export type PricingResponse = z.infer<typeof pricingResponseSchema>;

export const PRICING_REFERENCE = {
  defaults: DEFAULT_PRICING,
  sources: { ...PRICING_SOURCES } as Record<string, string>,
  tiers: PRICE_TIER_INFO.map((t) => ({ ...t })),
  bands: PUBLISHED_BANDS as unknown as Record<string, Record<string, { low: number; high: number | null }>>,
  platforms: PLATFORMS,
};
