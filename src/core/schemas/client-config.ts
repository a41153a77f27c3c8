import { z } from "zod";

/** GET /api/config: what the web app needs to know about this server (no secrets). */
export const clientConfigSchema = z.object({
  brandName: z.string(),
  appUrl: z.string(),
  googleClientId: z.string().nullable(),
  devLogin: z.boolean(),
  anonReportLimit: z.number().int(),
  userDailyReportLimit: z.number().int(),
  aiEnabled: z.boolean(),
  adsenseClientId: z.string().nullable(),
  /** Which home page of spec §2 this installation shows (HOME_VARIANT). */
  homeVariant: z.enum(["a", "b"]).default("a"),
  pixelId: z.string().nullable(),
  /** CONTACT_EMAIL: the Feedback and enterprise "Contact us" address; null hides those links. */
  contactEmail: z.string().nullable().default(null),
  version: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
