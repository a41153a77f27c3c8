import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { expandJobSchema, expandRequestSchema, expandStartedSchema } from "#core/schemas/expand";
import { userOf } from "../../auth/auth-plugin";
import type { ExpandService } from "./expand-service";

/**
 * `POST /api/discovery/expand` → 202 {jobId} and `GET /api/discovery/expand/:jobId` (issue #35):
 * signed-in users; one report unit per expansion (admins unmetered).
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
