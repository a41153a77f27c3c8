import crypto from "node:crypto";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "./config";
import type { Database } from "./db/database";
import { registerErrorHandler } from "./http/error-handler";
import { registerWebApp } from "./http/static-web";
import { healthRoutes } from "./routes/health";

export interface AppDeps {
  database: Database;
  /** Folder of the built web app (default dist/web). */
  webRoot?: string;
  /** Fastify logger option; tests pass false. */
  logger?: FastifyServerOptions["logger"];
  now?: () => Date;
}

export const DEFAULT_WEB_ROOT = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  "../../dist/web",
);

/** Builds the HTTP app without listening (conventions §2): tests use app.inject(). */
export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: {
        paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
        remove: true,
      },
    },
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Behind one reverse proxy in production: trust exactly one hop for the client address.
    trustProxy: config.isProduction ? (_address: string, hop: number) => hop === 0 : false,
    return503OnClosing: true,
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  registerErrorHandler(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "https://accounts.google.com/gsi/client"],
        frameSrc: ["'self'", "https://accounts.google.com/gsi/"],
        connectSrc: ["'self'", "https://accounts.google.com/gsi/"],
        styleSrc: ["'self'", "'unsafe-inline'", "https://accounts.google.com/gsi/style"],
        imgSrc: ["'self'", "data:", "https:"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
  await app.register(fastifyCookie, { secret: config.sessionSecret });

  await app.register(healthRoutes, { config, database: deps.database });
  await registerWebApp(app, deps.webRoot ?? DEFAULT_WEB_ROOT);
  return app;
}
