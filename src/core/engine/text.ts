import * as automaton from "./automaton";
import { COUNTRY_CODES, INDUSTRY_LIST, LANGS, lower, SIGNAL } from "./lexicon";

// The automaton's tables as constants of this module. An imported binding is read through its
// module cell at every use — the optimiser cannot fold it — and the scan uses these per character
// and per word; a module-local constant is folded into the compiled code.
const {
  ACTION_FULL,
  ALPHABET,
  BASE,
  CHECK,
  COUNTRY_NAMES,
  compoundEntry,
  E_FLAGS,
  E_HALVES,
  E_INDUSTRY,
  E_LANGS,
  E_PLACE,
  E_SHARE,
  E_TAG,
  E_WORD,
  F_ACTIVE,
  F_CODE_WORD,
  F_GENERIC,
  F_PERCENT_WORD,
  F_PHRASE_START,
  LETTER,
  PHRASE_NEXT,
  PHRASE_OPEN,
  PHRASE_PLACE,
  PHRASE_SIGNAL,
  PHRASE_TERMINAL,
  PHRASE_WORD,
  PHRASE_WORDS,
  ROOT,
  STATE_ACTION,
  WORD_ENTRY,
} = automaton;
const { DISCOUNT, DISCOUNT_CODE, MENTION } = SIGNAL;

/**
 * One linear pass over a text (bio, name or caption) that collects everything the engine reads
 * from words: industry keywords, stop-word votes, scripts, place names, flags, currency signs,
 * sponsorship signals, hashtags and @mentions. No regular expressions, no substrings, no hashing:
 * each character is one table load (its class) and one step of the lexicon automaton
 * (automaton.ts), so at the end of a word its lexicon entry is already known.
 */

export type TextKind = "bio" | "name" | "caption";

/** Per-kind keyword weights and the most one text may add to one industry. */
const WEIGHTS: Record<TextKind, { word: number; tag: number; cap: number }> = {
  bio: { word: 3, tag: 3, cap: 12 },
  name: { word: 2, tag: 2, cap: 4 },
  caption: { word: 1, tag: 2, cap: 4 },
};

/** Evidence that an account is tied to a country. */
export interface CountryEvidence {
  declared: boolean;
  bioPlace: boolean;
  captionPlaces: number;
  bioFlag: boolean;
  captionFlags: number;
  currency: number;
  /** Index of the last text that counted (one count per caption). */
  lastPlaceText: number;
  lastFlagText: number;
  lastCurrencyText: number;
}

/** Currency signs seen, by sign, counted once per text. */
export type CurrencyCounts = Map<string, number>;

export interface ScanState {
  industry: Float64Array;
  /** Per-text scratch (then capped and added to `industry`). */
  textIndustry: Float64Array;
  /** Stop-word votes: votes[1 + i] for LANGS[i]; votes[0] takes the fast path's non-votes. */
  votes: Float64Array;
  scripts: Int32Array;
  countries: Map<string, CountryEvidence>;
  currencies: CurrencyCounts;
  currencyLast: Map<string, number>;
  textIndex: number;
  self: string;
  // The text being scanned (reset by scanText):
  kind: TextKind;
  /** Keyword weights of the kind, halved (a weak keyword counts once, a strong one twice). */
  wordWeight: number;
  tagWeight: number;
  signals: number;
  /** The open phrase node (0 = none). */
  phrase: number;
  /** The previous word was "code", "cupom"…. */
  prevCode: boolean;
  /** Words left in which "off", "descuento"… make a "%" a discount. */
  pct: number;
  /** phrase, prevCode or pct is set: the next word must take the full path. */
  open: boolean;
  words: number;
  hashtags: number;
  /** Industries the text touched (their textIndustry is > 0), as a bit set. */
  touched: number;
  voted: boolean;
  mentions: string[];
}

/** What one text gave (a reused object: copy what you keep). */
export interface TextResult {
  lang: string;
  signals: number;
  hashtags: number;
  words: number;
  mentions: string[];
}

export function newScanState(self: string): ScanState {
  return {
    industry: new Float64Array(INDUSTRY_LIST.length),
    textIndustry: new Float64Array(INDUSTRY_LIST.length),
    votes: new Float64Array(LANGS.length + 1),
    scripts: new Int32Array(SCRIPT_LANGS.length),
    countries: new Map(),
    currencies: new Map(),
    currencyLast: new Map(),
    textIndex: 0,
    self,
    kind: "caption",
    wordWeight: 0,
    tagWeight: 0,
    signals: 0,
    phrase: 0,
    prevCode: false,
    pct: 0,
    open: false,
    words: 0,
    hashtags: 0,
    touched: 0,
    voted: false,
    mentions: [],
  };
}

/** Clears a scan state for the next account (cheaper than a new one; the engine reuses one). */
export function resetScanState(state: ScanState, self: string): ScanState {
  state.industry.fill(0);
  state.textIndustry.fill(0);
  state.votes.fill(0);
  state.scripts.fill(0);
  // (Map.clear allocates a new table even for an empty map.)
  if (state.countries.size) state.countries.clear();
  if (state.currencies.size) state.currencies.clear();
  if (state.currencyLast.size) state.currencyLast.clear();
  state.textIndex = 0;
  state.self = self;
  state.kind = "caption";
  return state;
}

export function newTextResult(): TextResult {
  return { lang: "und", signals: 0, hashtags: 0, words: 0, mentions: [] };
}

// Non-Latin scripts by Unicode block → language (index into SCRIPT_LANGS).
const SCRIPT_LANGS = ["ell", "rus", "heb", "arb", "hin", "tha", "kor", "jpn", "cmn"] as const;
const S_GREEK = 0;
const S_CYRILLIC = 1;
const S_HEBREW = 2;
const S_ARABIC = 3;
const S_DEVANAGARI = 4;
const S_THAI = 5;
const S_HANGUL = 6;
const S_KANA = 7;
const S_HAN = 8;

function scriptOf(c: number): number {
  if (c < 0x0400) return c >= 0x0370 ? S_GREEK : -1;
  if (c < 0x0530) return S_CYRILLIC;
  if (c < 0x0590) return -1;
  if (c < 0x0600) return S_HEBREW;
  if (c < 0x0780) return S_ARABIC;
  if (c < 0x0900) return -1;
  if (c < 0x0980) return S_DEVANAGARI;
  if (c < 0x0e00) return -1;
  if (c < 0x0e80) return S_THAI;
  if (c >= 0x1100 && c < 0x1200) return S_HANGUL;
  if (c >= 0x3040 && c < 0x3100) return S_KANA;
  if (c >= 0x3130 && c < 0x3190) return S_HANGUL;
  if (c >= 0x3400 && c < 0xa000) return S_HAN;
  if (c >= 0xac00 && c < 0xd7b0) return S_HANGUL;
  if (c >= 0xfb50 && c < 0xff00) return S_ARABIC;
  return -1;
}

/** Word characters from U+0080: letters and marks of every script; punctuation, symbols, emoji are not. */
function isWordHigh(c: number): boolean {
  if (c < 0xc0) return false; // Latin-1 punctuation and signs (£, ¥, «, ©, nbsp)
  if (c < 0x2000) return c !== 0xd7 && c !== 0xf7 && c !== 0x0e3f;
  if (c < 0x2c00) return false; // punctuation, currency, arrows, maths, dingbats
  if (c < 0x3000) return true;
  if (c < 0x3040) return false; // CJK punctuation
  if (c < 0xd800) return true; // kana, CJK, Hangul
  if (c < 0xf900) return false; // surrogates (emoji), private use
  if (c < 0xfe00) return true;
  if (c < 0xfe70) return false; // variation selectors, small forms
  if (c < 0xfeff) return true;
  return (c >= 0xff21 && c <= 0xff3a) || (c >= 0xff41 && c <= 0xff5a) || (c >= 0xff66 && c <= 0xffdc);
}

function evidence(state: ScanState, country: string): CountryEvidence {
  let e = state.countries.get(country);
  if (!e) {
    e = {
      declared: false,
      bioPlace: false,
      captionPlaces: 0,
      bioFlag: false,
      captionFlags: 0,
      currency: 0,
      lastPlaceText: -1,
      lastFlagText: -1,
      lastCurrencyText: -1,
    };
    state.countries.set(country, e);
  }
  return e;
}

function place(state: ScanState, kind: TextKind, country: string): void {
  const e = evidence(state, country);
  if (kind === "caption") {
    if (e.lastPlaceText !== state.textIndex) {
      e.lastPlaceText = state.textIndex;
      e.captionPlaces++;
    }
  } else e.bioPlace = true;
}

function flag(state: ScanState, kind: TextKind, country: string): void {
  const e = evidence(state, country);
  if (kind === "caption") {
    if (e.lastFlagText !== state.textIndex) {
      e.lastFlagText = state.textIndex;
      e.captionFlags++;
    }
  } else e.bioFlag = true;
}

/** Currency signs by UTF-16 unit. */
const CURRENCY_SIGNS: Record<number, string> = {};
for (const sign of ["£", "¥", "€", "₹", "₩", "₱", "₺", "₽", "₦", "₫", "฿"])
  CURRENCY_SIGNS[sign.charCodeAt(0)] = sign;

function currency(state: ScanState, sign: string): void {
  // Counted once per text and sign.
  if (state.currencyLast.get(sign) === state.textIndex) return;
  state.currencyLast.set(sign, state.textIndex);
  state.currencies.set(sign, (state.currencies.get(sign) ?? 0) + 1);
}

// ---- Character table (built once): every UTF-16 unit's class, script and automaton letter -----

/** Bits 0–6: the unit's letter in the lexicon automaton (0 = in no key). */
const C_LETTER = 0x7f;
/**
 * Set for every unit that is not a plain word character — non-word units, and letters of a
 * non-Latin script (counted for the language) — so that the scan's inner loop tests one bit.
 */
const C_OTHER = 0x80;
/** A word character: letters and marks of every script, digits, "_". */
const C_WORD = 0x100;
/** A non-word character the scan must look at: "%", "$", currency signs, the flag-emoji lead unit. */
const C_SPECIAL = 0x200;
/** Bits 12–15: 1 + index into SCRIPT_LANGS for letters of a non-Latin script. */
const C_SCRIPT_SHIFT = 12;
const C_SCRIPT = 1 << C_SCRIPT_SHIFT;

const CHAR = new Uint16Array(0x10000);
for (let c = 0; c < 0x10000; c++) {
  const l = lower(c);
  let word = false;
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95) word = true;
  else if (c >= 0x80 && isWordHigh(l)) word = true;
  let script = 0;
  if (word && c >= 0x0370) {
    script = scriptOf(c) + 1;
    // Upper-case Cyrillic/Greek map to lower-case letters of the same script: counted by the lower case.
    if (script === 0 && c < 0x0600) script = scriptOf(l) + 1;
  }
  const special = c === 37 || c === 36 || c === 0xd83c || CURRENCY_SIGNS[c] !== undefined;
  CHAR[c] =
    LETTER[c]! |
    (!word || script !== 0 ? C_OTHER : 0) |
    (word ? C_WORD : 0) |
    (special ? C_SPECIAL : 0) |
    (script << C_SCRIPT_SHIFT);
}

/**
 * The text being scanned, as UTF-16 units in a typed array: the scan reads `units[i]`, never
 * `text.charCodeAt(i)`. Reading a string unit by unit costs about twice as much per character as
 * reading a Uint16Array, whatever the string's internal representation (flat, sliced or a rope of
 * concatenations), and the scan does little else per character. Under Node the copy is one native
 * call (`Buffer#ucs2Write`, the fast path behind `write(…, "utf16le")`) into memory shared with the
 * array (≈ 0.3 ns per unit, lone surrogates kept); elsewhere (browsers, big-endian hosts) a plain
 * loop fills it. The buffer is reused by every scan and grows to the longest range scanned (the
 * engine bounds every text it scans to 2,000 units or fewer); the scan is synchronous.
 */
interface NodeBufferView {
  write(text: string, offset: number, length: number, encoding: "utf16le"): number;
  /** Node's own fast path behind write(…, "utf16le"), without its argument checks. */
  ucs2Write?: (text: string, offset: number, length: number) => number;
}
const nodeBuffer = (globalThis as { Buffer?: { from(buffer: ArrayBuffer): NodeBufferView } }).Buffer;
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** Whether scans copy through Node's Buffer (exported for the tests of both paths). */
export const UNIT_COPY = { native: nodeBuffer !== undefined && littleEndian };
let units: Uint16Array<ArrayBuffer> = new Uint16Array(4096);
let copyUnits = nativeCopy(units);

/** Copies text[0, n) into `array` with one native call, or null where there is no Node Buffer. */
function nativeCopy(array: Uint16Array<ArrayBuffer>): ((text: string, n: number) => void) | null {
  if (nodeBuffer === undefined || !littleEndian) return null;
  const view = nodeBuffer.from(array.buffer);
  const ucs2Write = view.ucs2Write;
  if (typeof ucs2Write === "function") return (text, n) => void ucs2Write.call(view, text, 0, n * 2);
  return (text, n) => void view.write(text, 0, n * 2, "utf16le");
}

/** text[0, n) into `units` (n ≤ text.length), then SENTINEL at units[n]. */
function loadUnits(text: string, n: number): Uint16Array {
  if (n >= units.length) {
    let size = units.length;
    while (size <= n) size *= 2;
    units = new Uint16Array(size);
    copyUnits = nativeCopy(units);
  }
  if (UNIT_COPY.native && copyUnits !== null) copyUnits(text, n);
  else for (let i = 0; i < n; i++) units[i] = text.charCodeAt(i);
  units[n] = SENTINEL;
  return units;
}

/**
 * Written after a text's last unit: a space, which ends any token, so the scan's inner loops stop
 * at the end of the text without testing the index on every unit.
 */
const SENTINEL = 32;

/** The automaton's step from `s` on letter `l` (0 = dead). */
function stepOf(s: number, l: number): number {
  const t = BASE[s]! + l;
  return CHECK[t] === s ? t : 0;
}
/** The state after one letter from the root, by letter. */
const FIRST = new Uint16Array(C_LETTER + 1);
/** The state after two letters from the root, by (first letter << 7) | second letter. */
const FIRST2 = new Uint16Array((C_LETTER + 1) << 7);
for (let a = 0; a <= C_LETTER; a++) {
  const s = a < ALPHABET ? stepOf(ROOT, a) : 0;
  FIRST[a] = s;
  for (let b = 0; b <= C_LETTER; b++) FIRST2[(a << 7) | b] = s !== 0 && b < ALPHABET ? stepOf(s, b) : 0;
}

/**
 * Per automaton state, the whole effect of a #hashtag ending there when no compound search is
 * needed (onToken's rules, precomputed): its industry (−1 none) and weight in halves, and its
 * sponsorship signal. TAG_FAST[s] is 1 for such states; a tag of 5 units or fewer never needs the
 * compound search (state 0 included: a tag in no key only counts).
 */
const TAG_FAST = new Uint8Array(WORD_ENTRY.length);
const TAG_INDUSTRY = new Int8Array(WORD_ENTRY.length).fill(-1);
const TAG_HALVES = new Uint8Array(WORD_ENTRY.length);
const TAG_SIGNAL = new Int32Array(WORD_ENTRY.length);
for (let st = 0; st < WORD_ENTRY.length; st++) {
  const id = WORD_ENTRY[st]!;
  if (id < 0) continue;
  if (E_INDUSTRY[id]! < 0 && (E_FLAGS[id]! & F_GENERIC) === 0 && E_TAG[id] === 0) continue;
  TAG_FAST[st] = 1;
  TAG_INDUSTRY[st] = E_INDUSTRY[id]!;
  TAG_HALVES[st] = E_HALVES[id]!;
  TAG_SIGNAL[st] = E_TAG[id]!;
}

const isWordAt = (i: number): boolean => (CHAR[units[i]!]! & C_WORD) !== 0;

/** A token has an ASCII digit (a discount code: "code ANA20"). */
function hasDigit(start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = units[i]!;
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}

/** The country of each flag emoji, by its two regional-indicator letters (A = 0 … Z = 25). */
const FLAG_COUNTRIES: (string | undefined)[] = [];
for (let x = 0; x < 26; x++)
  for (let y = 0; y < 26; y++) FLAG_COUNTRIES.push(COUNTRY_CODES[String.fromCharCode(65 + x, 65 + y)]);

/** A symbol the scan flagged: "%", flag emoji, currency signs and "R$" (units[0, n) are read). */
function onSymbol(i: number, n: number, state: ScanState): void {
  const c = units[i]!;
  if (c === 37) {
    state.pct = 2; // "20%": "off", "descuento"… in the next 2 words make it a discount
    state.open = true;
  } else if (c === 36) {
    // R$ (the "r" was read as a one-letter word)
    const prev = i > 0 ? units[i - 1]! : 0;
    if ((prev === 114 || prev === 82) && (i < 2 || !isWordAt(i - 2))) currency(state, "R$");
  } else if (c === 0xd83c) {
    // Regional-indicator pair = a flag emoji (U+1F1E6–1F1FF are D83C DDE6–DDFF).
    if (i + 3 >= n) return;
    const a = units[i + 1]!;
    const b = units[i + 2]!;
    const d = units[i + 3]!;
    if (a >= 0xdde6 && a <= 0xddff && b === 0xd83c && d >= 0xdde6 && d <= 0xddff) {
      const country = FLAG_COUNTRIES[(a - 0xdde6) * 26 + (d - 0xdde6)];
      if (country) flag(state, state.kind, country);
    }
  } else {
    const sign = CURRENCY_SIGNS[c];
    if (sign !== undefined) currency(state, sign);
  }
}

// ---- The scan ----------------------------------------------------------------------------------

/**
 * Scans text[0, end) (bounded by the caller) into `state` and `out`. Never throws; cost is linear
 * in `end`: one pass over the UTF-16 units, with nothing allocated but @mentions. Tokens are
 * maximal runs of word characters (an apostrophe between letters stays inside a word, a dot inside
 * an @handle); the character before a token makes it a #hashtag or an @mention. While a token is
 * read the lexicon automaton advances; at the token's end its state names the lexicon entry, and
 * these rules apply, in text order:
 * - phrases: a word continues the open phrase (place names, "paid partnership with"…) or breaks it;
 * - "code" then a token with a digit is a discount code; "N%" then "off"/"descuento"… a discount;
 * - industry keywords add their weight (by text kind; hashtags may be compounds);
 * - stop words vote for their languages; places, flags and currency signs are country evidence.
 * Most words take the fast path here: no phrase or "%"/"code" context open, and the word is no
 * lexicon word or a stop word alone (STATE_ACTION): one table load, at most one vote; so do most
 * #hashtags (TAG_FAST: their effect precomputed per state). Everything else goes to
 * onToken/onWord, out of line, so the optimised loop stays small and does not depend on what rare
 * tokens a text happens to contain.
 */
export function scanText(
  text: string,
  kind: TextKind,
  state: ScanState,
  out: TextResult,
  end: number = text.length,
): void {
  // textIndustry, votes and scripts are all zero here (each scan clears what it touched).
  const votes = state.votes;
  const scripts = state.scripts;
  const weights = kind === "caption" ? WEIGHTS.caption : kind === "bio" ? WEIGHTS.bio : WEIGHTS.name;
  state.kind = kind;
  state.wordWeight = weights.word * 0.5;
  state.tagWeight = weights.tag * 0.5;
  state.signals = 0;
  state.phrase = 0;
  state.prevCode = false;
  state.pct = 0;
  state.open = false;
  state.words = 0;
  state.hashtags = 0;
  state.touched = 0;
  state.voted = false;
  state.mentions = out.mentions;
  if (out.mentions.length) out.mentions.length = 0;
  const chars = CHAR;
  const base = BASE;
  const check = CHECK;
  const first = FIRST;
  const first2 = FIRST2;
  const stateAction = STATE_ACTION;
  const full = ACTION_FULL;

  let words = 0;
  let hashtags = 0;
  let tagSignals = 0;
  /** Non-zero once the fast path cast a vote. */
  let voted = 0;
  /** Units inside tokens, and those of them in a non-Latin script. */
  let letters = 0;
  let scriptLetters = 0;
  const n = end < text.length ? (end > 0 ? end : 0) : text.length;
  const u = loadUnits(text, n);
  /** The unit before the current one (0 at the start): "#" or "@" before a token. */
  let prev = 0;
  let i = 0;
  while (i < n) {
    let c = u[i]!;
    let info = chars[c]!;
    if ((info & C_WORD) !== 0) {
      // A token: read it to its end, stepping the automaton.
      const start = i;
      if (info >= C_SCRIPT) {
        scripts[(info >> C_SCRIPT_SHIFT) - 1]!++;
        scriptLetters++;
      }
      // s is the automaton's state after the token's units up to i. Two plain word characters
      // take the first two steps in one load (FIRST2); a one-letter start takes one (FIRST).
      let s: number;
      const second = chars[u[i + 1]!]!; // units[n] is the sentinel
      if ((second & C_OTHER) === 0) {
        s = first2[((info & C_LETTER) << 7) | (second & C_LETTER)]!;
        c = u[++i]!;
        info = second;
      } else s = first[info & C_LETTER]!;
      // The loops below need no test of i against n: the sentinel at units[n] ends every token.
      for (;;) {
        c = u[++i]!;
        info = chars[c]!;
        // Most words leave the lexicon's prefixes after a few letters: no step leaves the dead
        // state, so the rest of such a word is only read to its end (no automaton loads).
        if (s === 0 && (info & C_OTHER) === 0) {
          do {
            c = u[++i]!;
            info = chars[c]!;
          } while ((info & C_OTHER) === 0);
        }
        // One test for the common case, a plain word character. Otherwise: a letter of another
        // script is counted and goes on; an apostrophe inside a word (aujourd'hui) or a dot inside
        // a handle (@brand.name) goes on; anything else ends the token.
        if ((info & C_OTHER) !== 0) {
          if ((info & C_WORD) !== 0) {
            scripts[(info >> C_SCRIPT_SHIFT) - 1]!++;
            scriptLetters++;
          } else if (!((c === 39 || (c === 46 && prev === 64)) && isWordAt(i + 1))) break;
        }
        // The automaton's step, branch-free: t if CHECK[t] is s, else the dead state 0. (Both
        // are below 2^16, so (CHECK[t] ^ s) − 1 is negative — all ones after >> 31 — exactly when
        // they are equal.)
        const t = base[s]! + (info & C_LETTER);
        s = t & (((check[t]! ^ s) - 1) >> 31);
      }
      const len = i - start;
      letters += len;
      if (len <= 40 && prev !== 35 && prev !== 64) {
        // A plain word; the fast path when nothing is open.
        words++;
        const action = state.open ? full : stateAction[s]!;
        if (action === full) onWord(start, i, s, state);
        else {
          // Branch-free: a stop word alone votes 1 for its language; any other word lands in votes[0].
          votes[action]! += 1;
          voted |= action;
        }
      } else if (prev === 35 && len <= 40 && !state.open && (len <= 5 || TAG_FAST[s] !== 0)) {
        // A #hashtag with nothing open and no compound search: its precomputed effect.
        hashtags++;
        tagSignals |= TAG_SIGNAL[s]!;
        const ind = TAG_INDUSTRY[s]!;
        if (ind >= 0) {
          state.textIndustry[ind]! += TAG_HALVES[s]! * state.tagWeight;
          state.touched |= 1 << ind;
        }
      } else onToken(text, start, i, s, prev, state);
      if (i >= n) break;
      // c and info are the non-word unit that ended the token: on to it.
    }
    if ((info & C_SPECIAL) !== 0) onSymbol(i, n, state);
    prev = c;
    i++;
  }

  // Industry: capped per text so one keyword-stuffed caption cannot decide the niche.
  let touched = state.touched;
  if (touched !== 0) {
    const textIndustry = state.textIndustry;
    const cap = weights.cap;
    const total = state.industry;
    do {
      const k = 31 - Math.clz32(touched & -touched);
      const v = textIndustry[k]!;
      total[k]! += v > cap ? cap : v;
      textIndustry[k] = 0;
      touched &= touched - 1;
    } while (touched !== 0);
  }
  const anyVote = voted !== 0 || state.voted;
  let signals = state.signals | tagSignals;
  if (out.mentions.length > 0) signals |= MENTION;
  out.signals = signals;
  out.hashtags = state.hashtags + hashtags;
  out.words = words + state.words;
  out.lang = decideLanguage(votes, anyVote, scripts, scriptLetters, letters - scriptLetters);
  if (anyVote) votes.fill(0);
  else votes[0] = 0;
  if (scriptLetters > 0) scripts.fill(0);
  state.textIndex++;
}

/** A token that is not a plain word of up to 40 units: too long, an @mention or a #hashtag. */
function onToken(
  text: string,
  start: number,
  stop: number,
  s: number,
  prefix: number,
  state: ScanState,
): void {
  const len = stop - start;
  if (len > 40) {
    state.phrase = 0; // not a word: a URL fragment or an unbroken CJK run
    state.open = state.prevCode || state.pct > 0;
    return;
  }
  if (prefix === 64 && (start < 2 || !isWordAt(start - 2))) {
    // @handle (not the @ of an e-mail address)
    state.phrase = 0;
    state.open = state.prevCode || state.pct > 0;
    const mentions = state.mentions;
    if (len >= 2 && mentions.length < 10) {
      const m = text.slice(start, stop).toLowerCase();
      if (m !== state.self) mentions.push(m);
    }
    return;
  }
  const id = WORD_ENTRY[s]!;
  if (prefix === 35) {
    // #hashtag
    state.phrase = 0;
    state.open = state.prevCode || state.pct > 0;
    state.hashtags++;
    let k = id;
    if (id >= 0) state.signals |= E_TAG[id]!;
    if (len > 5 && (id < 0 || (E_INDUSTRY[id]! < 0 && (E_FLAGS[id]! & F_GENERIC) === 0 && E_TAG[id] === 0)))
      k = compoundEntry(text, start, stop);
    if (k >= 0) {
      const ind = E_INDUSTRY[k]!;
      if (ind >= 0) {
        state.textIndustry[ind]! += E_HALVES[k]! * state.tagWeight;
        state.touched |= 1 << ind;
      }
    }
    return;
  }
  // An e-mail address after all ("me@mail.com"): a plain word.
  state.words++;
  onWord(start, stop, s, state);
}

/** A plain word (counted by the caller) that needs more than the fast path. */
function onWord(start: number, stop: number, s: number, state: ScanState): void {
  const id = WORD_ENTRY[s]!;
  const len = stop - start;
  let consumed = false;
  let phrase = state.phrase;
  if (phrase !== 0) {
    const w = id < 0 ? 0 : PHRASE_WORD[id]!;
    const step = w === 0 ? 0 : PHRASE_NEXT[phrase * PHRASE_WORDS + w]!;
    if (step !== 0) {
      consumed = true;
      if (PHRASE_TERMINAL[step] !== 0) {
        if (PHRASE_PLACE[step] !== 0) place(state, state.kind, COUNTRY_NAMES[PHRASE_PLACE[step]! - 1]!);
        state.signals |= PHRASE_SIGNAL[step]!;
      }
      phrase = PHRASE_OPEN[step] !== 0 ? step : 0;
    } else phrase = 0;
  }
  if (state.prevCode && len >= 3 && len <= 20 && hasDigit(start, stop)) state.signals |= DISCOUNT_CODE;
  const pctBefore = state.pct;
  const pct = pctBefore > 0 ? pctBefore - 1 : 0;
  let prevCode = false;
  if (id >= 0) {
    const flags = E_FLAGS[id]!;
    if (pctBefore > 0 && (flags & F_PERCENT_WORD) !== 0) state.signals |= DISCOUNT;
    prevCode = (flags & F_CODE_WORD) !== 0;
    if (!consumed && (flags & F_PHRASE_START) !== 0) phrase = PHRASE_NEXT[PHRASE_WORD[id]!]!;
    let langs = E_LANGS[id]!;
    if (langs !== 0) {
      const share = E_SHARE[id]!;
      const votes = state.votes;
      state.voted = true;
      do {
        votes[32 - Math.clz32(langs & -langs)]! += share;
        langs &= langs - 1;
      } while (langs !== 0);
    }
    if ((flags & F_ACTIVE) !== 0) {
      const ind = E_INDUSTRY[id]!;
      if (ind >= 0) {
        state.textIndustry[ind]! += E_HALVES[id]! * state.wordWeight;
        state.touched |= 1 << ind;
      }
      if (E_PLACE[id] !== 0) place(state, state.kind, COUNTRY_NAMES[E_PLACE[id]! - 1]!);
      state.signals |= E_WORD[id]!;
    }
  }
  state.phrase = phrase;
  state.prevCode = prevCode;
  state.pct = pct;
  state.open = phrase !== 0 || prevCode || pct > 0;
}

/**
 * A text's language: a non-Latin script when at least 3 of its letters and 30 % of the Latin ones
 * are in it (kana with Han = Japanese); otherwise the stop-word vote when it is clear (≥ 2 votes
 * and 1.5× the runner-up); else "und".
 */
function decideLanguage(
  votes: Float64Array,
  voted: boolean,
  scripts: Int32Array,
  scriptLetters: number,
  latin: number,
): string {
  if (scriptLetters > 0) {
    let bestScript = -1;
    let bestCount = 0;
    for (let k = 0; k < scripts.length; k++) {
      const v = scripts[k]!;
      if (v > bestCount) {
        bestCount = v;
        bestScript = k;
      }
    }
    if (scripts[S_KANA]! > 0 && scripts[S_KANA]! + scripts[S_HAN]! >= 3) {
      bestScript = S_KANA;
      bestCount = scripts[S_KANA]! + scripts[S_HAN]!;
    }
    if (bestScript >= 0 && bestCount >= 3 && bestCount >= latin * 0.3) return SCRIPT_LANGS[bestScript]!;
  }
  if (!voted) return "und";
  let best = -1;
  let bestN = 0;
  let second = 0;
  for (let k = 1; k < votes.length; k++) {
    const v = votes[k]!;
    if (v > bestN) {
      second = bestN;
      bestN = v;
      best = k;
    } else if (v > second) second = v;
  }
  return best >= 1 && bestN >= 2 && bestN >= second * 1.5 ? LANGS[best - 1]! : "und";
}

export function declareCountry(state: ScanState, country: string): void {
  evidence(state, country).declared = true;
}
