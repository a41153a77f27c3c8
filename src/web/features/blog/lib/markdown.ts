import { Marked } from "marked";

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Markdown → HTML for our own articles. Raw HTML in the source is shown as text, never rendered,
 * and only http(s), mailto and site-relative links are kept.
 */
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }) {
      const label = this.parser.parseInline(tokens);
      if (!/^(https?:|mailto:|\/(?!\/)|#)/i.test(href)) return label;
      const external = /^https?:/i.test(href);
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
      const rel = external ? ' rel="noopener noreferrer" target="_blank"' : "";
      return `<a href="${escapeHtml(href)}"${titleAttr}${rel}>${label}</a>`;
    },
    image({ text }) {
      return escapeHtml(text); // no remote images in articles
    },
  },
});

export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}
