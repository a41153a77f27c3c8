import { POST_TYPES, type PostType } from "../schemas/snapshot";
import { num } from "./stats";

/** The analysis window: the most recent posts (peers.md §2.1: windows run from 9 to 30 posts). */
export const MAX_POSTS = 30;
/**
 * Characters of one caption the engine reads: the first SCAN_HEAD and the last SCAN_TAIL (topic and
 * language show at the start; hashtags and disclosures such as "#ad" sit at the end). The rest is
 * never read, so a 10 MB caption costs the same as a 700-character one.
 */
export const SCAN_HEAD = 500;
export const SCAN_TAIL = 200;
export const CAPTION_SCAN = SCAN_HEAD + SCAN_TAIL;

const TYPES = new Set<string>(POST_TYPES);

/** A post with every count checked: null means unknown (missing, negative, NaN or infinite). */
export interface CleanPost {
  id: string;
  type: PostType;
  /** At most CAPTION_SCAN + 1 characters (long captions keep their head and their tail). */
  caption: string;
  /** Full caption length before truncation. */
  captionLength: number;
  /** Epoch ms; NaN when the date is unreadable (then the post is left out of time-based figures). */
  postedAt: number;
  likes: number | null;
  comments: number | null;
  views: number | null;
  shares: number | null;
  /** The collector's own paid-partnership label, when it reports one. */
  platformAd: boolean;
  /** The source could not tell the format (a short YouTube upload without its Shorts list). */
  formatUnknown: true | undefined;
}

function digits(s: string, at: number, n: number): number {
  let v = 0;
  for (let k = 0; k < n; k++) {
    const d = s.charCodeAt(at + k) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/** Days from 1970-01-01 to the proleptic Gregorian date y-m-d (m 1–12; H. Hinnant's algorithm). */
function daysFromCivil(year: number, m: number, d: number): number {
  const y = m <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/**
 * Epoch ms of an ISO 8601 date-time. The common "YYYY-MM-DDTHH:MM:SS[.sss](Z|±HH:MM)" form is read
 * directly (Date.parse is several times slower); anything else goes to Date.parse. NaN if unreadable.
 */
export function parseIso(s: string): number {
  const len = s.length;
  if (len >= 20 && len <= 29 && s.charCodeAt(4) === 45 && s.charCodeAt(7) === 45 && s.charCodeAt(13) === 58) {
    const t = s.charCodeAt(10);
    const y = digits(s, 0, 4);
    const mo = digits(s, 5, 2);
    const d = digits(s, 8, 2);
    const hh = digits(s, 11, 2);
    const mi = digits(s, 14, 2);
    const ss = s.charCodeAt(16) === 58 ? digits(s, 17, 2) : -1;
    if (
      (t === 84 || t === 32) &&
      y >= 0 &&
      mo >= 1 &&
      mo <= 12 &&
      d >= 1 &&
      d <= 31 &&
      hh >= 0 &&
      hh <= 23 &&
      mi >= 0 &&
      mi <= 59 &&
      ss >= 0 &&
      ss <= 59
    ) {
      let at = 19;
      let ms = 0;
      if (s.charCodeAt(at) === 46) {
        at++;
        let scale = 100;
        while (at < len) {
          const c = s.charCodeAt(at) - 48;
          if (c < 0 || c > 9) break;
          ms += c * scale;
          scale /= 10;
          at++;
        }
      }
      let offset = 0;
      const z = s.charCodeAt(at);
      if (z === 90 && at === len - 1) offset = 0;
      else if ((z === 43 || z === 45) && at + 6 === len && s.charCodeAt(at + 3) === 58) {
        const oh = digits(s, at + 1, 2);
        const om = digits(s, at + 4, 2);
        if (oh < 0 || om < 0) return Date.parse(s);
        offset = (z === 43 ? 1 : -1) * (oh * 60 + om) * 60_000;
      } else return Date.parse(s);
      // An impossible day ("02-31") is left to Date.parse, whatever it makes of it.
      const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
      if (d > (mo === 2 ? (leap ? 29 : 28) : mo === 4 || mo === 6 || mo === 9 || mo === 11 ? 30 : 31))
        return Date.parse(s);
      // Date.UTC reads years 0–99 as 1900–1999: leave those to it.
      if (y < 100) return Date.UTC(y, mo - 1, d, hh, mi, ss, Math.floor(ms)) - offset;
      return (
        daysFromCivil(y, mo, d) * 86_400_000 +
        hh * 3_600_000 +
        mi * 60_000 +
        ss * 1000 +
        Math.floor(ms) -
        offset
      );
    }
  }
  return Date.parse(s);
}

/** Caption head and tail (see SCAN_HEAD): disclosures (#ad) are often at the very end of long captions. */
export function boundedCaption(text: string): string {
  if (text.length <= CAPTION_SCAN) return text;
  return `${text.slice(0, SCAN_HEAD)}\n${text.slice(text.length - SCAN_TAIL)}`;
}

/**
 * The posts the engine analyses: valid entries only, de-duplicated by id, newest first, at most
 * MAX_POSTS. Defensive on purpose: the snapshot schema may have been bypassed.
 */
export function cleanPosts(posts: unknown): CleanPost[] {
  if (!Array.isArray(posts)) return [];
  const out: CleanPost[] = [];
  const seen = idSet(posts.length);
  for (const raw of posts) {
    if (!raw || typeof raw !== "object") continue;
    const p = raw as Record<string, unknown>;
    const rawId = p.id;
    const id =
      typeof rawId === "string" ? rawId : typeof rawId === "number" ? String(rawId) : `#${out.length}`;
    if (!seen.add(id)) continue;
    const type = typeof p.type === "string" && TYPES.has(p.type) ? (p.type as PostType) : "photo";
    const text = typeof p.caption === "string" ? p.caption : "";
    const t = typeof p.postedAt === "string" && p.postedAt.length <= 64 ? parseIso(p.postedAt) : Number.NaN;
    out.push({
      id,
      type,
      caption: boundedCaption(text),
      captionLength: text.length,
      postedAt: t,
      likes: num(p.likes),
      comments: num(p.comments),
      views: num(p.views),
      shares: num(p.shares),
      platformAd: p.isAd === true || p.paidPartnership === true || p.isSponsored === true,
      formatUnknown: p.formatUnknown === true || undefined,
    });
  }
  // Newest first; unreadable dates last (stable otherwise). Collectors list posts newest first:
  // the sort is skipped when the order already holds.
  let sorted = true;
  for (let i = 1; i < out.length && sorted; i++) if (sortKey(out[i - 1]!) < sortKey(out[i]!)) sorted = false;
  if (!sorted) out.sort(newestFirst);
  if (out.length > MAX_POSTS) out.length = MAX_POSTS;
  return out;
}

/**
 * The ids cleanPosts has seen: an open-addressing set over the ids' characters, reused by every
 * call (the engine is synchronous). A generation number marks the live slots, so nothing is
 * cleared between calls and nothing is allocated for the usual 30 posts.
 */
class IdSet {
  keys: string[] = [];
  stamps = new Int32Array(0);
  mask = 0;
  generation = 0;

  /** Ready for a new list of up to n ids. */
  reset(n: number): this {
    let size = 64;
    while (size < n * 2) size *= 2;
    if (size > this.stamps.length) {
      this.stamps = new Int32Array(size);
      this.keys = new Array<string>(size).fill("");
      this.mask = size - 1;
      this.generation = 0;
    }
    if (this.generation === 0x7fffffff) {
      this.stamps.fill(0);
      this.generation = 0;
    }
    this.generation++;
    return this;
  }

  /** Adds the id; false when it was already there. */
  add(id: string): boolean {
    let h = 0x811c9dc5 | 0;
    for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
    const { stamps, keys, mask, generation } = this;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      if (stamps[slot] !== generation) {
        stamps[slot] = generation;
        keys[slot] = id;
        return true;
      }
      if (keys[slot] === id) return false;
    }
  }
}
const SEEN = new IdSet();
const idSet = (n: number) => SEEN.reset(n);

const sortKey = (p: CleanPost): number => (Number.isNaN(p.postedAt) ? -Infinity : p.postedAt);
const newestFirst = (a: CleanPost, b: CleanPost): number => sortKey(b) - sortKey(a);
