import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { compareQuerySchema, compareResponseSchema, parseCompareAccounts } from "#core/schemas/compare";
import {
  addListItemSchema,
  createdListSchema,
  createdShareSchema,
  createListSchema,
  createShareSchema,
  exportQuerySchema,
  listDetailSchema,
  listIdParamsSchema,
  listItemParamsSchema,
  listItemSchema,
  listSummarySchema,
  sharedListSchema,
  shareIdParamsSchema,
  shareParamsSchema,
  shareSummarySchema,
  shareTokenParamsSchema,
  updateListItemSchema,
} from "#core/schemas/lists";
import type { AppConfig } from "../config";
import { ValidationError } from "../errors";
import { actingEditor, actingWorkspace, audit, readerOf } from "../workspaces/acting";
import { createLogoLoader } from "./brand-logo";
import type { CompareService } from "./compare-service";
import { exportFileName, renderExport } from "./exports";
import { compareExportTable, type ListsService, listExportTable } from "./lists-service";

export interface AgencyRoutesOptions {
  config: AppConfig;
  /** services.ts */
  lists: ListsService;
  compare: CompareService;
  now: () => Date;
  /** Share-link reads per minute per address (default 30). */
  sharedPerMinute?: number;
}

const SIGN_IN = "Sign in to use lists.";
/** The owner routes: 401 with SIGN_IN when signed out (checked in onRequest, auth-plugin.ts). */
const signedIn = { auth: { role: "user", anonymous: SIGN_IN } } as const;
const okSchema = z.object({ ok: z.literal(true) });

/**
 * Issue 22, the agency workflow: /api/lists… (signed-in owners only; another user's list is a 404),
 * /api/compare (stored reports, no quota unit), exports, and /api/shared/lists/:token (no sign-in,
 * read-only, rate limited). docs/decisions/017-agency-lists-exports-sharing.md.
 */
export const agencyRoutes: FastifyPluginAsync<AgencyRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { config, now, lists, compare } = opts;
  const logo = createLogoLoader({ url: config.brandLogoUrl, warn: (m) => app.log.warn(m) });
  const privateNoStore = (reply: FastifyReply) => reply.header("cache-control", "private, no-store");

  async function sendExport(
    reply: FastifyReply,
    table: Parameters<typeof renderExport>[0],
    format: Parameters<typeof renderExport>[1],
  ) {
    const file = await renderExport(table, format);
    privateNoStore(reply);
    reply.header(
      "content-disposition",
      `attachment; filename="${exportFileName(table.title, table.generatedAt, file.extension)}"`,
    );
    reply.header("x-content-type-options", "nosniff");
    return reply.type(file.contentType).send(file.body);
  }

  // Rendering a PDF costs real CPU: exports get a tenth of the general per-address limit (at least 30/min).
  const exportLimit = {
    rateLimit: { max: Math.max(30, Math.floor(config.rateLimitPerMinute / 10)), timeWindow: "1 minute" },
  };

  const exportBase = async () => ({
    brandName: config.brandName,
    generatedAt: now(),
    logo: await logo.get(),
  });

  app.get(
    "/api/lists",
    { config: signedIn, schema: { response: { 200: z.array(listSummarySchema) } } },
    async (request, reply) => {
      const acting = await actingWorkspace(request);
      privateNoStore(reply);
      return lists.all(acting.workspaceId);
    },
  );

  app.post(
    "/api/lists",
    { config: signedIn, schema: { body: createListSchema, response: { 201: createdListSchema } } },
    async (request, reply) => {
      const acting = await actingEditor(request);
      const created = await lists.create(acting, request.body.name);
      await audit(request, acting, "list.create", `list:${created.id}`, { name: created.name });
      return reply.code(201).send(created);
    },
  );

  app.get(
    "/api/lists/:id",
    { config: signedIn, schema: { params: listIdParamsSchema, response: { 200: listDetailSchema } } },
    async (request, reply) => {
      const acting = await actingWorkspace(request);
      privateNoStore(reply);
      return lists.detail(request.params.id, acting.workspaceId);
    },
  );

  app.delete(
    "/api/lists/:id",
    { config: signedIn, schema: { params: listIdParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      const acting = await actingEditor(request);
      await lists.remove(request.params.id, acting.workspaceId);
      await audit(request, acting, "list.delete", `list:${request.params.id}`);
      return { ok: true as const };
    },
  );

  app.post(
    "/api/lists/:id/items",
    {
      config: signedIn,
      schema: { params: listIdParamsSchema, body: addListItemSchema, response: { 201: listItemSchema } },
    },
    async (request, reply) => {
      const acting = await actingEditor(request);
      const item = await lists.addItem(request.params.id, acting.workspaceId, request.body);
      await audit(request, acting, "list.items.add", `list:${request.params.id}`, {
        platform: item.platform,
        username: item.username,
      });
      return reply.code(201).send(item);
    },
  );

  app.patch(
    "/api/lists/:id/items/:itemId",
    {
      config: signedIn,
      schema: { params: listItemParamsSchema, body: updateListItemSchema, response: { 200: listItemSchema } },
    },
    async (request) => {
      const acting = await actingEditor(request);
      const item = await lists.updateItem(
        request.params.id,
        acting.workspaceId,
        request.params.itemId,
        request.body,
      );
      await audit(request, acting, "list.items.update", `list:${request.params.id}`, {
        username: item.username,
        ...request.body,
      });
      return item;
    },
  );

  app.delete(
    "/api/lists/:id/items/:itemId",
    { config: signedIn, schema: { params: listItemParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      const acting = await actingEditor(request);
      await lists.removeItem(request.params.id, acting.workspaceId, request.params.itemId);
      await audit(request, acting, "list.items.remove", `list:${request.params.id}`, {
        itemId: request.params.itemId,
      });
      return { ok: true as const };
    },
  );

  app.get(
    "/api/lists/:id/export",
    {
      schema: { params: listIdParamsSchema, querystring: exportQuerySchema },
      config: { ...exportLimit, ...signedIn },
    },
    async (request, reply) => {
      const acting = await actingWorkspace(request);
      const list = await lists.detail(request.params.id, acting.workspaceId);
      await audit(request, acting, "list.export", `list:${list.id}`, { format: request.query.format });
      return sendExport(reply, listExportTable(list, await exportBase()), request.query.format);
    },
  );

  app.post(
    "/api/lists/:id/share",
    {
      config: signedIn,
      schema: { params: listIdParamsSchema, body: createShareSchema, response: { 201: createdShareSchema } },
    },
    async (request, reply) => {
      const acting = await actingEditor(request);
      const share = await lists.share(request.params.id, acting.workspaceId, request.body);
      await audit(request, acting, "list.share", `list:${request.params.id}`, {
        shareId: share.id,
        includeNotes: share.includeNotes,
        expiresAt: share.expiresAt,
      });
      privateNoStore(reply);
      return reply.code(201).send(share);
    },
  );

  app.get(
    "/api/lists/:id/shares",
    {
      config: signedIn,
      schema: { params: listIdParamsSchema, response: { 200: z.array(shareSummarySchema) } },
    },
    async (request, reply) => {
      const acting = await actingWorkspace(request);
      privateNoStore(reply);
      return lists.shares(request.params.id, acting.workspaceId);
    },
  );

  app.delete(
    "/api/lists/:id/share/:token",
    { config: signedIn, schema: { params: shareParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      const acting = await actingEditor(request);
      await lists.revoke(request.params.id, acting.workspaceId, { token: request.params.token });
      await audit(request, acting, "list.share.revoke", `list:${request.params.id}`);
      return { ok: true as const };
    },
  );

  app.delete(
    "/api/lists/:id/shares/:shareId",
    { config: signedIn, schema: { params: shareIdParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      const acting = await actingEditor(request);
      await lists.revoke(request.params.id, acting.workspaceId, { id: request.params.shareId });
      await audit(request, acting, "list.share.revoke", `list:${request.params.id}`, {
        shareId: request.params.shareId,
      });
      return { ok: true as const };
    },
  );

  app.get(
    "/api/shared/lists/:token",
    {
      schema: { params: shareTokenParamsSchema, response: { 200: sharedListSchema } },
      // Guessing is hopeless at 256 bits; the limit keeps anyone from trying at scale anyway.
      config: { auth: "public", rateLimit: { max: opts.sharedPerMinute ?? 30, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      reply.header("x-robots-tag", "noindex");
      return lists.shared(request.params.token, {
        name: config.brandName,
        logoUrl: config.brandLogoUrl ?? null,
      });
    },
  );

  // Trust III (#33): a signed-in reader compares their workspace's captures; anyone else the public reports.

  const targetsOf = (accounts: string) => {
    const parsed = parseCompareAccounts(accounts);
    if ("error" in parsed) throw new ValidationError(parsed.error, "accounts");
    return parsed.targets;
  };

  app.get(
    "/api/compare",
    {
      config: { auth: "public" },
      schema: { querystring: compareQuerySchema, response: { 200: compareResponseSchema } },
    },
    async (request, reply) => {
      // Not cached by the browser: analysing a missing creator must show up on the next read.
      privateNoStore(reply);
      return compare.compare(targetsOf(request.query.accounts), await readerOf(request));
    },
  );

  app.get(
    "/api/compare/export",
    {
      schema: { querystring: compareQuerySchema.extend(exportQuerySchema.shape) },
      config: { auth: "public", ...exportLimit },
    },
    async (request, reply) => {
      const result = await compare.compare(targetsOf(request.query.accounts), await readerOf(request));
      return sendExport(reply, compareExportTable(result, await exportBase()), request.query.format);
    },
  );
};
