import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sourceParamsSchema, sourcesResponseSchema, sourceTestResponseSchema } from "#core/schemas/sources";
import type { SourcesService } from "./sources-service";

/** `GET /api/admin/sources` and `POST /api/admin/sources/:name/test`: admins only. */
export const sourcesRoutes: FastifyPluginAsync<{ sources: SourcesService }> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/admin/sources",
    { config: { auth: "admin" }, schema: { response: { 200: sourcesResponseSchema } } },
    async (_req, reply) => {
      reply.header("cache-control", "no-store");
      return { sources: await opts.sources.list() };
    },
  );
  app.post(
    "/api/admin/sources/:name/test",
    {
      config: { auth: "admin" },
      schema: { params: sourceParamsSchema, response: { 200: sourceTestResponseSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return opts.sources.test(request.params.name);
    },
  );
};
