/**
 * A tiny forward HTTP proxy on 127.0.0.1 for tests: it forwards absolute-form requests
 * ("GET http://host/path HTTP/1.1") and tunnels CONNECT, and records what it saw, so a test can
 * assert that a collector's traffic went through the proxy. Targets are limited to loopback.
 */
import { createServer, request as httpRequest } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";

export interface ProxiedRequest {
  /** "CONNECT" for tunnels, else the forwarded method. */
  method: string;
  /** "127.0.0.1:1234" for CONNECT, the absolute URL otherwise. */
  target: string;
  /** The Proxy-Authorization header, when the client sent one. */
  proxyAuthorization?: string;
}

export interface FakeProxy {
  /** "http://127.0.0.1:<port>" */
  readonly url: string;
  readonly seen: ProxiedRequest[];
  close(): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

export async function startFakeProxy(): Promise<FakeProxy> {
  const seen: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const target = req.url ?? "";
    seen.push({
      method: req.method ?? "GET",
      target,
      proxyAuthorization: req.headers["proxy-authorization"],
    });
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      res.writeHead(400).end("fake proxy: absolute-form URL expected");
      return;
    }
    if (!LOOPBACK.has(url.hostname)) {
      res.writeHead(403).end("fake proxy: loopback targets only");
      return;
    }
    const headers = { ...req.headers };
    delete headers["proxy-authorization"];
    delete headers["proxy-connection"];
    const upstream = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        headers,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.on("connect", (req, clientSocket: Socket, head: Buffer) => {
    const target = req.url ?? "";
    seen.push({ method: "CONNECT", target, proxyAuthorization: req.headers["proxy-authorization"] });
    const [host, port] = [
      target.slice(0, target.lastIndexOf(":")),
      target.slice(target.lastIndexOf(":") + 1),
    ];
    if (!LOOPBACK.has(host)) {
      clientSocket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    const upstream = connect(Number(port), host === "localhost" ? "127.0.0.1" : host, () => {
      clientSocket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(clientSocket);
      clientSocket.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => clientSocket.destroy());
    clientSocket.on("error", () => upstream.destroy());
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
