/** Character classes (char codes), so the parser's hot path needs no regular expressions. */
export const SLASH = 47;
export const AT = 64;
export const DOT = 46;
const COLON = 58;

export const F_UPPER = 1;
export const F_HYPHEN = 2;
export const F_SPACE = 4;
export const F_LINKISH = 8; // "/", ":", "." — worth checking for a URL
export const F_OTHER = 16; // anything a handle can never contain (incl. "@" after the start)
export const F_UNUSUAL = 32; // control or non-ASCII characters: clean() before reading

function isSpaceLike(c: number): boolean {
  return (
    (c >= 9 && c <= 13) ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Control, format and bidi characters that copy-paste drags along (zero-width, LRM/RLM, BOM…). */
function isInvisible(c: number): boolean {
  return (
    c < 0x20 ||
    (c >= 0x7f && c <= 0x9f) ||
    c === 0xad ||
    c === 0x61c ||
    c === 0x180e ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x206f) ||
    c === 0xfeff
  );
}

/** Maps Unicode spaces to " ", drops invisible characters, trims. */
export function clean(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e) out += s[i];
    else if (isSpaceLike(c)) out += " ";
    else if (!isInvisible(c)) out += s[i];
  }
  return out.trim();
}

/** One pass over the text: which kinds of characters it has (F_* flags). */
export function scan(text: string): number {
  let flags = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95) continue;
    if (c >= 65 && c <= 90) flags |= F_UPPER;
    else if (c === DOT) flags |= F_LINKISH;
    else if (c === 45) flags |= F_HYPHEN;
    else if (c === 32) flags |= F_SPACE;
    else if (c === SLASH || c === COLON) flags |= F_LINKISH | F_OTHER;
    else if (c === AT && i === 0) continue;
    else if (c < 0x20 || c > 0x7e) flags |= F_OTHER | F_UNUSUAL;
    else flags |= F_OTHER;
  }
  return flags;
}
