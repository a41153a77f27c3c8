import type { FastifyReply, FastifyRequest } from "fastify";
import type { STREAM_EVENTS } from "#core/schemas/analysis-stream";
import { toErrorResponse } from "./error-handler";

type StreamEvent = (typeof STREAM_EVENTS)[number];

export interface EventStream {
  /** Aborts when the client goes away before the stream ended. */
  signal: AbortSignal;
  send(event: StreamEvent, data: unknown): void;
  /** Sends the `error` event (the API's error body plus its HTTP status), unless the client left. */
  fail(err: unknown): void;
  /** Ends the stream (and its heartbeat). */
  close(): void;
}

const HEARTBEAT_MS = 15_000;

/**
 * Turns a request into a Server-Sent Events stream: hijacks the reply, writes the headers (carrying
 * any cookie set before, e.g. the visitor cookie a quota counts), keeps the connection alive with a
 * comment every 15 s, and aborts `signal` when the client goes away.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  const controller = new AbortController();
  reply.hijack();
  const res = reply.raw;
  const cookies = reply.getHeader("set-cookie");
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    "x-request-id": request.id,
    ...(cookies ? { "set-cookie": cookies as string[] } : {}),
  });
  const send = (event: StreamEvent, data: unknown) => {
    if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  res.once("close", () => {
    if (!res.writableFinished) controller.abort(new Error("client went away"));
  });
  const heartbeat = setInterval(() => {
    if (!res.writableEnded) res.write(": keep-alive\n\n");
  }, HEARTBEAT_MS);
  return {
    signal: controller.signal,
    send,
    fail(err) {
      if (controller.signal.aborted) return;
      const mapped = toErrorResponse(err);
      if (mapped.log) request.log[mapped.log]({ err }, "event stream failed");
      send("error", { ...mapped.body, status: mapped.status });
    },
    close() {
      clearInterval(heartbeat);
      res.end();
    },
  };
}

/**
 * A signal that aborts when the client goes away before its response was sent. (The request's own
 * "close" fires as soon as its body has been read, so it cannot tell; the response's can.)
 */
export function abortOnClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort(new Error("client went away"));
  });
  return controller.signal;
}
