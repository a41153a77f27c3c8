/**
 * The text content of `<script id="…">…</script>` in a page's HTML, found with indexOf (no DOM
 * parser, linear time). Script JSON escapes "</" so the first "</script>" after the tag ends it.
 * Used by the server's TikTok collector and the browser extension's TikTok parser.
 */
export function extractScriptById(html: string, id: string): string | undefined {
  let idx = html.indexOf(`id="${id}"`);
  if (idx < 0) idx = html.indexOf(`id='${id}'`);
  if (idx < 0) return undefined;
  const open = html.indexOf(">", idx);
  if (open < 0) return undefined;
  const close = html.indexOf("</script>", open);
  if (close < 0) return undefined;
  return html.slice(open + 1, close);
}
