import { Readable } from "node:stream";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { PricingInput } from "#core/engine/pricing";
import { removeSamplesResponseSchema } from "#core/schemas/account-origin";
import {
  PRICING_REFERENCE,
  type PricingResponse,
  pricingAssumptionsSchema,
  pricingResponseSchema,
} from "#core/schemas/pricing";
import {
  clearCacheResponseSchema,
  deleteAllResponseSchema,
  exportQuerySchema,
  SETTINGS_TEXTS,
  type SettingsResponse,
  SPEC_MODEL,
  settingsPatchSchema,
  settingsResponseSchema,
} from "#core/schemas/settings";
import { userOf } from "../auth/auth-plugin";
import type { AccountDataService } from "./account-data-service";
import { exportFileName } from "./account-data-service";
import type { AdminSettingsService, SettingsState } from "./settings-service";

export interface SettingsRoutesOptions {
  settings: AdminSettingsService;
  data: AccountDataService;
  aiEnabled: boolean;
  now: () => Date;
  /** Called after 'Delete all' (drops the short-lived copies of stored reports). */
  onDataDeleted?: () => void | Promise<void>;
}

/**
 * The admin's settings screen (spec §2 /settings), on the server: every call is admin-only
 * (401 signed out, 403 for other users), checked here, whatever the page shows.
 */
export const settingsRoutes: FastifyPluginAsync<SettingsRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { settings, data } = opts;
  const modelOptions = [...new Set([SPEC_MODEL, settings.defaults.model])];

  const present = (state: SettingsState): SettingsResponse => ({
    settings: state.settings,
    defaults: settings.defaults,
    modelOptions,
    aiEnabled: opts.aiEnabled,
    cacheClearedAt: state.cacheClearedAt?.toISOString() ?? null,
    updatedAt: state.updatedAt?.toISOString() ?? null,
  });

  // Spec §6: 401 with the sign-in text for visitors, 403 with the restricted text for other users,
  // checked in onRequest (before the body is validated: a caller who is not an admin learns nothing).
  const adminOnly = { config: { auth: { role: "admin", ...SETTINGS_TEXTS } } } as const;

  app.get(
    "/api/settings",
    { ...adminOnly, schema: { response: { 200: settingsResponseSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      settings.invalidate();
      return present(await settings.state());
    },
  );

  app.put(
    "/api/settings",
    { ...adminOnly, schema: { body: settingsPatchSchema, response: { 200: settingsResponseSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      await settings.update(request.body, { userId: user.id });
      request.log.info({ userId: user.id, changed: Object.keys(request.body) }, "settings saved");
      reply.header("cache-control", "no-store");
      return present(await settings.state());
    },
  );

  // Pricing assumptions (issue #24 item 1): what reports price posts with; DELETE resets to the defaults.
  const presentPricing = (p: PricingInput): PricingResponse => ({
    assumptions: p.assumptions,
    source: p.source,
    updatedAt: p.updatedAt ?? null,
    defaults: PRICING_REFERENCE.defaults,
    sources: PRICING_REFERENCE.sources,
    tiers: PRICING_REFERENCE.tiers,
    bands: PRICING_REFERENCE.bands,
  });

  app.get(
    "/api/settings/pricing",
    { ...adminOnly, schema: { response: { 200: pricingResponseSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      settings.invalidate();
      return presentPricing(await settings.pricing());
    },
  );

  app.put(
    "/api/settings/pricing",
    { ...adminOnly, schema: { body: pricingAssumptionsSchema, response: { 200: pricingResponseSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      const saved = await settings.setPricing(request.body, { userId: user.id });
      request.log.info({ userId: user.id, currency: request.body.currency }, "pricing assumptions saved");
      reply.header("cache-control", "no-store");
      return presentPricing(saved);
    },
  );

  app.delete(
    "/api/settings/pricing",
    { ...adminOnly, schema: { response: { 200: pricingResponseSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      const saved = await settings.setPricing(null, { userId: user.id });
      request.log.info({ userId: user.id }, "pricing assumptions reset to the published defaults");
      reply.header("cache-control", "no-store");
      return presentPricing(saved);
    },
  );

  app.post(
    "/api/settings/cache/clear",
    { ...adminOnly, schema: { response: { 200: clearCacheResponseSchema } } },
    async (request) => {
      const user = userOf(request);
      const clearedAt = await settings.clearCache({ userId: user.id });
      request.log.info({ userId: user.id }, "report cache cleared");
      return { clearedAt: clearedAt.toISOString() };
    },
  );

  app.get(
    "/api/settings/export",
    { ...adminOnly, schema: { querystring: exportQuerySchema } },
    async (request, reply) => {
      const { format } = request.query;
      const at = opts.now();
      const body = format === "csv" ? data.exportCsv() : data.exportJson(at);
      reply
        .header(
          "content-type",
          format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
        )
        .header("content-disposition", `attachment; filename="${exportFileName(format, at)}"`)
        .header("cache-control", "no-store");
      return reply.send(Readable.from(body));
    },
  );

  app.delete(
    "/api/settings/data",
    { ...adminOnly, schema: { response: { 200: deleteAllResponseSchema } } },
    async (request) => {
      const user = userOf(request);
      const result = await data.deleteAll();
      await opts.onDataDeleted?.();
      request.log.warn({ userId: user.id, ...result }, "all stored account data deleted");
      return result;
    },
  );

  // Issue #35: sample creators leave the index (discovery then shows only real ones).
  app.delete(
    "/api/settings/samples",
    { ...adminOnly, schema: { response: { 200: removeSamplesResponseSchema } } },
    async (request) => {
      const result = await data.removeSamples();
      // Cached report pages of the removed creators go too.
      await opts.onDataDeleted?.();
      request.log.info({ userId: userOf(request).id, ...result }, "sample creators removed");
      return result;
    },
  );
};
