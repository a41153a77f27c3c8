import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { DescriptionExtractor } from "#core/discovery/interpret";
import {
  discoverySearchRequestSchema,
  discoverySearchResponseSchema,
  FINDER_DESCRIPTION_TOO_SHORT,
  finderRequestSchema,
  finderResponseSchema,
} from "#core/schemas/discovery";
import type { AppDb } from "../db/database";
import { ValidationError } from "../errors";
import { createDiscoveryService } from "./discovery-service";
import { createFinderService } from "./finder/finder-service";
import { createWebCandidateService, type WebCandidateServiceDeps } from "./web-candidates";

export interface DiscoveryRoutesOptions {
  db: AppDb;
  /** A model-based description extractor for the finder (optional; the lexicon is used without). */
  extractor?: DescriptionExtractor;
  /** Web candidates for discovery (optional; a request asking for them then gets a note). */
  webCandidates?: Omit<WebCandidateServiceDeps, "db" | "discovery">;
}

/**
 * `POST /api/discovery/search` (design.md contract) and `POST /api/accounts/find` (spec §7).
 * Open to anonymous visitors (spec §6); rate limiting is global. Web candidates
 * (`includeWebCandidates`) are for signed-in users: anonymous requests get the index results and a note.
 */
export const discoveryRoutes: FastifyPluginAsync<DiscoveryRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const discovery = createDiscoveryService({ db: opts.db });
  const web = createWebCandidateService({
    now: () => new Date(),
    ...opts.webCandidates,
    db: opts.db,
    discovery,
  });
  const finder = createFinderService({ db: opts.db, extractor: opts.extractor });

  app.post(
    "/api/discovery/search",
    { schema: { body: discoverySearchRequestSchema, response: { 200: discoverySearchResponseSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      // Web-found accounts join the first page only (later pages are the index's ranking).
      if (!request.body.includeWebCandidates || request.body.page > 1) return discovery.search(request.body);
      const controller = new AbortController();
      // The response closing before it finished means the client went away: stop checking candidates.
      reply.raw.once("close", () => {
        if (!reply.raw.writableFinished) controller.abort(new Error("client went away"));
      });
      return web.search(request.body, { userId: request.user?.id }, { signal: controller.signal });
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
