import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import type { ErrorBody } from "#core/schemas/errors";
import { AppError, TemporarilyUnavailableError, ValidationError } from "../errors";

function fieldMessage(field: string, message: string): string {
  if (!field) return message;
  const bare = field.split(".").pop() ?? field;
  const escaped = bare.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`\\b${escaped}\\b`, "i").test(message) ? message : `${field}: ${message}`;
}

const INTERNAL: ErrorBody = {
  message: "Something went wrong on our side. Please try again.",
  code: "INTERNAL",
};

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
  /** How to log it: client errors are not logged as errors. */
  log?: "warn" | "error";
}

/** The API's body limit (app.ts); routes that take files set their own (imports: 50 MB). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** 65536 → "64 KB", 52428800 → "50 MB". */
export function formatByteLimit(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** PostgreSQL error codes (and driver/socket codes) that mean the database cannot be reached now. */
const DB_UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
/** Text a database refuses because of its characters (NUL, bad encoding): the client's input. */
const DB_BAD_TEXT = new Set(["22021", "22P05"]);
const DB_GONE_MESSAGE =
  /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error|database system is (?:shutting down|starting up)|PGlite is closed/i;

/**
 * Database failures that are not bugs, found anywhere on the cause chain (drizzle wraps the driver's
 * error): an outage is a 503 with Retry-After, text the database cannot store is the client's 400.
 */
export function classifyDatabaseError(error: unknown): AppError | null {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    const message = (e as { message?: unknown }).message;
    if (typeof code === "string" && DB_BAD_TEXT.has(code))
      return new ValidationError("The request contains characters that cannot be stored (such as NUL).");
    if (
      (typeof code === "string" && DB_UNAVAILABLE.has(code)) ||
      (typeof message === "string" && DB_GONE_MESSAGE.test(message))
    )
      return new TemporarilyUnavailableError(
        "The service is temporarily unavailable. Please try again in a minute.",
      );
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** The one mapping from any error to an HTTP status and the spec §8 body (used by routes and SSE). */
export function toErrorResponse(error: unknown, context: { bodyLimit?: number } = {}): ErrorResponse {
  if (!(error instanceof AppError)) {
    const classified = classifyDatabaseError(error);
    if (classified) {
      const mapped = toErrorResponse(classified, context);
      return { ...mapped, log: classified.status >= 500 ? "warn" : undefined };
    }
  }
  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message, code: error.code };
    if (error.requiresAuth) body.requiresAuth = true;
    if ("field" in error && typeof error.field === "string") body.field = error.field;
    return {
      status: error.status,
      body,
      headers: error.headers,
      log: error.status >= 500 ? "warn" : undefined,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => {
      const where = (v.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".");
      return { field: where, message: v.message ?? "is invalid" };
    });
    const first = issues[0] ?? { field: "", message: "Invalid request" };
    const body: ErrorBody = {
      message: fieldMessage(first.field, first.message),
      code: "VALIDATION_ERROR",
      field: first.field || undefined,
      issues,
    };
    return { status: 400, body, headers: {} };
  }
  if (isResponseSerializationError(error)) return { status: 500, body: INTERNAL, headers: {}, log: "error" };
  const e = error as FastifyError;
  const status = e?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    // Fastify's own client errors: malformed JSON, body too large, unsupported media type…
    let message = e.message;
    if (e.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError)
      message = "The request body is not valid JSON.";
    else if (e.code === "FST_ERR_CTP_BODY_TOO_LARGE")
      message = `The request body is too large (${formatByteLimit(context.bodyLimit ?? DEFAULT_BODY_LIMIT)} at most).`;
    else if (e.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
      message = "Send the request body as application/json.";
    return { status, body: { message, code: e.code ?? "BAD_REQUEST" }, headers: {} };
  }
  return { status: 500, body: INTERNAL, headers: {}, log: "error" };
}

/** Maps every error to status + body in one place (conventions §5). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const res = toErrorResponse(error, { bodyLimit: request.routeOptions?.bodyLimit });
    if (res.log === "error") request.log.error({ err: error }, "request failed");
    else if (res.log === "warn") request.log.warn({ err: error }, "request failed: %s", res.body.code);
    return reply.status(res.status).headers(res.headers).send(res.body);
  });
}
