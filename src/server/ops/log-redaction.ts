import type { FastifyRequest } from "fastify";

/**
 * What a request log line may say about a request (issue #33, item 10). A share link's token is a
 * bearer credential for a list (anyone holding it reads the list), so it never reaches the log:
 * `/api/shared/lists/<token>` and the page `/shared/lists/<token>` are written with the token
 * replaced, whatever the case or percent-encoding of the path around it.
 */
const SHARE_TOKEN = /(\/shared\/lists\/)[^/?#]+/gi;

function redactShareTokens(url: string): string {
  // A path like /api/%73hared/lists/<token> routes to the same handler; decode before matching.
  let decoded = url;
  try {
    decoded = decodeURI(url);
  } catch {}
  const redacted = decoded.replace(SHARE_TOKEN, "$1[redacted]");
  return redacted === decoded ? url : redacted;
}

/** Fastify's request serializer (method, url, host, remote address and port), with redactShareTokens. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactShareTokens(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
