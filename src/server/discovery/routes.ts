import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { DescriptionExtractor } from "../../core/discovery/interpret";
import {
  discoverySearchRequestSchema,
  discoverySearchResponseSchema,
  FINDER_DESCRIPTION_TOO_SHORT,
  finderRequestSchema,
  finderResponseSchema,
} from "../../core/schemas/discovery";
import type { AppDb } from "../db/database";
import { ValidationError } from "../errors";
import { createDiscoveryService } from "./discovery-service";
import { createFinderService } from "./finder-service";

export interface DiscoveryRoutesOptions {
  db: AppDb;
  /** A model-based description extractor for the finder (optional; the lexicon is used without). */
  extractor?: DescriptionExtractor;
}

/**
 * `POST /api/discovery/search` (design.md contract) and `POST /api/accounts/find` (spec §7).
 * Open to anonymous visitors (spec §6); rate limiting is global.
 */
export const discoveryRoutes: FastifyPluginAsync<DiscoveryRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const discovery = createDiscoveryService({ db: opts.db });
  const finder = createFinderService({ db: opts.db, extractor: opts.extractor });

  app.post(
    "/api/discovery/search",
    { schema: { body: discoverySearchRequestSchema, response: { 200: discoverySearchResponseSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return discovery.search(request.body);
    },
  );

  app.post(
    "/api/accounts/find",
    {
      schema: { body: finderRequestSchema, response: { 200: finderResponseSchema } },
      // Spec §5 gives the short-description message word for word: keep it exactly (the shared
      // handler would prefix the field name), with the field beside it.
      attachValidation: true,
    },
    async (request, reply) => {
      const invalid = request.validationError as
        | (Error & { validation?: { instancePath?: string; message?: string }[] })
        | undefined;
      if (invalid) {
        const first = invalid.validation?.[0];
        if (first?.instancePath === "/description" && first.message === FINDER_DESCRIPTION_TOO_SHORT) {
          throw new ValidationError(FINDER_DESCRIPTION_TOO_SHORT, "description");
        }
        throw invalid;
      }
      reply.header("cache-control", "no-store");
      return finder.find(request.body);
    },
  );
};
