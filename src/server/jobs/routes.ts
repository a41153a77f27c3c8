import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { stripAt } from "#core/handles";
import {
  autoRefreshRunRequestSchema,
  importJobQuerySchema,
  jobParamsSchema,
  jobsOverviewSchema,
  jobViewSchema,
  MAX_IMPORT_BYTES,
  refreshJobRequestSchema,
  seedJobRequestSchema,
} from "#core/schemas/jobs";
import { NotFoundError, TemporarilyUnavailableError, ValidationError } from "../errors";
import { withTimeout } from "../ops/metrics";
import type { Jobs } from "./index";

export interface JobRoutesOptions {
  jobs: Jobs;
}

const IMPORT_TYPES: Record<string, "csv" | "ndjson"> = {
  "text/csv": "csv",
  "application/x-ndjson": "ndjson",
  "application/ndjson": "ndjson",
  "application/jsonl": "ndjson",
};

/**
 * The admin's view of background work (`/api/admin/jobs…`): queue counts and recent jobs with their
 * progress, one job by id, and starting a refresh, an auto-refresh sweep, a sample seed or an import
 * (the file is the request body: text/csv or application/x-ndjson, 50 MB at most). Admins only,
 * checked before anything is read.
 */
/** How long an admin call waits for the job queue (Redis with BullMQ) before answering 503. */
export const QUEUE_CALL_TIMEOUT_MS = 3000;

/** A queue call that gives up instead of hanging while the queue's store is unreachable. */
function queueCall<T>(work: Promise<T>): Promise<T> {
  return withTimeout(work, QUEUE_CALL_TIMEOUT_MS).catch((err: Error) => {
    if (/no answer within/.test(err.message))
      throw new TemporarilyUnavailableError(
        "The job queue is not answering (is Redis reachable?). Please try again in a minute.",
      );
    throw err;
  });
}

export const jobRoutes: FastifyPluginAsync<JobRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { jobs } = opts;

  // Import files only here (encapsulated: the rest of the API still takes JSON alone). These types
  // are not CORS-simple, so a cross-site page cannot send them without a preflight.
  app.addContentTypeParser(
    Object.keys(IMPORT_TYPES),
    { parseAs: "buffer", bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    "/api/admin/jobs",
    { config: { auth: "admin" }, schema: { response: { 200: jobsOverviewSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return queueCall(jobs.overview());
    },
  );

  app.get(
    "/api/admin/jobs/:id",
    { config: { auth: "admin" }, schema: { params: jobParamsSchema, response: { 200: jobViewSchema } } },
    async (request, reply) => {
      const job = await queueCall(jobs.get(request.params.id));
      if (!job) throw new NotFoundError(`No job ${request.params.id} (finished jobs are kept for 7 days).`);
      reply.header("cache-control", "no-store");
      return job;
    },
  );

  app.post(
    "/api/admin/jobs/refresh",
    {
      config: { auth: "admin" },
      schema: { body: refreshJobRequestSchema, response: { 202: jobViewSchema } },
    },
    async (request, reply) => {
      const username = stripAt(request.body.username);
      if (!username) throw new ValidationError("Username is required", "username");
      reply.code(202);
      return queueCall(jobs.enqueueRefresh(request.body.platform, username, "admin"));
    },
  );

  app.post(
    "/api/admin/jobs/auto-refresh",
    {
      config: { auth: "admin" },
      schema: { body: autoRefreshRunRequestSchema.optional(), response: { 202: jobViewSchema } },
    },
    async (request, reply) => {
      reply.code(202);
      return queueCall(jobs.runSweep(request.body?.mode));
    },
  );

  app.post(
    "/api/admin/jobs/seed",
    { config: { auth: "admin" }, schema: { body: seedJobRequestSchema, response: { 202: jobViewSchema } } },
    async (request, reply) => {
      reply.code(202);
      return queueCall(jobs.enqueueSeed(request.body.count));
    },
  );

  app.post(
    "/api/admin/jobs/import",
    {
      config: { auth: "admin" },
      bodyLimit: MAX_IMPORT_BYTES,
      schema: { querystring: importJobQuerySchema, response: { 202: jobViewSchema } },
    },
    async (request, reply) => {
      const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      const format = IMPORT_TYPES[type];
      if (!format || !Buffer.isBuffer(request.body))
        throw new ValidationError(
          "Send the file as the request body with Content-Type text/csv or application/x-ndjson.",
          "content-type",
        );
      if (request.body.length === 0) throw new ValidationError("The file is empty.", "body");
      const fileName = request.query.name || (format === "csv" ? "upload.csv" : "upload.ndjson");
      reply.code(202);
      return jobs.enqueueImport({ fileName, format, content: request.body });
    },
  );
};
