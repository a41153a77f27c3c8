import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { stripAt } from "#core/handles";
import { v1AccountParamsSchema } from "#core/schemas/api-v1";
import { growthResponseSchema } from "#core/schemas/growth";
import { PLATFORM_LABELS } from "#core/schemas/platform";
import { API_EXAMPLES } from "../api-v1/examples";
import { err, keyDataOwner, v1Errors, v1RouteConfig, v1Security } from "../api-v1/v1-kit";
import type { AppConfig } from "../config";
import { NoGrowthError } from "../errors";
import type { GrowthService } from "./growth-service";

/**
 * The growth capability's /api/v1 route (issue #23; docs/decisions/032), answered by the same
 * growth service as GET /api/accounts/:username/growth. Registered inside api-v1/plugin.ts.
 */
export const growthV1Routes: FastifyPluginAsync<{ config: AppConfig; growth: GrowthService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const route = v1RouteConfig(opts.config);

  app.get(
    "/api/v1/accounts/:platform/:username/growth",
    {
      config: route("read"),
      schema: {
        tags: ["v1"],
        summary: "Growth over time of an account",
        description:
          "Dated follower and engagement points, 7/30/90-day change and anomalies. 404 (`NO_GROWTH`) until the account has been measured at least twice. Scope: `read`.",
        security: v1Security,
        params: v1AccountParamsSchema,
        response: {
          200: growthResponseSchema.meta({ example: API_EXAMPLES.growth, description: "The growth" }),
          ...v1Errors(),
          404: err(404),
        },
      },
    },
    async (request, reply) => {
      const { platform } = request.params;
      const growth = await opts.growth.growth(
        platform,
        stripAt(request.params.username),
        keyDataOwner(request),
      );
      if (growth.points.length < 2)
        throw new NoGrowthError(
          `No growth for @${growth.username} on ${PLATFORM_LABELS[platform]} yet: it has been measured ${growth.points.length === 1 ? "once" : "never"}, and growth needs at least two measurements. Analyse it again later.`,
        );
      reply.header("cache-control", "private, max-age=60");
      return growth;
    },
  );
};
