import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  discoverySearchRequestSchema,
  discoverySearchResponseSchema,
  FINDER_DESCRIPTION_TOO_SHORT,
  finderRequestSchema,
  finderResponseSchema,
} from "#core/schemas/discovery";
import { ValidationError } from "../errors";
import { abortOnClose } from "../http/sse";
import type { DiscoveryService } from "./discovery-service";
import type { FinderService } from "./finder/finder-service";
import type { WebCandidateService } from "./web-candidates";

export interface DiscoveryRoutesOptions {
  discovery: DiscoveryService;
  /** The finder (its model-based interpreter when AI is on, the lexicon without). */
  finder: FinderService;
  /** The index search plus web candidates (without a web-search model, asking for them gets a note). */
  webCandidates: WebCandidateService;
}

/**
 * `POST /api/discovery/search` (design.md contract) and `POST /api/accounts/find` (spec §7).
 * Open to anonymous visitors (spec §6); rate limiting is global. Web candidates
 * (`includeWebCandidates`) are for signed-in users: anonymous requests get the index results and a note.
 */
export const discoveryRoutes: FastifyPluginAsync<DiscoveryRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { discovery, finder, webCandidates: web } = opts;

  app.post(
    "/api/discovery/search",
    {
      config: { auth: "public" },
      schema: { body: discoverySearchRequestSchema, response: { 200: discoverySearchResponseSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      // Web-found accounts join the first page only (later pages are the index's ranking).
      if (!request.body.includeWebCandidates || request.body.page > 1) return discovery.search(request.body);
      // The client going away stops the candidate checks.
      return web.search(request.body, { userId: request.user?.id }, { signal: abortOnClose(reply) });
    },
  );

  app.post(
    "/api/accounts/find",
    {
      config: { auth: "public" },
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
