import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { stripAt } from "#core/handles";
import { accountSchema } from "#core/schemas/account";
import { v1AccountParamsSchema, v1AnalyzeRequestSchema } from "#core/schemas/api-v1";
import { profileSnapshotSchema } from "#core/schemas/snapshot";
import { API_EXAMPLES } from "../api-v1/examples";
import {
  err,
  keyDataOwner,
  keyOwnerOf,
  SNAPSHOT_BODY_LIMIT,
  v1Errors,
  v1RouteConfig,
  v1Security,
} from "../api-v1/v1-kit";
import type { AppConfig } from "../config";
import { TimeBudgetError } from "../errors";
import { abortOnClose } from "../http/sse";
import type { BodyCacheEntry } from "../shared/body-cache";
import { actingEditor } from "../workspaces/acting";
import type { CaptureService } from "./capture-service";
import type { ReportService } from "./report-service";
import type { ReportStore } from "./report-store";
import { sendPrivateReport, sendStoredReport } from "./routes";
import type { SuppliedReportRepo } from "./supplied-repo";
import { reportForReader } from "./supplied-view";

export interface ReportV1RoutesOptions {
  config: AppConfig;
  reports: ReportService;
  store: ReportStore;
  /** Browser captures (Trust III, #33): a non-admin's stays private to them. */
  captures: CaptureService;
  /** Reports made from data a user supplied, which only that user reads. */
  supplied: SuppliedReportRepo;
  /** A stored report was opened (the "refresh on viewing" auto-refresh setting). */
  onView?: (entry: BodyCacheEntry) => void;
}

/**
 * The reports capability's /api/v1 routes (issue #23; docs/decisions/032): analyse and read a
 * stored report with an API key, answered by the same report service and store as the cookie
 * routes. Registered inside api-v1/plugin.ts, whose hook checks the bearer key.
 */
export const reportV1Routes: FastifyPluginAsync<ReportV1RoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { config, reports, store } = opts;
  const route = v1RouteConfig(config);

  app.post(
    "/api/v1/analyze",
    {
      config: route("analyze"),
      schema: {
        tags: ["v1"],
        summary: "Analyse an account (one unit of the key owner's daily quota)",
        description:
          "Fetches the account, runs the analysis and stores the report, or answers with the stored report while it is fresh (as the web app does). Scope: `analyze`.",
        security: v1Security,
        body: v1AnalyzeRequestSchema,
        response: {
          200: accountSchema.meta({ example: API_EXAMPLES.account, description: "The report" }),
          ...v1Errors(),
          404: err(404),
          503: err(503),
          504: err(504),
        },
      },
    },
    async (request, reply) => {
      // Synchronous within a time budget (issue #23 §5): past it the analysis is stopped, stores
      // nothing and gives the quota unit back.
      const budget = AbortSignal.timeout(config.apiTimeBudgetMs);
      const view = await reports
        .analyze(request.body, keyOwnerOf(request), {
          signal: AbortSignal.any([abortOnClose(reply), budget]),
        })
        .catch((err: unknown) => {
          if (!budget.aborted) throw err;
          throw new TimeBudgetError(
            `The analysis of @${request.body.username} took longer than ${Math.round(config.apiTimeBudgetMs / 1000)} seconds, this API's time budget, and was stopped; no quota unit was spent. Try again later, or read the stored report with GET /api/v1/accounts/${request.body.platform}/{username}.`,
          );
        });
      reply.header("cache-control", "no-store");
      return accountSchema.parse(view);
    },
  );

  app.get(
    "/api/v1/accounts/:platform/:username",
    {
      config: route("read"),
      schema: {
        tags: ["v1"],
        summary: "The stored report of an account",
        description:
          "The newest stored report, as the web app shows it; 404 when the account was never analysed. Scope: `read`.",
        security: v1Security,
        params: v1AccountParamsSchema,
        response: {
          200: accountSchema.meta({ example: API_EXAMPLES.account, description: "The report" }),
          ...v1Errors(),
          404: err(404),
        },
      },
    },
    async (request, reply) => {
      const found = await reportForReader(
        { store, supplied: opts.supplied },
        keyDataOwner(request),
        request.params.platform,
        stripAt(request.params.username),
      );
      if (found.shows === "supplied") return sendPrivateReport(reply, found.body);
      const entry = found.entry;
      opts.onView?.(entry);
      return sendStoredReport(request, reply, entry);
    },
  );
};

/**
 * POST /api/v1/snapshots (issue #23): a report made from a profile snapshot captured in the
 * browser, by the report service's one pipeline. Registered after the discovery routes so the
 * OpenAPI document keeps its order.
 */
export const captureV1Routes: FastifyPluginAsync<ReportV1RoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const route = v1RouteConfig(opts.config);

  app.post(
    "/api/v1/snapshots",
    {
      config: route("capture"),
      bodyLimit: SNAPSHOT_BODY_LIMIT,
      schema: {
        tags: ["v1"],
        summary: "Make a report from a profile snapshot captured in the browser",
        description:
          "The body is a ProfileSnapshot (the shape every collector produces); `username` follows the analyser's handle rules and `fetchedAt` may not be more than 5 minutes ahead of the server (the report carries the time the capture arrived). The report (source `capture`) is visible only to the key owner (`privateTo: \"you\"`) until a live source or an admin confirms the account; an admin's capture becomes the public report. One unit of the key owner's daily quota, given back only when the report cannot be made. A bad snapshot gets 400 naming the field (e.g. `posts.3.likes`). Scope: `capture`.",
        security: v1Security,
        body: profileSnapshotSchema.meta({ example: API_EXAMPLES.snapshot }),
        response: {
          200: accountSchema.meta({
            example: API_EXAMPLES.capturedAccount,
            description: "The report made from the capture",
          }),
          ...v1Errors(),
        },
      },
    },
    async (request, reply) => {
      // A key whose maker is now a viewer of its workspace reads, never captures (issue #37).
      await actingEditor(request);
      const owner = request.apiKey!;
      const admins = new Set(opts.config.adminEmails.map((e) => e.toLowerCase()));
      const view = await opts.captures.capture(
        request.body,
        {
          identity: keyOwnerOf(request).identity,
          owner: keyDataOwner(request),
          // A key owner who is an admin confirms the accounts they capture (Trust III, #33).
          isAdmin: admins.has(owner.email.toLowerCase()),
          displayName: owner.name || owner.email,
        },
        { signal: abortOnClose(reply) },
      );
      reply.header("cache-control", "no-store");
      return accountSchema.parse(view);
    },
  );
};
