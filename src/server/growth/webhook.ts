import crypto from "node:crypto";
import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";

/**
 * Alert webhooks: a JSON POST signed with `X-Signature-256: sha256=<hex HMAC-SHA256 of the body>`.
 * Never to a private, loopback, link-local or otherwise non-public address unless
 * WEBHOOK_ALLOW_PRIVATE=1: the host name is resolved, every address it has is checked, and the
 * request goes to the checked address (no second lookup a DNS rebinding could answer differently).
 */

const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net4, prefix, "ipv4");
for (const [net6, prefix] of [
  // IPv4-compatible (::a.b.c.d, deprecated; covers :: and ::1) and IPv4-translated
  // (::ffff:0:a.b.c.d) forms: neither is a public unicast address (issue #33, item 11).
  ["::", 96],
  ["::ffff:0:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net6, prefix, "ipv6");

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:xxxx:yyyy). */
function mappedV4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::|0:0:0:0:0:)ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = Number.parseInt(hex[1]!, 16);
    const lo = Number.parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** Whether an address is not a public unicast one (private, loopback, link-local, reserved…). */
export function isPrivateAddress(address: string): boolean {
  const v4 = net.isIPv4(address) ? address : mappedV4(address);
  if (v4) return blocked.check(v4, "ipv4");
  if (net.isIPv6(address)) return blocked.check(address, "ipv6");
  return true;
}

export type Lookup = (host: string) => Promise<string[]>;

const defaultLookup: Lookup = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export interface WebhookTarget {
  url: string;
  /** The address the request goes to. */
  address: string;
}

/** Checks a webhook URL and resolves it; throws an Error whose message is written for the user. */
export async function checkWebhookTarget(
  raw: string,
  opts: { allowPrivate: boolean; lookup?: Lookup },
): Promise<WebhookTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`"${raw.slice(0, 100)}" is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error("a webhook URL must start with https:// (or http://)");
  if (url.username || url.password) throw new Error("a webhook URL may not contain a user name or password");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host) throw new Error("the webhook URL has no host");
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (opts.lookup ?? defaultLookup)(host);
    } catch {
      throw new Error(`the host ${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new Error(`the host ${host} has no address`);
  }
  if (!opts.allowPrivate) {
    const bad = addresses.find(isPrivateAddress);
    if (bad)
      throw new Error(
        `webhooks may not go to private or loopback addresses (${host} is ${bad}); the administrator can allow them with WEBHOOK_ALLOW_PRIVATE=1`,
      );
  }
  return { url: url.toString(), address: addresses[0]! };
}

export function signatureOf(body: string, secret: string): string {
  return `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** A delivery's overall deadline: connect, send, headers and body together (issue #33, item 2). */
export const WEBHOOK_DEADLINE_MS = 10_000;
/** At most this much of a receiver's answer is read; a longer one is cut off (it is not used anyway). */
const WEBHOOK_MAX_RESPONSE_BYTES = 16 * 1024;

/**
 * POSTs a signed JSON body. Resolves on a 2xx answer; throws with a short reason otherwise (the
 * caller retries with backoff). Redirects are not followed. The whole exchange has one deadline
 * (`deadlineMs`, default 10 s), not just an idle timeout, so a receiver that trickles a byte every
 * few seconds is cut off like a silent one; the answer is read up to 16 KB; `signal` aborts it.
 */
export async function sendWebhook(
  rawUrl: string,
  body: string,
  secret: string,
  opts: {
    allowPrivate: boolean;
    lookup?: Lookup;
    deadlineMs?: number;
    userAgent?: string;
    signal?: AbortSignal;
  },
): Promise<void> {
  const deadlineMs = opts.deadlineMs ?? WEBHOOK_DEADLINE_MS;
  const started = Date.now();
  const target = await checkWebhookTarget(rawUrl, opts);
  const url = new URL(target.url);
  const family = net.isIPv6(target.address) ? 6 : 4;
  const client = url.protocol === "https:" ? https : http;
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onAbort);
      // Nothing more is read from this receiver, whether it finished, failed or still trickles.
      req.destroy();
      if (err) reject(err);
      else resolve();
    };
    const remaining = Math.max(0, deadlineMs - (Date.now() - started));
    const timer = setTimeout(
      () => finish(new Error(`the webhook did not answer within ${Math.round(deadlineMs / 1000)} s`)),
      remaining,
    );
    const onAbort = () => finish(new Error("the delivery was stopped (the server is shutting down)"));
    const req = client.request(
      {
        method: "POST",
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": opts.userAgent ?? "creator-analytics-alerts",
          "x-signature-256": signatureOf(body, secret),
        },
        // The address checked above, never a second lookup.
        lookup: ((_host: string, o: { all?: boolean }, cb: (...args: unknown[]) => void) => {
          if (o?.all) cb(null, [{ address: target.address, family }]);
          else cb(null, target.address, family);
        }) as unknown as typeof import("node:dns").lookup,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          // Enough to know the answer; the rest is not waited for.
          if (read > WEBHOOK_MAX_RESPONSE_BYTES) settle();
        });
        const settle = () =>
          finish(
            status >= 200 && status < 300 ? undefined : new Error(`the webhook answered HTTP ${status}`),
          );
        res.on("end", settle);
        res.on("error", (err) => finish(new Error(`the webhook's answer broke off (${err.message})`)));
      },
    );
    req.on("error", (err) => finish(new Error(`the webhook could not be reached (${err.message})`)));
    if (opts.signal?.aborted) return onAbort();
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    req.end(body);
  });
}
