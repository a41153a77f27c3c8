import net from "node:net";
import { z } from "zod";

/** The field parsers of config.ts's environment schema (each names the variable and what was wrong). */

export const optionalString = z
  .string()
  .trim()
  .max(4096)
  .optional()
  .transform((v) => (v === "" ? undefined : v));

export const intInRange = (name: string, min: number, max: number, dflt: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return dflt;
      if (!/^\d+$/.test(v)) {
        ctx.addIssue({ code: "custom", message: `must be a whole number from ${min} to ${max}, got "${v}"` });
        return z.NEVER;
      }
      const n = Number(v);
      if (n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `must be from ${min} to ${max}, got ${v}` });
        return z.NEVER;
      }
      return n;
    })
    .describe(name);

export const httpUrl = (dflt?: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const value = v === undefined || v === "" ? dflt : v;
      if (value === undefined) return undefined;
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: "custom", message: `must be an http(s) URL, got "${value}"` });
        return z.NEVER;
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        ctx.addIssue({ code: "custom", message: `must be an http(s) URL, got "${value}"` });
        return z.NEVER;
      }
      return value.replace(/\/+$/, "");
    });

/**
 * An http(s) forward proxy, "http://user:pass@host:3128". Messages never repeat the credentials.
 */
export const proxyUrl = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "") return undefined;
    let url: URL;
    try {
      if (!v.includes("://")) throw new Error("no scheme");
      url = new URL(v);
    } catch {
      ctx.addIssue({
        code: "custom",
        message: "must be an http:// or https:// proxy URL such as http://user:pass@proxy.example:3128",
      });
      return z.NEVER;
    }
    const shown = `${url.protocol}//${url.host}`;
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      ctx.addIssue({
        code: "custom",
        message: `must be an http:// or https:// proxy URL (SOCKS is not supported), got ${url.protocol}//…`,
      });
      return z.NEVER;
    }
    if (!url.hostname) {
      ctx.addIssue({ code: "custom", message: "must name the proxy host, e.g. http://proxy.example:3128" });
      return z.NEVER;
    }
    if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash) {
      ctx.addIssue({
        code: "custom",
        message: `must be a proxy origin without a path or query, e.g. ${shown}`,
      });
      return z.NEVER;
    }
    return v.replace(/\/+$/, "");
  });

export const flag = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "" || v === "0" || v.toLowerCase() === "false") return false;
    if (v === "1" || v.toLowerCase() === "true") return true;
    ctx.addIssue({ code: "custom", message: `must be 1 or 0, got "${v}"` });
    return z.NEVER;
  });

/** A comma-separated list, trimmed, empties dropped. */
const commaList = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** "10.0.0.1", "172.18.0.0/16", "::1", "fd00::/8": what proxy-addr (Fastify's trustProxy) accepts. */
function isAddressOrCidr(entry: string): boolean {
  const [address, bits, extra] = entry.split("/");
  if (extra !== undefined || !address) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** A host name or IP literal as it appears in a Host header, without the port. */
const HOST_NAME =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^\[[0-9a-f:.]+\]$/;

/** BRAND_LOGO_URL (config.ts envSchema). */
export const brandLogoUrlField = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "") return undefined;
    if (v.startsWith("data:")) {
      if (v.length > 130_000 || !/^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/=]+$/.test(v)) {
        ctx.addIssue({
          code: "custom",
          message:
            "must be an http(s) URL or a data:image/png or data:image/jpeg base64 URL under 130,000 characters (an environment variable holds at most 128 KiB)",
        });
        return z.NEVER;
      }
      return v;
    }
    let url: URL | null = null;
    try {
      url = new URL(v);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || v.length > 2048) {
      ctx.addIssue({
        code: "custom",
        message: `must be an http(s) URL or a data:image URL, got "${v.slice(0, 80)}"`,
      });
      return z.NEVER;
    }
    return v;
  });

/** DATABASE_URL (config.ts envSchema). */
export const databaseUrlField = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "") return undefined;
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a postgres:// or postgresql:// URL" });
      return z.NEVER;
    }
    if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
      ctx.addIssue({
        code: "custom",
        message: `must be a postgres:// or postgresql:// URL, got ${url.protocol}//…`,
      });
      return z.NEVER;
    }
    return v;
  });

/** ALLOWED_HOSTS (config.ts envSchema). */
export const allowedHostsField = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const list = commaList(v).map((h) => h.toLowerCase());
    for (const host of list) {
      if (!HOST_NAME.test(host)) {
        ctx.addIssue({
          code: "custom",
          message: `"${host}" is not a host name (give names like example.com, without scheme or port)`,
        });
        return z.NEVER;
      }
    }
    return list;
  });

/** TRUSTED_PROXIES (config.ts envSchema). */
export const trustedProxiesField = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const list = commaList(v);
    for (const entry of list) {
      if (!isAddressOrCidr(entry)) {
        ctx.addIssue({
          code: "custom",
          message: `"${entry}" is not an IP address or CIDR range (e.g. 172.18.0.0/16)`,
        });
        return z.NEVER;
      }
    }
    return list;
  });

/** ADMIN_EMAILS (config.ts envSchema). */
export const adminEmailsField = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const list = (v ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    for (const e of list) {
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)) {
        ctx.addIssue({ code: "custom", message: `"${e}" is not an e-mail address` });
        return z.NEVER;
      }
    }
    return list;
  });

/** CONTACT_EMAIL (config.ts envSchema). */
export const contactEmailField = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === "") return undefined;
    if (v.length > 254 || !/^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/.test(v)) {
      ctx.addIssue({
        code: "custom",
        message: `must be one e-mail address such as hello@example.com (got "${v.slice(0, 100)}")`,
      });
      return z.NEVER;
    }
    return v;
  });

/** ALLOWED_EMAIL_DOMAINS (config.ts envSchema): domains as in an address after its "@", lower-cased. */
export const allowedEmailDomainsField = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const list = commaList(v).map((d) => d.toLowerCase());
    for (const domain of list) {
      if (!HOST_NAME.test(domain) || !domain.includes(".") || domain.startsWith("[")) {
        ctx.addIssue({
          code: "custom",
          message: `"${domain.slice(0, 100)}" is not an e-mail domain (give names like agency.example, without "@" or scheme)`,
        });
        return z.NEVER;
      }
    }
    return [...new Set(list)];
  });
