/**
 * The white-label logo of PDF exports (BRAND_LOGO_URL, docs/decisions/017-agency-lists-exports-sharing.md).
 * A data: URL is decoded in place; an http(s) URL — operator configuration, never user input — is fetched
 * with a timeout, no redirects and a size cap, and kept for a while. Only PNG and JPEG are used (what the
 * PDF library embeds); anything else, or any failure, leaves the export without a logo and says so once
 * in the log.
 */

export const LOGO_MAX_BYTES = 1_000_000;
export const LOGO_TIMEOUT_MS = 3000;
const KEEP_MS = 10 * 60_000;
const RETRY_MS = 60_000;

export interface LogoLoaderDeps {
  url?: string;
  now?: () => number;
  warn?: (message: string) => void;
  timeoutMs?: number;
}

export function isPngOrJpeg(bytes: Buffer): boolean {
  const png =
    bytes.length > 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg;
}

function decodeDataUrl(url: string): Buffer | null {
  const m = /^data:image\/(?:png|jpeg);base64,([A-Za-z0-9+/=\s]+)$/.exec(url);
  return m ? Buffer.from(m[1]!, "base64") : null;
}

async function fetchBounded(url: string, timeoutMs: number): Promise<Buffer> {
  const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
  if (res.status !== 200 || !res.body) {
    await res.body?.cancel();
    throw new Error(`answered HTTP ${res.status}`);
  }
  const declared = Number(res.headers.get("content-length") ?? "0");
  if (declared > LOGO_MAX_BYTES) {
    await res.body.cancel();
    throw new Error(`is ${declared} bytes, over the ${LOGO_MAX_BYTES}-byte cap`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > LOGO_MAX_BYTES) {
      await reader.cancel();
      throw new Error(`is over the ${LOGO_MAX_BYTES}-byte cap`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

export function createLogoLoader(deps: LogoLoaderDeps) {
  const now = deps.now ?? Date.now;
  let cached: { bytes: Buffer | null; until: number } | null = null;
  let inFlight: Promise<Buffer | null> | null = null;

  async function load(url: string): Promise<Buffer | null> {
    try {
      const bytes = url.startsWith("data:")
        ? decodeDataUrl(url)
        : await fetchBounded(url, deps.timeoutMs ?? LOGO_TIMEOUT_MS);
      if (!bytes || !isPngOrJpeg(bytes)) throw new Error("is not a PNG or JPEG image");
      cached = { bytes, until: now() + KEEP_MS };
      return bytes;
    } catch (err) {
      deps.warn?.(`BRAND_LOGO_URL ${(err as Error).message}; exports go without a logo`);
      cached = { bytes: null, until: now() + RETRY_MS };
      return null;
    }
  }

  return {
    /** The logo's bytes, or null (none configured, or it could not be used). */
    async get(): Promise<Buffer | null> {
      const url = deps.url;
      if (!url) return null;
      if (cached && cached.until > now()) return cached.bytes;
      inFlight ??= load(url).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

export type LogoLoader = ReturnType<typeof createLogoLoader>;
