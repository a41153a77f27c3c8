import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppConfig } from "../config";
import type { Database } from "../db/database";

const healthSchema = z.object({ ok: z.boolean(), db: z.enum(["pglite", "postgres"]), version: z.string() });

export const healthRoutes: FastifyPluginAsync<{ config: AppConfig; database: Database }> = async (
  app,
  opts,
) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/health",
      { schema: { response: { 200: healthSchema, 503: healthSchema } } },
      async (_request, reply) => {
        let ok = true;
        try {
          await opts.database.db.execute(sql`select 1`);
        } catch {
          ok = false;
        }
        return reply
          .status(ok ? 200 : 503)
          .send({ ok, db: opts.database.kind, version: opts.config.version });
      },
    );
};
