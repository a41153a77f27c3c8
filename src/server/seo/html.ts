import type { HeadTag } from "#core/seo/page-meta";

/** Escapes text for an HTML attribute value or element content (& < > " '). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) =>
    c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : "&#39;",
  );
}

/**
 * Head elements as HTML. Every value is escaped; the JSON-LD text is already escaped by jsonLdText
 * (no "<", ">" or "&" left in it). Each element carries data-static-head, so the web app removes
 * them when it starts and its own <Seo> takes over (src/web/main.tsx).
 */
export function renderHeadTags(tags: readonly HeadTag[]): string {
  return tags
    .map((t) => {
      const attrs = Object.entries(t.attrs)
        .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
        .join("");
      const open = `<${t.tag} data-static-head${attrs}>`;
      if (t.tag === "meta" || t.tag === "link") return open;
      const text = t.tag === "script" ? (t.text ?? "").replace(/</g, "\\u003c") : escapeHtml(t.text ?? "");
      return `${open}${text}</${t.tag}>`;
    })
    .join("\n    ");
}

const TITLE = /<title\b[^>]*>[\s\S]*?<\/title>\s*/i;
const STATIC_META = /<meta\b[^>]*\bdata-static-head\b[^>]*>\s*/gi;

/** A template of index.html ready to take head tags: its fallback title and description removed. */
export interface HtmlTemplate {
  before: string;
  after: string;
}

/**
 * Splits index.html at the point where page head tags go: where its <title> was, else before
 * </head>, else after <head>, else at the start. The fallback title and data-static-head metas go.
 */
export function prepareTemplate(indexHtml: string): HtmlTemplate {
  const titleAt = indexHtml.search(TITLE);
  let html = indexHtml;
  let at: number;
  if (titleAt >= 0) {
    html = html.replace(TITLE, "");
    at = titleAt;
  } else {
    const headEnd = html.search(/<\/head>/i);
    const headStart = /<head\b[^>]*>/i.exec(html);
    at = headEnd >= 0 ? headEnd : headStart ? headStart.index + headStart[0].length : 0;
  }
  const before = html.slice(0, at).replace(STATIC_META, "");
  const after = html.slice(at).replace(STATIC_META, "");
  return { before, after };
}

export function renderPage(template: HtmlTemplate, tags: readonly HeadTag[]): string {
  return `${template.before}${renderHeadTags(tags)}\n    ${template.after}`;
}
