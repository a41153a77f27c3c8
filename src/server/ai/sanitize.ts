/**
 * Text hygiene at both ends of the model: creator texts going in (untrusted data) and model
 * strings coming out (rendered as plain text, never as HTML or Markdown).
 */

// C0/C1 controls except tab and newline; zero-width, bidi-override and BOM characters.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** Removes control, zero-width and bidi characters (they hide text from a human reviewer). */
export function stripInvisible(text: string): string {
  return text.replace(CONTROL, "").replace(INVISIBLE, "");
}

/** Cuts `text` to at most `max` characters, at a word boundary when one is near, marking the cut with "…". */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(0, max - 1));
  if (/\s/.test(text[cut.length] ?? "")) return `${cut.trimEnd()}…`;
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An untrusted creator text (bio, caption, name) prepared for the prompt: visible characters only, bounded. */
export function creatorText(value: unknown, max: number): string {
  if (typeof value !== "string") return "";
  return truncate(stripInvisible(value).replace(/\s+/g, " ").trim(), max);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code =
        ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/**
 * A model string as plain text: no HTML tags, no Markdown markup, no links or images (a documented
 * exfiltration channel), no invisible characters, whitespace collapsed, at most `max` characters.
 */
export function toPlainText(value: string, max: number): string {
  let text = stripInvisible(value);
  text = text.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ");
  text = text.replace(/<!--[\s\S]*?-->/g, " ");
  // Decode entities then strip tags, twice, so "&lt;b&gt;" cannot survive as a tag.
  for (let i = 0; i < 2; i++) text = decodeEntities(text).replace(/<\/?[a-z][^<>]*>/gi, " ");
  text = text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1") // images → alt text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1") // links → their text
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, "$1") // reference links
    .replace(/^\s{0,3}\[[^\]]+\]:\s*\S+.*$/gm, " ") // link definitions
    .replace(/```[a-z]*\n?/gi, " ") // code fences
    .replace(/`([^`]*)`/g, "$1") // inline code
    .replace(/^\s{0,3}#{1,6}\s+/gm, "") // headings
    .replace(/^\s{0,3}>\s?/gm, "") // block quotes
    .replace(/^\s*(?:[-*+•]|\d{1,2}[.)])\s+/gm, "") // list markers
    .replace(/^\s*(?:[-*_]\s*){3,}$/gm, " ") // rules
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2") // bold
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, "$1$2") // *italic*
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, "$1"); // strikethrough
  text = text.replace(/\b(?:https?|ftp):\/\/[^\s<>"')\]]+/gi, " ").replace(/\bwww\.[^\s<>"')\]]+/gi, " ");
  text = text.replace(/\b(?:javascript|data|vbscript):\S*/gi, " ");
  text = text
    .replace(/[<>]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/\s+([.,;:!?)])/g, "$1")
    .trim();
  return truncate(text, max);
}
