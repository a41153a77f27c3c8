/**
 * The sitemap protocol (sitemaps.org): at most 50,000 URLs per file, absolute URLs, entity-escaped
 * (& ' " < >); past that a sitemap index lists the files.
 */
export const MAX_URLS_PER_SITEMAP = 50_000;

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** W3C date (YYYY-MM-DD or a full ISO time). */
  lastmod?: string;
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) =>
    c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : "&apos;",
  );
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function entryXml(tag: "url" | "sitemap", e: SitemapEntry): string {
  const lastmod = e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : "";
  return `<${tag}><loc>${escapeXml(e.loc)}</loc>${lastmod}</${tag}>`;
}

export function urlsetXml(entries: readonly SitemapEntry[]): string {
  if (entries.length > MAX_URLS_PER_SITEMAP) {
    throw new Error(`a sitemap holds at most ${MAX_URLS_PER_SITEMAP} URLs, got ${entries.length}`);
  }
  return `${HEAD}<urlset ${NS}>\n${entries.map((e) => entryXml("url", e)).join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(sitemaps: readonly SitemapEntry[]): string {
  return `${HEAD}<sitemapindex ${NS}>\n${sitemaps.map((e) => entryXml("sitemap", e)).join("\n")}\n</sitemapindex>\n`;
}
