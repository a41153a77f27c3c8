/**
 * Local HTTPS stand-ins for www.instagram.com, www.tiktok.com and www.youtube.com, for browser
 * journeys that map those hosts here (`--host-resolver-rules`, `--ignore-certificate-errors`). One
 * server answers for the three hosts by the Host header, with pages built from the collectors'
 * recorded shapes (src/server/collectors/fixtures). The certificate is self-signed, made at test time
 * with the openssl CLI, and lives only in a temporary folder.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

export const PLATFORM_HOSTS = ["www.instagram.com", "www.tiktok.com", "www.youtube.com"] as const;

export type PageHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

export interface StandInPlatforms {
  port: number;
  /** `MAP www.instagram.com 127.0.0.1:<port>, …` for Chromium's --host-resolver-rules. */
  hostResolverRules: string;
  /** Every request, as "host path" (for asserting what was or was not loaded). */
  requests: string[];
  route(host: (typeof PLATFORM_HOSTS)[number], pathname: string, handler: PageHandler): void;
  close(): Promise<void>;
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stand-in-cert-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=stand-in platforms (e2e test only)",
        "-addext",
        `subjectAltName=${PLATFORM_HOSTS.map((h) => `DNS:${h}`).join(",")}`,
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "pipe" },
    );
    return {
      key: fs.readFileSync(path.join(dir, "key.pem")),
      cert: fs.readFileSync(path.join(dir, "cert.pem")),
    };
  } catch (e) {
    throw new Error(
      `Could not make a test certificate with openssl (is the openssl CLI installed?): ${e instanceof Error ? e.message : e}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function startStandInPlatforms(): Promise<StandInPlatforms> {
  const routes = new Map<string, PageHandler>();
  const requests: string[] = [];
  const server: Server = createServer(selfSignedCertificate(), (req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "");
    const url = new URL(req.url ?? "/", `https://${host}`);
    requests.push(`${host} ${url.pathname}`);
    const handler = routes.get(`${host} ${url.pathname}`);
    if (handler) return handler(req, res, url);
    if (url.pathname === "/favicon.ico") {
      res.writeHead(204).end();
      return;
    }
    res.writeHead(404, { "content-type": "text/html" }).end("<html><body>Page not found</body></html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    hostResolverRules: PLATFORM_HOSTS.map((h) => `MAP ${h} 127.0.0.1:${port}`).join(", "),
    requests,
    route: (host, pathname, handler) => void routes.set(`${host} ${pathname}`, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function html(res: ServerResponse, body: string, headers: Record<string, string> = {}) {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...headers }).end(body);
}

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
}
