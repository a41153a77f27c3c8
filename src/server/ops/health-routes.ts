import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppConfig } from "../config";
import type { Database } from "../db/database";

const healthSchema = z.object({ ok: z.boolean(), db: z.enum(["pglite", "postgres"]), version: z.string() });
const readySchema = z.object({
  ok: z.boolean(),
  db: z.object({ kind: z.enum(["pglite", "postgres"]), ok: z.boolean() }),
  redis: z.object({ configured: z.boolean(), ok: z.boolean() }),
});

export interface HealthOptions {
  config: AppConfig;
  database: Database;
  /** Pings Redis when configured (resolves true when it answers). */
  redisPing?: () => Promise<boolean>;
}

/** Liveness (`/api/health`) and readiness (`/api/ready`: the database and Redis answer). */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const dbOk = () =>
    opts.database.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );

  app.get(
    "/api/health",
    { config: { auth: "public" }, schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const ok = await dbOk();
      return reply.status(ok ? 200 : 503).send({ ok, db: opts.database.kind, version: opts.config.version });
    },
  );

  app.get(
    "/api/ready",
    { config: { auth: "public" }, schema: { response: { 200: readySchema, 503: readySchema } } },
    async (_request, reply) => {
      const db = await dbOk();
      const redis = opts.redisPing
        ? await Promise.race([
            opts.redisPing().catch(() => false),
            new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000).unref()),
          ])
        : false;
      const ok = db && (!opts.redisPing || redis);
      return reply.status(ok ? 200 : 503).send({
        ok,
        db: { kind: opts.database.kind, ok: db },
        redis: { configured: Boolean(opts.redisPing), ok: redis },
      });
    },
  );
};
