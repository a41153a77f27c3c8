import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../errors";

/** The spec §8 error body. */
export interface ErrorBody {
  message: string;
  code?: string;
  requiresAuth?: boolean;
  field?: string;
  issues?: { field: string; message: string }[];
}

function fieldMessage(field: string, message: string): string {
  if (!field) return message;
  const bare = field.split(".").pop() ?? field;
  const escaped = bare.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`\\b${escaped}\\b`, "i").test(message) ? message : `${field}: ${message}`;
}

/** Maps every error to status + body in one place (conventions §5). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message, code: error.code };
      if (error.requiresAuth) body.requiresAuth = true;
      if ("field" in error && typeof error.field === "string") body.field = error.field;
      if (error.status >= 500) request.log.warn({ err: error }, "request failed: %s", error.code);
      return reply.status(error.status).headers(error.headers).send(body);
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
      return reply.status(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply
        .status(500)
        .send({ message: "Something went wrong on our side. Please try again.", code: "INTERNAL" });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type…
      const message =
        (error as FastifyError).code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError
          ? "The request body is not valid JSON."
          : error.message;
      return reply.status(status).send({ message, code: (error as FastifyError).code ?? "BAD_REQUEST" });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply
      .status(500)
      .send({ message: "Something went wrong on our side. Please try again.", code: "INTERNAL" });
  });
}
