import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ClientConfig, clientConfigSchema } from "#core/schemas/client-config";
import type { AppConfig } from "../config";

export function clientConfigOf(config: AppConfig): ClientConfig {
  return {
    brandName: config.brandName,
    appUrl: config.appUrl,
    googleClientId: config.googleClientId ?? null,
    devLogin: config.devLogin,
    anonReportLimit: config.anonReportLimit,
    userDailyReportLimit: config.userDailyReportLimit,
    aiEnabled: config.aiEnabled,
    adsenseClientId: config.adsenseClientId ?? null,
    homeVariant: config.homeVariant,
    pixelId: config.pixelId ?? null,
    contactEmail: config.contactEmail ?? null,
    version: config.version,
  };
}

export const clientConfigRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, opts) => {
  const body = clientConfigOf(opts.config);
  const adsense = opts.config.adsenseClientId;
  // ads.txt declares the AdSense publisher when ads are configured; otherwise there is none.
  app.get("/ads.txt", async (_request, reply) => {
    reply.type("text/plain; charset=utf-8");
    if (!adsense) return reply.status(404).send("Ads are not configured on this site.\n");
    return `google.com, ${adsense.replace(/^ca-/, "")}, DIRECT, f08c47fec0942fa0\n`;
  });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/config",
      { config: { auth: "public" }, schema: { response: { 200: clientConfigSchema } } },
      async (_request, reply) => {
        reply.header("cache-control", "public, max-age=300");
        return body;
      },
    );
};
