import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  expandJobSchema,
  expandRequestSchema,
  expandSourcesSchema,
  expandStartedSchema,
} from "#core/schemas/expand";
import { platformSchema } from "#core/schemas/platform";
import { userOf } from "../../auth/auth-plugin";
import type { ExpandService } from "./expand-service";

/**
 * `POST /api/discovery/expand` → 202 {jobId} and `GET /api/discovery/expand/:jobId` (issue #35):
 * signed-in users; one report unit per expansion (admins unmetered). `GET
 * /api/discovery/expand/sources?platform=` says which source would search and what it may cost.
 */
export const expandRoutes: FastifyPluginAsync<{ expand: ExpandService }> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const auth = {
    auth: { role: "user", anonymous: "Sign in to search the platforms for more creators." },
  } as const;

  app.post(
    "/api/discovery/expand",
    { config: auth, schema: { body: expandRequestSchema, response: { 202: expandStartedSchema } } },
    async (request, reply) => {
      const started = await opts.expand.start(request.body, userOf(request));
      reply.code(202).header("cache-control", "no-store");
      return started;
    },
  );

  app.get(
    "/api/discovery/expand/sources",
    {
      config: auth,
      schema: {
        querystring: z.strictObject({ platform: platformSchema }),
        response: { 200: expandSourcesSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return opts.expand.sources(request.query.platform);
    },
  );

  app.get(
    "/api/discovery/expand/:jobId",
    {
      config: auth,
      schema: {
        params: z.object({ jobId: z.string().trim().min(1).max(100, { message: "jobId is too long" }) }),
        response: { 200: expandJobSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return opts.expand.get(request.params.jobId, userOf(request));
    },
  );
};
