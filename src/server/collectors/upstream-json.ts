import type { z } from "zod";
import { UpstreamChangedError } from "../errors";
import { truncateSample } from "./messages";
import type { CollectorLogger } from "./types";

export interface UpstreamContext {
  /** "TikTok", "Instagram", "YouTube". */
  service: string;
  /** "@foo", named in the message. */
  subject: string;
  /** What was being read, for logs: "web_profile_info", "channels.list". */
  what: string;
  logger?: CollectorLogger;
}

/** Logs a shape problem with a ≤ 500-char sample and returns the error to throw. */
export function upstreamChanged(ctx: UpstreamContext, body: string, detail: string): UpstreamChangedError {
  const sample = truncateSample(body);
  ctx.logger?.warn(
    { service: ctx.service, what: ctx.what, detail: truncateSample(detail), sample },
    "upstream response has an unexpected shape",
  );
  return new UpstreamChangedError(
    `${ctx.service} sent data we couldn't read for ${ctx.subject}; the platform may have changed its format`,
    sample,
  );
}

/** JSON.parse that turns a syntax error into UpstreamChangedError. */
export function parseJsonText(text: string, ctx: UpstreamContext): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw upstreamChanged(ctx, text, `invalid JSON: ${(e as Error).message}`);
  }
}

/** Validates upstream JSON with a zod schema; a mismatch is UpstreamChangedError (logged with a sample). */
export function validateUpstream<S extends z.ZodType>(
  schema: S,
  data: unknown,
  ctx: UpstreamContext,
  rawText?: string,
): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const detail = result.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
    .join("; ");
  throw upstreamChanged(ctx, rawText ?? safeStringify(data), detail);
}

/** Parses and validates a JSON body in one step. */
export function parseUpstreamJson<S extends z.ZodType>(
  schema: S,
  text: string,
  ctx: UpstreamContext,
): z.output<S> {
  return validateUpstream(schema, parseJsonText(text, ctx), ctx, text);
}

function safeStringify(data: unknown): string {
  try {
    return JSON.stringify(data) ?? String(data);
  } catch {
    return String(data);
  }
}

/** True when a body looks like an HTML page rather than JSON. */
export function looksLikeHtml(contentType: string | null, body: string): boolean {
  return (contentType ?? "").toLowerCase().includes("text/html") || body.trimStart().startsWith("<");
}
