import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  devLoginRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  reportCountSchema,
  userSchema,
} from "#core/schemas/auth";
import type { AppConfig } from "../config";
import { NotFoundError } from "../errors";
import type { QuotaService } from "../quota/quota-service";
import { clearSessionCookie, quotaIdentity, setSessionCookie, userOf } from "./auth-plugin";
import type { GoogleVerifier } from "./google-verifier";
import type { SessionService, UpsertedUser } from "./session-service";

export interface AuthRoutesOptions {
  config: AppConfig;
  sessions: SessionService;
  google: GoogleVerifier;
  quota: QuotaService;
}

/** Spec §7 auth calls, plus the dev login of design.md. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { config, sessions } = opts;

  async function signIn(account: UpsertedUser, request: FastifyRequest, reply: FastifyReply) {
    // Rotate: a session that existed before sign-in is ended (session fixation).
    if (request.sessionToken) await sessions.destroy(request.sessionToken);
    const { token, expiresAt } = await sessions.create(account.id, request.headers["user-agent"]);
    setSessionCookie(reply, config, token, expiresAt);
    const user = await sessions.resolve(token);
    // firstSignIn: this sign-in created the account (the web app's "registration" event).
    return { ...user!, firstSignIn: account.created };
  }

  app.post(
    "/api/auth/login",
    {
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
      config: { auth: "public", rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const identity = await opts.google.verify(request.body.credential);
      return signIn(await sessions.upsertGoogleUser(identity), request, reply);
    },
  );

  if (config.devLogin) {
    app.post(
      "/api/auth/dev-login",
      {
        config: { auth: "public" },
        schema: { body: devLoginRequestSchema, response: { 200: loginResponseSchema } },
      },
      async (request, reply) => {
        return signIn(await sessions.upsertDevUser(request.body.email, request.body.name), request, reply);
      },
    );
  } else {
    app.post("/api/auth/dev-login", { config: { auth: "public" } }, async () => {
      throw new NotFoundError(
        "Dev login is disabled. Start the server with DEV_LOGIN=1 (never in production).",
      );
    });
  }

  app.get(
    "/api/auth/me",
    { config: { auth: "user" }, schema: { response: { 200: userSchema } } },
    async (request) => userOf(request),
  );

  app.post("/api/auth/logout", { config: { auth: "public" } }, async (request, reply) => {
    if (request.sessionToken) await sessions.destroy(request.sessionToken);
    clearSessionCookie(reply, config);
    return reply.type("text/plain; charset=utf-8").send("OK");
  });

  app.get(
    "/api/reports/count",
    { config: { auth: "public" }, schema: { response: { 200: reportCountSchema } } },
    async (request, reply) => {
      const status = await opts.quota.status(quotaIdentity(request, reply, config));
      reply.header("cache-control", "no-store");
      return { ...status, signedIn: Boolean(request.user) };
    },
  );
};
