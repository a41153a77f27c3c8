import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  discoverySearchRequestSchema,
  discoverySearchResponseSchema,
  finderRequestSchema,
  finderResponseSchema,
} from "#core/schemas/discovery";
import { API_EXAMPLES } from "../api-v1/examples";
import { v1Errors, v1RouteConfig, v1Security } from "../api-v1/v1-kit";
import type { AppConfig } from "../config";
import { abortOnClose } from "../http/sse";
import type { DiscoveryRoutesOptions } from "./routes";

/**
 * The discovery capability's /api/v1 routes (issue #23; docs/decisions/032): the same discovery,
 * finder and web-candidate services as the cookie routes. Registered inside api-v1/plugin.ts.
 */
export const discoveryV1Routes: FastifyPluginAsync<DiscoveryRoutesOptions & { config: AppConfig }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { discovery, finder, webCandidates: web } = opts;
  const route = v1RouteConfig(opts.config);

  app.post(
    "/api/v1/discovery/search",
    {
      config: route("read"),
      schema: {
        tags: ["v1"],
        summary: "Discovery search over the indexed accounts",
        description: "The same search as the web app's discovery page. Scope: `read`.",
        security: v1Security,
        body: discoverySearchRequestSchema.meta({ example: API_EXAMPLES.discoverySearch }),
        response: { 200: discoverySearchResponseSchema.describe("The matching accounts"), ...v1Errors() },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      if (!request.body.includeWebCandidates) return discovery.search(request.body);
      return web.search(request.body, { userId: request.apiKey!.userId }, { signal: abortOnClose(reply) });
    },
  );

  app.post(
    "/api/v1/accounts/find",
    {
      config: route("read"),
      schema: {
        tags: ["v1"],
        summary: "Find accounts from a description",
        description: "The finder: a plain-language description of the creators you look for. Scope: `read`.",
        security: v1Security,
        body: finderRequestSchema.meta({ example: API_EXAMPLES.find }),
        response: {
          200: finderResponseSchema.describe("The interpretation and the matching accounts"),
          ...v1Errors(),
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return finder.find(request.body);
    },
  );
};
