/**
 * A real HTTP server on 127.0.0.1 (random port) that stands in for a platform in tests.
 * Routes match by method and pathname; each route replays scripted responses — status, headers,
 * body, a delay before the headers, or a destroyed socket (connection reset) — in order, the last
 * one repeating. Every request is recorded, and requests the client gave up on are counted.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface ScriptedResponse {
  status?: number;
  headers?: Record<string, string>;
  /** A string or Buffer is sent as is; anything else as JSON (content-type set if absent). */
  body?: unknown;
  /** Wait this long before sending headers (a slow or hanging upstream). */
  delayMs?: number;
  /** Destroy the socket instead of answering (ECONNRESET at the client). */
  destroy?: boolean;
  /** Send the headers and part of the body, then destroy the socket. */
  destroyMidBody?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
}

export type RouteHandler =
  | ScriptedResponse
  | ScriptedResponse[]
  | ((req: RecordedRequest) => ScriptedResponse | Promise<ScriptedResponse>);

export interface FakeUpstream {
  /** "http://127.0.0.1:<port>" */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Requests whose client disconnected before the answer was sent (timeouts, aborts). */
  readonly abortedCount: number;
  /** Sets (replaces) the route for a pathname; method "*" matches any. */
  route(method: string, path: string, handler: RouteHandler): FakeUpstream;
  /** How many requests reached a pathname (all paths when omitted). */
  count(path?: string): number;
  /** Forgets routes and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

function normalise(r: ScriptedResponse): Required<Pick<ScriptedResponse, "status">> & ScriptedResponse {
  return { status: 200, ...r };
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const routes = new Map<string, { handler: RouteHandler; served: number }>();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let aborted = 0;

  async function pick(rec: RecordedRequest): Promise<ScriptedResponse> {
    const entry = routes.get(`${rec.method} ${rec.path}`) ?? routes.get(`* ${rec.path}`);
    if (!entry)
      return { status: 599, body: { error: `fake upstream: no route for ${rec.method} ${rec.path}` } };
    const { handler } = entry;
    const index = entry.served++;
    if (typeof handler === "function") return handler(rec);
    if (Array.isArray(handler)) return handler[Math.min(index, handler.length - 1)] ?? { status: 204 };
    return handler;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const rec: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    requests.push(rec);
    let clientGone = false;
    res.on("close", () => {
      if (!res.writableEnded) {
        clientGone = true;
        aborted++;
      }
    });
    const scripted = normalise(await pick(rec));
    if (scripted.delayMs) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          timers.delete(t);
          resolve();
        }, scripted.delayMs);
        timers.add(t);
      });
    }
    if (clientGone) return;
    if (scripted.destroy) {
      req.socket.destroy();
      return;
    }
    const headers: Record<string, string> = { ...scripted.headers };
    let body: Buffer;
    if (scripted.body === undefined) body = Buffer.alloc(0);
    else if (typeof scripted.body === "string") body = Buffer.from(scripted.body);
    else if (Buffer.isBuffer(scripted.body)) body = scripted.body;
    else {
      body = Buffer.from(JSON.stringify(scripted.body));
      if (!Object.keys(headers).some((h) => h.toLowerCase() === "content-type"))
        headers["content-type"] = "application/json; charset=utf-8";
    }
    if (scripted.destroyMidBody) {
      res.writeHead(scripted.status, { ...headers, "content-length": String(body.length + 1000) });
      res.write(body.subarray(0, Math.floor(body.length / 2)));
      setImmediate(() => req.socket.destroy());
      return;
    }
    res.writeHead(scripted.status, { ...headers, "content-length": String(body.length) });
    res.end(body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e) => {
      if (!res.headersSent) res.writeHead(598, { "content-type": "text/plain" });
      res.end(`fake upstream error: ${(e as Error).message}`);
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeUpstream = {
    url: `http://127.0.0.1:${port}`,
    requests,
    get abortedCount() {
      return aborted;
    },
    route(method, path, handler) {
      routes.set(`${method.toUpperCase()} ${path}`, { handler, served: 0 });
      return fake;
    },
    count(path) {
      return path === undefined ? requests.length : requests.filter((r) => r.path === path).length;
    },
    reset() {
      routes.clear();
      requests.length = 0;
      aborted = 0;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

/** A base URL where nothing listens (connection refused): start a server, note its port, close it. */
export async function unusedBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
