import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { stripAt } from "#core/handles";
import {
  crawlJobSchema,
  crawlRequestSchema,
  crawlStartedSchema,
  identitiesResponseSchema,
  indexPanelSchema,
} from "#core/schemas/index-growth";
import { accountParamsSchema, accountQuerySchema } from "#core/schemas/reports-api";
import { userOf } from "../../auth/auth-plugin";
import type { AppDb } from "../../db/database";
import type { CrawlService } from "./crawl-service";
import { identitiesOf } from "./identities";
import { type IndexPanelDeps, indexPanel } from "./index-panel";

export interface IndexGrowthRoutesOptions {
  db: AppDb;
  crawl: CrawlService;
  panel: Omit<IndexPanelDeps, "db" | "crawls">;
}

/**
 * Issue #35: `POST /api/admin/crawl` → 202 {jobId}, `GET /api/admin/crawl/:jobId` (admins),
 * `GET /api/admin/index` (the Index panel, admins) and `GET /api/accounts/:username/identities`
 * (public, like the report it belongs to).
 */
export const indexGrowthRoutes: FastifyPluginAsync<IndexGrowthRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const admin = {
    auth: { role: "admin", anonymous: "Sign in as an admin first.", forbidden: "Only admins can do this." },
  } as const;

  app.post(
    "/api/admin/crawl",
    { config: admin, schema: { body: crawlRequestSchema, response: { 202: crawlStartedSchema } } },
    async (request, reply) => {
      const started = await opts.crawl.start(request.body, userOf(request));
      reply.code(202).header("cache-control", "no-store");
      return started;
    },
  );

  app.get(
    "/api/admin/crawl/:jobId",
    {
      config: admin,
      schema: {
        params: z.object({ jobId: z.string().trim().min(1).max(100, { message: "jobId is too long" }) }),
        response: { 200: crawlJobSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return opts.crawl.get(request.params.jobId);
    },
  );

  app.get(
    "/api/admin/index",
    { config: admin, schema: { response: { 200: indexPanelSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return indexPanel({ db: opts.db, crawls: opts.crawl, ...opts.panel });
    },
  );

  app.get(
    "/api/accounts/:username/identities",
    {
      config: { auth: "public" },
      schema: {
        params: accountParamsSchema,
        querystring: accountQuerySchema,
        response: { 200: identitiesResponseSchema },
      },
    },
    async (request) => ({
      identities: await identitiesOf(opts.db, stripAt(request.params.username), request.query.platform),
    }),
  );
};
