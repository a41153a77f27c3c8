import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake OpenAI-protocol server for tests: node:http on 127.0.0.1, POST /chat/completions,
 * scriptable per request (content, status, headers, delay, or a function of the request body).
 * It records every request and the most requests it had in flight at once.
 */

export interface FakeLlmRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body the SDK sent. */
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name?: string; strict?: boolean; schema?: unknown } };
    [key: string]: unknown;
  };
}

export interface FakeReply {
  /** HTTP status (default 200). A non-2xx status answers `{error: {message: errorMessage}}` unless `body` is set. */
  status?: number;
  headers?: Record<string, string>;
  /** Wait before answering (the client may give up first). */
  delayMs?: number;
  /** The assistant message content of a 200 answer. */
  content?: string;
  /** Extra top-level fields of the completion, e.g. Perplexity's `citations` / `search_results`. */
  extra?: Record<string, unknown>;
  usage?: { prompt_tokens: number; completion_tokens: number };
  errorMessage?: string;
  /** A raw body (replaces the completion / error body). */
  body?: unknown;
}

export type FakeHandler = FakeReply | ((request: FakeLlmRequest) => FakeReply | Promise<FakeReply>);

export interface FakeLlm {
  /** Base URL for the SDK (`baseURL`), e.g. http://127.0.0.1:1234/v1. */
  url: string;
  requests: FakeLlmRequest[];
  /** The highest number of requests being answered at once. */
  readonly maxInFlight: number;
  /** Queue replies for the next requests, in order. */
  enqueue(...replies: FakeHandler[]): void;
  /** The reply once the queue is empty (default: a 500 saying nothing is scripted). */
  setDefault(handler: FakeHandler): void;
  close(): Promise<void>;
}

/** A 200 completion whose content is `value` serialised as JSON. */
export function jsonReply(value: unknown, extra: Partial<FakeReply> = {}): FakeReply {
  return { content: JSON.stringify(value), ...extra };
}

export function errorReply(
  status: number,
  message = `error ${status}`,
  headers: Record<string, string> = {},
): FakeReply {
  return { status, errorMessage: message, headers };
}

function completionBody(model: string, reply: FakeReply, promptChars: number): unknown {
  const content = reply.content ?? "";
  return {
    id: `chatcmpl-fake-${Math.random().toString(36).slice(2, 10)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop", logprobs: null }],
    usage: reply.usage ?? {
      prompt_tokens: Math.ceil(promptChars / 4),
      completion_tokens: Math.ceil(content.length / 4),
      total_tokens: Math.ceil(promptChars / 4) + Math.ceil(content.length / 4),
    },
    ...reply.extra,
  };
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const requests: FakeLlmRequest[] = [];
  const queue: FakeHandler[] = [];
  let fallback: FakeHandler = errorReply(500, "fake-llm: no reply scripted for this request");
  let inFlight = 0;
  let maxInFlight = 0;

  const send = (res: ServerResponse, status: number, headers: Record<string, string>, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      let finished = false;
      const done = () => {
        if (!finished) {
          finished = true;
          inFlight--;
        }
      };
      res.on("close", done);
      try {
        const path = (req.url ?? "").replace(/\?.*$/, "");
        if (req.method !== "POST" || !path.endsWith("/chat/completions")) {
          send(res, 404, {}, { error: { message: `fake-llm: no route ${req.method} ${path}` } });
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const request: FakeLlmRequest = { path, headers: req.headers, body: JSON.parse(raw) };
        requests.push(request);
        const handler = queue.shift() ?? fallback;
        const reply = typeof handler === "function" ? await handler(request) : handler;
        if (reply.delayMs) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, reply.delayMs);
            res.on("close", () => {
              clearTimeout(timer);
              resolve();
            });
          });
        }
        const status = reply.status ?? 200;
        const body =
          reply.body ??
          (status >= 200 && status < 300
            ? completionBody(request.body.model, reply, raw.length)
            : {
                error: { message: reply.errorMessage ?? `error ${status}`, type: "fake_error", code: null },
              });
        send(res, status, reply.headers ?? {}, body);
      } catch (err) {
        send(res, 500, {}, { error: { message: `fake-llm: ${(err as Error).message}` } });
      } finally {
        if (res.writableEnded) done();
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    enqueue(...replies) {
      queue.push(...replies);
    },
    setDefault(handler) {
      fallback = handler;
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
