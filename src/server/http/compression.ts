import zlib from "node:zlib";
import type { FastifyCompressOptions } from "@fastify/compress";
import type { FastifyReply } from "fastify";

/**
 * Response compression for what the server builds per request: server-rendered HTML and JSON of
 * 1 KB or more, brotli when the client takes it, else gzip (issue #25). Built assets are compressed
 * at build time instead (vite.config.ts writes .br/.gz beside them and static-web.ts serves those),
 * so a request for one costs no CPU. Server-sent events (text/event-stream) are left alone: the
 * default type filter excludes them and the analysis stream hijacks its reply, so each event is
 * written to the socket as it happens instead of waiting in a compressor's buffer.
 */
export const COMPRESSION_OPTIONS: FastifyCompressOptions = {
  global: true,
  threshold: 1024,
  encodings: ["br", "gzip"],
};

/** The best of br/gzip the request accepts (q > 0), br first; null for neither. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): "br" | "gzip" | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "");
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: string) =>
    (weights.get(name) ?? (name !== "identity" ? weights.get("*") : 1) ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

/**
 * Compresses a page's HTML for the reply, as COMPRESSION_OPTIONS does for routes. The SPA's pages are
 * answered by the not-found handler (every client-side route), which @fastify/compress does not
 * reach, so it compresses here: brotli at a quality that costs well under a millisecond for a page.
 */
export function compressHtml(
  acceptEncoding: string | string[] | undefined,
  reply: FastifyReply,
  html: string,
): string | Buffer {
  reply.header("vary", "accept-encoding");
  const size = Buffer.byteLength(html);
  if (size < COMPRESSION_OPTIONS.threshold!) return html;
  const encoding = negotiateEncoding(acceptEncoding);
  if (!encoding) return html;
  const body =
    encoding === "br"
      ? zlib.brotliCompressSync(html, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
          },
        })
      : zlib.gzipSync(html, { level: 6 });
  reply.header("content-encoding", encoding);
  return body;
}
