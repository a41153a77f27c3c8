import net from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppConfig } from "../config";
import { ValidationError } from "../errors";

/**
 * Checks at the edge that every request goes through before any route (docs/security.md):
 * the Host allow-list (DNS rebinding) and the NUL refusal. Trusted proxies are decided here too.
 */

/** True for an address inside one of the TRUSTED_PROXIES entries (addresses or CIDRs). */
export function createTrustCheck(entries: readonly string[]): (address: string | undefined) => boolean {
  if (entries.length === 0) return () => false;
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split("/");
    const type = net.isIP(address!) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
    const type = net.isIP(plain) === 6 ? "ipv6" : "ipv4";
    return net.isIP(plain) !== 0 && list.check(plain, type);
  };
}

/** Loopback peers: 127.0.0.0/8 and ::1 (IPv4-mapped too). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** Liveness and readiness answer any Host: load balancers probe them by the container's address. */
const PROBES = new Set(["/api/health", "/api/ready"]);

/**
 * A page on a rebinding domain that resolves to this server would count as same-origin (its Origin
 * matches its Host). Only the hosts of APP_URL, the loopback names and ALLOWED_HOSTS are served;
 * anything else gets 421 Misdirected Request.
 */
export function registerHostGuard(app: FastifyInstance, config: AppConfig): void {
  const allowed = new Set(config.allowedHosts);
  app.addHook("onRequest", async (request, reply) => {
    if (PROBES.has(request.routeOptions.url ?? "")) return;
    const host = (request.hostname ?? "").toLowerCase();
    if (allowed.has(host)) return;
    return reply
      .code(421)
      .header("cache-control", "no-store")
      .send({
        message: `This server does not answer for the host "${host.slice(0, 100)}". Open it at ${config.appUrl}, or have the administrator add the host to ALLOWED_HOSTS (or set APP_URL).`,
        code: "MISDIRECTED_REQUEST",
      });
  });
}

function decodesToNul(raw: string): boolean {
  return raw.includes("\u0000") || /%00/i.test(raw);
}

/** The path of the first string holding a NUL character inside a parsed JSON body, or null. */
export function findNul(value: unknown, path = "", depth = 0): string | null {
  if (depth > 64) return null;
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      const where = path ? `${path}.${key}` : key;
      if (key.includes("\u0000")) return where;
      const found = findNul(v, where, depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}

const NUL_MESSAGE = "contains a NUL character (\\u0000), which is not allowed";

/**
 * PostgreSQL refuses NUL in text ("invalid byte sequence"), which used to surface as a 500 and an
 * error log any visitor could trigger. A NUL anywhere in the address or a JSON body is a 400 that
 * names where it was.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook("onRequest", async (request: FastifyRequest) => {
    if (decodesToNul(request.url)) {
      const [pathPart, query = ""] = request.url.split("?", 2);
      throw new ValidationError(
        `The ${decodesToNul(pathPart!) ? "address" : `query (${query.slice(0, 60)})`} ${NUL_MESSAGE}.`,
        decodesToNul(pathPart!) ? "path" : "query",
      );
    }
  });
  app.addHook("preValidation", async (request: FastifyRequest) => {
    const body = request.body;
    // Only parsed JSON: uploads (imports) arrive as streams or buffers and have their own checks.
    if (body === undefined || body === null || typeof body !== "object") return;
    if (Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === "function") return;
    const where = findNul(body);
    if (where !== null) throw new ValidationError(`${where || "body"} ${NUL_MESSAGE}.`, where || "body");
  });
}
