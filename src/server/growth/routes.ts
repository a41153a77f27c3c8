import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  alertRuleCreatedSchema,
  alertRuleCreateSchema,
  growthImportResponseSchema,
  growthParamsSchema,
  growthQuerySchema,
  growthResponseSchema,
  notificationListSchema,
  notificationReadSchema,
  watchlistAccountParamsSchema,
  watchlistAddAccountSchema,
  watchlistCreateSchema,
  watchlistDetailSchema,
  watchlistListSchema,
  watchlistParamsSchema,
  watchlistRuleParamsSchema,
  watchlistSchema,
} from "#core/schemas/growth";
import { userOf } from "../auth/auth-plugin";
import { actingEditor, actingWorkspace, audit, readerOf } from "../workspaces/acting";
import type { GrowthService } from "./growth-service";
import type { WatchlistService } from "./watchlist-service";

const watchedRefSchema = z.object({ platform: z.string(), username: z.string() });
const confirmQuerySchema = z.object({
  token: z
    .string({ error: "token is required" })
    .max(100, { error: "token must be at most 100 characters" })
    .regex(/^[A-Za-z0-9_-]+$/, { error: "token is not a confirmation link token" }),
});
const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** History CSV uploads: 1 MB at most (5,000 rows fit in far less). */
export const MAX_HISTORY_BYTES = 1_000_000;

export interface GrowthRoutesOptions {
  growth: GrowthService;
  watchlists: WatchlistService;
}

/**
 * Growth over time, watchlists, alert rules and notifications (issue #21). The services and the
 * alert poller are built in deps.ts; these are their routes.
 */
export const growthRoutes: FastifyPluginAsync<GrowthRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { growth, watchlists } = opts;
  const noStore = { "cache-control": "no-store" };

  // History uploads only here (encapsulated): text/csv is not CORS-simple, so a cross-site page
  // cannot send it without a preflight.
  app.addContentTypeParser(
    ["text/csv"],
    { parseAs: "string", bodyLimit: MAX_HISTORY_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    "/api/accounts/:username/growth",
    {
      config: { auth: "public" },
      schema: {
        params: growthParamsSchema,
        querystring: growthQuerySchema,
        response: { 200: growthResponseSchema },
      },
    },
    async (request, reply) => {
      // A signed-in reader also sees their workspace's imported points: that answer is theirs alone.
      const reader = await readerOf(request);
      if (reader) reply.header("cache-control", "private, no-store");
      return growth.growth(request.query.platform, request.params.username, reader);
    },
  );

  app.post(
    "/api/accounts/:username/growth/import",
    {
      config: { auth: { role: "user", anonymous: "Sign in to import an account's history." } },
      schema: {
        params: growthParamsSchema,
        querystring: growthQuerySchema,
        body: z.string({ error: "file: send the CSV as the body with content-type text/csv" }),
        response: { 200: growthImportResponseSchema },
      },
    },
    async (request) => {
      const user = userOf(request);
      const acting = await actingEditor(request);
      const done = await growth.importCsv(
        request.query.platform,
        request.params.username,
        request.body,
        user,
        acting,
      );
      await audit(
        request,
        acting,
        "import.growth",
        `${request.query.platform}:${request.params.username}`,
        done,
      );
      return done;
    },
  );

  // Watchlists: signed-in users only, each user sees only their own lists.
  const watchlistUser = { auth: { role: "user", anonymous: "Sign in to keep watchlists." } } as const;
  app.register(async (scoped) => {
    const r = scoped.withTypeProvider<ZodTypeProvider>();

    r.get(
      "/api/watchlists",
      { config: watchlistUser, schema: { response: { 200: watchlistListSchema } } },
      async (request, reply) => {
        reply.headers(noStore);
        return { watchlists: await watchlists.list(await actingWorkspace(request)) };
      },
    );

    r.post(
      "/api/watchlists",
      { config: watchlistUser, schema: { body: watchlistCreateSchema, response: { 201: watchlistSchema } } },
      async (request, reply) => {
        const acting = await actingEditor(request);
        const made = await watchlists.create(acting, request.body);
        await audit(request, acting, "watchlist.create", `watchlist:${made.id}`, { name: made.name });
        reply.code(201);
        return made;
      },
    );

    r.get(
      "/api/watchlists/:id",
      {
        config: watchlistUser,
        schema: { params: watchlistParamsSchema, response: { 200: watchlistDetailSchema } },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return watchlists.detail(await actingWorkspace(request), request.params.id);
      },
    );

    r.delete(
      "/api/watchlists/:id",
      { config: watchlistUser, schema: { params: watchlistParamsSchema } },
      async (request, reply) => {
        const acting = await actingEditor(request);
        await watchlists.remove(acting, request.params.id);
        await audit(request, acting, "watchlist.delete", `watchlist:${request.params.id}`);
        return reply.code(204).send();
      },
    );

    r.post(
      "/api/watchlists/:id/accounts",
      {
        config: watchlistUser,
        schema: {
          params: watchlistParamsSchema,
          body: watchlistAddAccountSchema,
          response: { 201: watchedRefSchema },
        },
      },
      async (request, reply) => {
        const { platform, username } = request.body;
        const acting = await actingEditor(request);
        const added = await watchlists.addAccount(acting, request.params.id, platform, username);
        await audit(request, acting, "watchlist.accounts.add", `watchlist:${request.params.id}`, added);
        reply.code(201);
        return added;
      },
    );

    r.delete(
      "/api/watchlists/:id/accounts/:platform/:username",
      { config: watchlistUser, schema: { params: watchlistAccountParamsSchema } },
      async (request, reply) => {
        const p = request.params;
        const acting = await actingEditor(request);
        await watchlists.removeAccount(acting, p.id, p.platform, p.username);
        await audit(request, acting, "watchlist.accounts.remove", `watchlist:${p.id}`, {
          platform: p.platform,
          username: p.username,
        });
        return reply.code(204).send();
      },
    );

    r.post(
      "/api/watchlists/:id/alerts",
      {
        config: watchlistUser,
        schema: {
          params: watchlistParamsSchema,
          body: alertRuleCreateSchema,
          response: { 201: alertRuleCreatedSchema },
        },
      },
      async (request, reply) => {
        const acting = await actingEditor(request);
        const rule = await watchlists.addRule(acting, request.params.id, request.body);
        await audit(request, acting, "alert.create", `watchlist:${request.params.id}`, {
          ruleId: rule.id,
          kind: request.body.kind,
          channel: request.body.channel.type,
        });
        reply.code(201);
        reply.headers(noStore);
        return rule;
      },
    );

    // The link in an address-confirmation mail (issue #33): the token is the credential, so no
    // session is needed (the mail may be opened on another device). Answers a short page.
    r.get(
      "/api/alerts/email/confirm",
      { config: { auth: "public" }, schema: { hide: true, querystring: confirmQuerySchema } },
      async (request, reply) => {
        const done = await watchlists.confirmEmail(request.query.token);
        reply
          .headers({ ...noStore, "x-robots-tag": "noindex", "referrer-policy": "no-referrer" })
          .type("text/html; charset=utf-8")
          .code(done ? 200 : 400);
        const text = done
          ? `${escapeHtml(done.email)} is confirmed. Add the e-mail alert to your watchlist again and its alerts will go to this address.`
          : "This confirmation link is unknown, already used or older than 24 hours. Add the e-mail alert again to get a new one.";
        return `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${done ? "Address confirmed" : "Link not valid"}</title><p>${text}</p><p><a href="/watchlists">Your watchlists</a></p>`;
      },
    );

    r.delete(
      "/api/watchlists/:id/alerts/:ruleId",
      { config: watchlistUser, schema: { params: watchlistRuleParamsSchema } },
      async (request, reply) => {
        const acting = await actingEditor(request);
        await watchlists.removeRule(acting, request.params.id, request.params.ruleId);
        await audit(request, acting, "alert.delete", `watchlist:${request.params.id}`, {
          ruleId: request.params.ruleId,
        });
        return reply.code(204).send();
      },
    );

    r.get(
      "/api/notifications",
      { config: watchlistUser, schema: { response: { 200: notificationListSchema } } },
      async (request, reply) => {
        reply.headers(noStore);
        return watchlists.notifications(userOf(request).id);
      },
    );

    r.post(
      "/api/notifications/read",
      {
        config: watchlistUser,
        schema: { body: notificationReadSchema, response: { 200: notificationListSchema } },
      },
      async (request) => {
        const userId = userOf(request).id;
        await watchlists.markRead(userId, request.body.ids);
        return watchlists.notifications(userId);
      },
    );
  });
};
