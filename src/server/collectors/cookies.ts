/**
 * Cookies for the unofficial web collectors: a small jar per collector instance (what the platform
 * set on the first page is sent back on the next requests, as a browser does) and the Netscape
 * cookies.txt format an operator exports from a browser (INSTAGRAM_COOKIES_FILE, …).
 *
 * A jar belongs to one platform's collector, which talks to one site, so cookies are kept by name
 * and sent to that collector's requests whatever their host (the base URL may be a mirror or a test
 * server). Paths, the Secure flag and SameSite are not modelled: every request is a top-level one.
 */
import { readFileSync } from "node:fs";

export interface Cookie {
  name: string;
  value: string;
  /** Epoch ms; undefined = a session cookie (kept for the life of the process). */
  expiresAt?: number;
}

export interface CookieJar {
  /** The Cookie request header, or undefined when the jar is empty. */
  header(): string | undefined;
  /** Stores the Set-Cookie headers of a response (deletions included). */
  storeFrom(headers: Headers): void;
  set(cookie: Cookie): void;
  delete(name: string): void;
  get(name: string): string | undefined;
  readonly size: number;
}

const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,256}$/;

/** Parses one Set-Cookie value ("a=b; Max-Age=60; Path=/"). Undefined when unusable. */
export function parseSetCookie(line: string, nowMs: number): Cookie | undefined {
  const [pair, ...attrs] = line.split(";");
  const eq = pair?.indexOf("=") ?? -1;
  if (!pair || eq <= 0) return undefined;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  if (!NAME.test(name) || value.length > 8192) return undefined;
  let expiresAt: number | undefined;
  let maxAgeSeen = false;
  for (const attr of attrs) {
    const i = attr.indexOf("=");
    const key = (i < 0 ? attr : attr.slice(0, i)).trim().toLowerCase();
    const val = i < 0 ? "" : attr.slice(i + 1).trim();
    if (key === "max-age" && /^-?\d+$/.test(val)) {
      expiresAt = nowMs + Number(val) * 1000;
      maxAgeSeen = true;
    } else if (key === "expires" && !maxAgeSeen) {
      const t = Date.parse(val);
      if (!Number.isNaN(t)) expiresAt = t;
    }
  }
  return { name, value, expiresAt };
}

export function createCookieJar(initial: readonly Cookie[] = [], now: () => number = Date.now): CookieJar {
  const cookies = new Map<string, Cookie>();
  const live = (c: Cookie) => c.expiresAt === undefined || c.expiresAt > now();
  const jar: CookieJar = {
    header() {
      const parts: string[] = [];
      for (const [name, c] of cookies) {
        if (!live(c)) cookies.delete(name);
        else parts.push(`${c.name}=${c.value}`);
      }
      return parts.length > 0 ? parts.join("; ") : undefined;
    },
    storeFrom(headers) {
      for (const line of headers.getSetCookie()) {
        const c = parseSetCookie(line, now());
        if (!c) continue;
        if (live(c)) cookies.set(c.name, c);
        else cookies.delete(c.name);
      }
    },
    set(c) {
      cookies.set(c.name, c);
    },
    delete(name) {
      cookies.delete(name);
    },
    get(name) {
      const c = cookies.get(name);
      return c && live(c) ? c.value : undefined;
    },
    get size() {
      return cookies.size;
    },
  };
  for (const c of initial) jar.set(c);
  return jar;
}

/** The sites whose cookies a platform's file may contribute (other lines are ignored). */
export const COOKIE_DOMAINS = {
  instagram: ["instagram.com"],
  tiktok: ["tiktok.com"],
  youtube: ["youtube.com"],
} as const;

export class CookieFileError extends Error {
  override name = "CookieFileError";
}

/**
 * Parses a Netscape cookies.txt: one cookie a line, seven tab-separated fields
 * (domain, include-subdomains, path, secure, expiry in epoch seconds with 0 = session, name, value);
 * `#` starts a comment except the `#HttpOnly_` domain prefix. Cookies for other sites than
 * `domains`, and expired ones, are left out. Throws CookieFileError naming the first bad line.
 */
export function parseNetscapeCookies(text: string, domains: readonly string[], nowMs: number): Cookie[] {
  const out: Cookie[] = [];
  const lines = text.split(/\r?\n/);
  let cookieLines = 0;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (line.startsWith("#HttpOnly_")) line = line.slice("#HttpOnly_".length);
    else if (line.startsWith("#") || line.trim() === "") continue;
    const fields = line.split("\t");
    if (fields.length !== 7)
      throw new CookieFileError(
        `line ${i + 1} is not a Netscape cookie line (7 tab-separated fields: domain, flag, path, secure, expiry, name, value)`,
      );
    const [domain, , , , expiry, name, value] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (!/^\d+$/.test(expiry.trim()))
      throw new CookieFileError(
        `line ${i + 1}: the expiry must be epoch seconds, got "${expiry.slice(0, 20)}"`,
      );
    if (!NAME.test(name))
      throw new CookieFileError(`line ${i + 1}: "${name.slice(0, 40)}" is not a cookie name`);
    cookieLines++;
    const host = domain.trim().replace(/^\./, "").toLowerCase();
    if (!domains.some((d) => host === d || host.endsWith(`.${d}`))) continue;
    const seconds = Number(expiry.trim());
    const expiresAt = seconds === 0 ? undefined : seconds * 1000;
    if (expiresAt !== undefined && expiresAt <= nowMs) continue;
    out.push({ name, value: value.trim(), expiresAt });
  }
  if (cookieLines === 0)
    throw new CookieFileError("it has no cookie lines (is it a Netscape cookies.txt export?)");
  return out;
}

/** Reads and parses a cookie file; CookieFileError with the reason when it can't. */
export function loadCookieFile(path: string, domains: readonly string[], nowMs: number): Cookie[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new CookieFileError(
      code === "ENOENT" ? `${path} does not exist` : `${path} cannot be read (${code ?? "error"})`,
    );
  }
  return parseNetscapeCookies(text, domains, nowMs);
}
