import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { stripAt } from "#core/handles";
import { accountSchema } from "#core/schemas/account";
import { analyzeRequestSchema } from "#core/schemas/input";
import { platformSchema } from "#core/schemas/platform";
import {
  accountParamsSchema,
  accountQuerySchema,
  listAccountsQuerySchema,
  refreshBodySchema,
} from "#core/schemas/reports-api";
import { isSameSiteRequest, quotaIdentity, requireUser } from "../auth/auth-plugin";
import type { AppConfig } from "../config";
import { ValidationError } from "../errors";
import { abortOnClose, openEventStream } from "../http/sse";
import type { BodyCacheEntry } from "../shared/body-cache";
import { readerOf } from "../workspaces/acting";
import type { AccountRepo } from "./account-repo";
import type { ReportService } from "./report-service";
import { type AccountView, type ReportStore, toAccountView } from "./report-store";
import type { SuppliedReportRepo } from "./supplied-repo";
import { reportForReader, withCapturerName } from "./supplied-view";

export interface ReportRoutesOptions {
  config: AppConfig;
  reports: ReportService;
  repo: AccountRepo;
  /** Stored reports as the API sends them; saving one (in the report service) clears its cached body. */
  store: ReportStore;
  /** Reports made from data a user supplied, which only that user reads (Trust III, #33). */
  supplied: SuppliedReportRepo;
  /** A stored report was opened (the "refresh on viewing" auto-refresh setting). */
  onView?: (entry: BodyCacheEntry) => void;
}

/** Response header of POST /api/analyze: "1" when the answer spent a daily unit, "0" when it did not. */
export const QUOTA_SPENT_HEADER = "x-quota-spent";

/** Serialises the account through its schema (conventions §9: no stored field leaks). */
function present(view: AccountView) {
  return accountSchema.parse(view);
}

/**
 * The stored-report answer of GET /api/accounts/:username and GET /api/v1/accounts/:platform/:username:
 * the serialised body with its ETag, or 304 when the client holds that version.
 */
/** The reader's own capture (Trust III, #33, see supplied-view.ts): never cached, never shared. */
export function sendPrivateReport(reply: FastifyReply, body: string) {
  reply.header("cache-control", "private, no-store");
  return reply.type("application/json; charset=utf-8").send(body);
}

export function sendStoredReport(request: FastifyRequest, reply: FastifyReply, entry: BodyCacheEntry) {
  reply.header("etag", entry.etag);
  reply.header("cache-control", "private, max-age=60");
  if (request.headers["if-none-match"] === entry.etag) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(entry.body);
}

/** Spec §7 report calls, the SSE stream of design.md, and the admin refresh. */
export const reportRoutes: FastifyPluginAsync<ReportRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { config, reports, repo, store } = opts;

  const who = (request: FastifyRequest, reply: FastifyReply) => ({
    identity: quotaIdentity(request, reply, config),
    userId: request.user?.id,
  });

  app.post(
    "/api/analyze",
    { config: { auth: "public" }, schema: { body: analyzeRequestSchema, response: { 200: accountSchema } } },
    async (request, reply) => {
      let spent = false;
      const view = await reports.analyze(request.body, who(request, reply), {
        signal: abortOnClose(reply),
        onQuota: (q) => {
          spent = q.spent;
        },
      });
      reply.header("cache-control", "no-store");
      // Whether this answer spent one of the caller's daily units (0: a stored report, served free).
      reply.header(QUOTA_SPENT_HEADER, spent ? "1" : "0");
      return present(view);
    },
  );

  app.get(
    "/api/analyze/stream",
    // No implicit HEAD twin: a HEAD would run (and charge) a whole analysis with nothing to show.
    { exposeHeadRoute: false, config: { auth: "public" }, schema: { querystring: analyzeRequestSchema } },
    async (request, reply) => {
      const identity = who(request, reply);
      const stream = openEventStream(request, reply);
      try {
        let spent = false;
        const view = await reports.analyze(request.query, identity, {
          signal: stream.signal,
          onStage: (stage, detail) => stream.send("stage", { stage, ...(detail ? { detail } : {}) }),
          onQuota: (q) => {
            spent = q.spent;
          },
        });
        // Before "done": whether this answer spent one of the caller's daily units.
        stream.send("quota", { spent });
        stream.send("done", present(view));
      } catch (err) {
        stream.fail(err);
      } finally {
        stream.close();
      }
    },
  );

  app.get(
    "/api/accounts",
    {
      // Public; scope=history needs a user (requireUser below: the rule depends on the input).
      config: { auth: "public" },
      schema: { querystring: listAccountsQuerySchema, response: { 200: z.array(accountSchema) } },
    },
    async (request, reply) => {
      const q = request.query;
      if (q.scope === "history") {
        const user = requireUser(request);
        const rows = await repo.listReports({ ...q, userId: user.id });
        reply.header("cache-control", "private, no-store");
        return rows.map((r) => present(toAccountView(r)));
      }
      const rows = await repo.listReports({
        limit: q.limit,
        q: q.q,
        grade: q.grade,
        market: q.market,
        sort: q.sort,
      });
      reply.header("cache-control", "private, max-age=60");
      return rows.map((r) => present(toAccountView(r)));
    },
  );

  app.get(
    "/api/accounts/:username",
    {
      config: { auth: "public" },
      schema: {
        params: accountParamsSchema,
        querystring: accountQuerySchema,
        response: { 200: accountSchema },
      },
    },
    async (request, reply) => {
      const username = stripAt(request.params.username);
      // Trust III in a workspace (issue #37): the reader sees their acting workspace's captures.
      const reader = await readerOf(request);
      const found = await reportForReader(
        { store, supplied: opts.supplied },
        reader,
        request.query.platform,
        username,
      );
      if (found.shows === "supplied") return sendPrivateReport(reply, found.body);
      const entry = found.entry;
      opts.onView?.(entry);
      // Reading is safe; the history entry is a write, so a cross-site page (or a navigation it
      // starts, which carries the Lax cookie) must not add to the user's "Recently viewed".
      if (isSameSiteRequest(request) && request.headers["sec-fetch-mode"] !== "navigate")
        await store.recordView(request.user?.id, entry.accountId);
      // Trust III (#33, item 8): an admin is told who made a public capture; the cached body never is.
      if (request.user?.isAdmin) {
        const named = await withCapturerName(opts.supplied, entry);
        if (named) return sendPrivateReport(reply, named);
      }
      return sendStoredReport(request, reply, entry);
    },
  );

  app.post(
    "/api/accounts/:username/refresh",
    {
      config: { auth: "admin" },
      schema: { params: accountParamsSchema, body: refreshBodySchema, response: { 200: accountSchema } },
    },
    async (request) => {
      const parsed = platformSchema.safeParse(request.body.platform);
      if (!parsed.success) throw new ValidationError("Please select a platform", "platform");
      const view = await reports.refresh(parsed.data, request.params.username);
      return present(view);
    },
  );
};
