import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  lookalikesRequestSchema,
  lookalikesResponseSchema,
  similarParamsSchema,
  similarQuerySchema,
  similarResponseSchema,
} from "#core/schemas/similar";
import type { ListsService } from "../agency/lists-service";
import { requireUser } from "../auth/auth-plugin";
import { actingWorkspace } from "../workspaces/acting";
import type { SimilarService } from "./similar-service";

export interface SimilarRoutesOptions {
  similar: SimilarService;
  lists: ListsService;
}

/**
 * Issue #36: `GET /api/accounts/:username/similar` and `POST /api/discovery/lookalikes`. Open like
 * discovery (spec §6); excluding a list's members needs its owner signed in (another user's list is
 * a 404, as everywhere).
 */
export const similarRoutes: FastifyPluginAsync<SimilarRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { similar, lists } = opts;

  app.get(
    "/api/accounts/:username/similar",
    {
      config: { auth: "public" },
      schema: {
        params: similarParamsSchema,
        querystring: similarQuerySchema,
        response: { 200: similarResponseSchema },
      },
    },
    async (request) => {
      const { platform, limit } = request.query;
      return similar.similar(platform, request.params.username, limit);
    },
  );

  app.post(
    "/api/discovery/lookalikes",
    {
      // Public like discovery; leaving out a list's members needs its owner (checked below).
      config: { auth: "public" },
      schema: { body: lookalikesRequestSchema, response: { 200: lookalikesResponseSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { excludeListId } = request.body;
      let members: { platform: string; username: string }[] = [];
      if (excludeListId !== undefined) {
        requireUser(request, "Sign in to leave out the creators of one of your lists.");
        // Issue #37: a list of the acting workspace (another workspace's list is a 404).
        const acting = await actingWorkspace(request);
        members = (await lists.detail(excludeListId, acting.workspaceId)).items;
      }
      return similar.lookalikes(request.body, members);
    },
  );
};
