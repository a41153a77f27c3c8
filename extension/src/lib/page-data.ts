/**
 * Pulls the JSON a platform embeds in its own HTML out of a page (document or fetched text). A
 * `<script id="…">` is read by core's extractScriptById (src/core/platform-json/page-script.ts).
 */
import { CaptureError } from "./capture-error";

/**
 * The object a page assigns to a global in an inline script (`var ytInitialData = {…};`), from
 * the page's HTML. Undefined when the page has no such assignment.
 */
export function extractAssignedJson(html: string, name: string): string | undefined {
  const re = new RegExp(`(?:var\\s+|window\\[["']|window\\.)${name}(?:["']\\])?\\s*=\\s*`);
  const m = re.exec(html);
  if (!m) return undefined;
  const start = m.index + m[0].length;
  if (html[start] !== "{") return undefined;
  const end = html.indexOf(";</script>", start);
  const endAlt = html.indexOf("</script>", start);
  const stop = end >= 0 ? end : endAlt;
  if (stop < 0) return undefined;
  return html.slice(start, stop).trim().replace(/;$/, "");
}

/** JSON.parse with a CaptureError naming the platform and what was being read. */
export function parsePageJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new CaptureError(
      `The ${what} on this page is not readable JSON; the site may have changed its format. Reload the page and try again.`,
      "unreadable-page-data",
    );
  }
}
