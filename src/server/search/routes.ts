import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { siteSearchQuerySchema, siteSearchResponseSchema } from "#core/schemas/search";
import type { SiteSearchService } from "./search-service";

/** `GET /api/search?q=&limit=`: the data behind the /search page (open to everyone). */
export const siteSearchRoutes: FastifyPluginAsync<{ siteSearch: SiteSearchService }> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const service = opts.siteSearch;
  app.get(
    "/api/search",
    {
      config: { auth: "public" },
      schema: { querystring: siteSearchQuerySchema, response: { 200: siteSearchResponseSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return service.search(request.query);
    },
  );
};
