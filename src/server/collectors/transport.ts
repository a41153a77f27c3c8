/**
 * The wire under the HTTP helper: a `fetch`-shaped function built on undici's dispatcher API, one
 * per platform, optionally through an HTTP(S) proxy (UPSTREAM_PROXY, INSTAGRAM_PROXY, …).
 *
 * Why not the global fetch: the Fetch standard makes `sec-fetch-mode` the request's mode and forbids
 * "navigate", so Node's fetch always sends `sec-fetch-mode: cors`, an easy bot signal next to a
 * browser User-Agent (collectors-review.md §1.3). undici's `request()` sends exactly the headers we
 * give, so the unofficial collectors can look like a page navigation. It does not decompress, so
 * bodies are decoded here with node:zlib (gzip, deflate, br, and zstd where Node has it). And a
 * dispatcher from this package's
 * undici must not be handed to Node's bundled fetch (a different undici major on Node 20), so the
 * proxy and the request come from the same package here.
 */
import type { Readable } from "node:stream";
import * as zlib from "node:zlib";
import { Agent, type Dispatcher, ProxyAgent, request } from "undici";

/** The encodings we can decode: what a browser sends, minus zstd where this Node lacks it. */
export const ACCEPT_ENCODING =
  typeof (zlib as { createZstdDecompress?: unknown }).createZstdDecompress === "function"
    ? "gzip, deflate, br, zstd"
    : "gzip, deflate, br";

export interface PlatformTransport {
  /** A fetch-compatible function (redirects are never followed unless `redirect: "follow"`). */
  fetch: typeof fetch;
  /** Whether requests go through a proxy (for the admin and logs; never the proxy URL). */
  proxied: boolean;
  close(): Promise<void>;
}

/** "http://user:secret@host:3128" → "http://host:3128" (for messages; never log credentials). */
export function redactProxyUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return "(invalid proxy URL)";
  }
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.append(name, value);
  }
  return headers;
}

function headersToObject(init: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/** A decoder for one Content-Encoding token, or undefined for identity / unknown. */
function decoderFor(encoding: string): NodeJS.ReadWriteStream | undefined {
  switch (encoding.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case "deflate":
      return zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    case "br":
      return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    case "zstd": {
      const create = (zlib as { createZstdDecompress?: () => NodeJS.ReadWriteStream }).createZstdDecompress;
      return create?.();
    }
    default:
      return undefined;
  }
}

/** The body decoded through each listed Content-Encoding, last applied first. */
function decode(body: Readable, contentEncoding: string | undefined): Readable {
  if (!contentEncoding) return body;
  let out: Readable = body;
  for (const token of contentEncoding.split(",").reverse()) {
    const decoder = decoderFor(token);
    if (!decoder) continue;
    const source = out;
    source.on("error", (e) => (decoder as unknown as Readable).destroy(e));
    out = source.pipe(decoder as unknown as NodeJS.WritableStream) as unknown as Readable;
  }
  return out;
}

/**
 * A `fetch` over `dispatcher`. Supports what the collectors use: GET/POST, string bodies, headers,
 * an AbortSignal, and manual redirects (the default here) or `redirect: "follow"` (≤ 5 hops).
 */
export function dispatcherFetch(dispatcher: Dispatcher): typeof fetch {
  const run = async (input: RequestInfo | URL, init: RequestInit = {}, hops = 0): Promise<Response> => {
    const req = input instanceof Request ? input : undefined;
    const url = req ? req.url : input instanceof URL ? input.href : String(input);
    const method = (init.method ?? req?.method ?? "GET").toUpperCase() as Dispatcher.HttpMethod;
    const headers = headersToObject(init.headers ?? req?.headers);
    if (!Object.keys(headers).some((h) => h === "accept-encoding"))
      headers["accept-encoding"] = ACCEPT_ENCODING;
    let body: string | undefined;
    if (typeof init.body === "string") body = init.body;
    else if (init.body instanceof URLSearchParams) body = init.body.toString();
    else if (init.body != null) body = await new Response(init.body).text();
    else if (req?.body) body = await req.clone().text();
    const signal = init.signal ?? req?.signal ?? undefined;
    const res = await request(url, {
      method,
      headers,
      body,
      signal: signal ?? undefined,
      dispatcher,
    });
    const status = res.statusCode;
    const follow = (init.redirect ?? "manual") === "follow";
    const location = res.headers.location;
    if (follow && status >= 300 && status < 400 && typeof location === "string" && hops < 5) {
      await res.body.dump().catch(() => undefined);
      const next = new URL(location, url).href;
      const keepBody = status === 307 || status === 308;
      return run(
        next,
        { ...init, method: keepBody ? method : "GET", body: keepBody ? body : undefined },
        hops + 1,
      );
    }
    const responseHeaders = toHeaders(res.headers);
    const encoding = res.headers["content-encoding"];
    const decoded = decode(res.body, Array.isArray(encoding) ? encoding.join(",") : encoding);
    // The body is decoded here; these would describe the encoded one.
    responseHeaders.delete("content-encoding");
    responseHeaders.delete("content-length");
    if (NULL_BODY_STATUS.has(status) || method === "HEAD") {
      await res.body.dump().catch(() => undefined);
      return new Response(null, { status, headers: responseHeaders });
    }
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        try {
          for await (const chunk of decoded) controller.enqueue(new Uint8Array(chunk as Buffer));
          controller.close();
        } catch (e) {
          controller.error(e);
        }
      },
      cancel(reason) {
        const err = reason instanceof Error ? reason : undefined;
        decoded.destroy(err);
        res.body.destroy(err);
      },
    });
    const response = new Response(stream, { status: status < 200 ? 502 : status, headers: responseHeaders });
    Object.defineProperty(response, "url", { value: url });
    return response;
  };
  return ((input: RequestInfo | URL, init?: RequestInit) => run(input, init)) as typeof fetch;
}

/**
 * A transport, direct or through `proxyUrl` (http: or https:). Credentials in the proxy URL are
 * sent as Proxy-Authorization. Requests are tunnelled with CONNECT, to http targets too.
 */
export function createTransport(proxyUrl?: string): PlatformTransport {
  const dispatcher: Dispatcher = proxyUrl ? new ProxyAgent({ uri: proxyUrl }) : new Agent();
  return {
    fetch: dispatcherFetch(dispatcher),
    proxied: Boolean(proxyUrl),
    close: () => dispatcher.close(),
  };
}
