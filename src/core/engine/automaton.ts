import { COUNTRIES } from "../taxonomy";
import { INDUSTRY_LIST, LEXICON, type LexEntry, lower, PHRASE_ROOT, type PhraseNode } from "./lexicon";

/**
 * The lexicon compiled, once at module load, into flat typed arrays that the text scan (text.ts)
 * walks one UTF-16 code unit at a time — no hashing, no substrings, no Map lookups per word.
 *
 * 1. Alphabet. Every code unit that occurs in a lexicon key gets a small index 1…ALPHABET−1
 *    (about 80: a–z, digits, the apostrophe, accented Latin, a few Cyrillic, kana, Han and Hangul
 *    letters). `LETTER[c]` is the index of `lower(c)` — the same lower-casing the lexicon's keys
 *    are written in — or 0 for a unit no key contains.
 *
 * 2. Word trie (a DFA over that alphabet), stored as a double array. State 0 is dead, state 1 the
 *    root; every other state is one prefix of at least one key. The step on letter l from state s
 *    is t = BASE[s] + l when CHECK[t] === s, else the dead state — which no step leaves. At the end
 *    of a word `WORD_ENTRY[state]` is the lexicon entry it spells (its id in LEXICON) or −1. Reading
 *    a word is two small-table loads per character; looking it up costs nothing more.
 *
 * 3. Entry payloads: what an entry means, as parallel typed arrays indexed by entry id (industry
 *    and weight, stop-word languages, place, sponsorship signals as hashtag and as word, flags).
 *
 * 4. Phrases (multi-word place names and sponsorship wording) are a second, word-level automaton:
 *    `PHRASE_WORD[entry]` numbers the words that occur in phrases (1…), and
 *    `PHRASE_NEXT[node × PHRASE_WORDS + word]` steps from a phrase node (0 = the root) to the next,
 *    0 when the phrase breaks. Terminal nodes carry the phrase's place and signal.
 *
 * 5. Hashtag compounds (#fitnessmotivation, #streetfood) reuse the word trie: the longest industry
 *    keyword of 4+ letters the tag starts with is one walk from the tag's start; the one it ends
 *    with is a walk from each later start position, longest first (tags are at most 40 units).
 *
 * Sizes: about 5,000 slots of Uint16 for BASE and CHECK (≈ 20 KB), built in a few milliseconds.
 */

// ---- 1. Alphabet -------------------------------------------------------------------------------

const keys = LEXICON.keys;
const letterOf = new Map<number, number>();
for (const key of keys) {
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (!letterOf.has(c)) letterOf.set(c, letterOf.size + 1);
  }
}
/** Letters in the alphabet, plus 0 for "no key contains it". */
export const ALPHABET = letterOf.size + 1;
if (ALPHABET > 128) throw new Error("lexicon automaton: alphabet over 127 letters");

/** Alphabet index of each UTF-16 unit's lower case, 0 when no key contains it. */
export const LETTER = new Uint8Array(0x10000);
for (let c = 0; c < 0x10000; c++) LETTER[c] = letterOf.get(lower(c)) ?? 0;

// ---- 2. Word trie ------------------------------------------------------------------------------

const rows: number[][] = [[], []]; // dead, root (sparse while building)
const accept: number[] = [-1, -1];
for (let id = 0; id < keys.length; id++) {
  const key = keys[id]!;
  let s = 1;
  for (let i = 0; i < key.length; i++) {
    const l = letterOf.get(key.charCodeAt(i))!;
    let t = rows[s]![l];
    if (t === undefined) {
      t = rows.length;
      rows.push([]);
      accept.push(-1);
      rows[s]![l] = t;
    }
    s = t;
  }
  accept[s] = id;
}
if (rows.length > 0xffff) throw new Error("lexicon automaton: over 65,535 states");

// The trie as a double array (Aoe's double-array trie): every state is a slot; the child of state
// s on letter l is slot t = BASE[s] + l, and it is one when CHECK[t] === s. Slots are given breadth
// first, each state's children packed into the first gap that fits them, so the arrays hold about
// one slot per state — a few tens of kilobytes that stay in the processor's cache while a scan
// runs (a dense state × letter table would be 0.75 MB). Slot 0 is the dead state: no slot's CHECK
// is 0, so a word that has left the lexicon stays there.
const FREE = 0xffff;
let size = 2 + ALPHABET;
let base = new Int32Array(size * 2);
let check = new Int32Array(size * 2).fill(FREE);
const slotOf = new Int32Array(rows.length);
slotOf[1] = 1; // the root: its CHECK names no slot, so no step leads back to it
check[1] = FREE - 1;
/** The lowest slot that may still be free (where the search for a gap starts). */
let firstFree = 2;
const queue: number[] = [1];
for (let k = 0; k < queue.length; k++) {
  const state = queue[k]!;
  const slot = slotOf[state]!;
  const letters: number[] = [];
  rows[state]!.forEach((_t, l) => {
    letters.push(l);
  });
  if (letters.length === 0) continue;
  while (firstFree < check.length && check[firstFree] !== FREE) firstFree++;
  let b = Math.max(1, firstFree - letters[0]!);
  for (;;) {
    while (b + ALPHABET >= base.length) {
      const grownBase = new Int32Array(base.length * 2);
      grownBase.set(base);
      const grownCheck = new Int32Array(check.length * 2).fill(FREE);
      grownCheck.set(check);
      base = grownBase;
      check = grownCheck;
    }
    if (letters.every((l) => b + l >= 2 && check[b + l] === FREE)) break;
    b++;
  }
  base[slot] = b;
  for (const l of letters) {
    const child = rows[state]![l]!;
    check[b + l] = slot;
    slotOf[child] = b + l;
    queue.push(child);
  }
  size = Math.max(size, b + ALPHABET);
}
if (size >= FREE - 1) throw new Error("lexicon automaton: over 65,533 slots");

export const ROOT = 1;
/** Double array: the child of state s on letter l is t = BASE[s] + l when CHECK[t] === s, else 0. */
export const BASE = Uint16Array.from(base.subarray(0, size));
export const CHECK = Uint16Array.from(check.subarray(0, size));
/** The entry a state spells (its LEXICON id), or −1. */
export const WORD_ENTRY = new Int32Array(size).fill(-1);
accept.forEach((id, state) => {
  if (state > 0) WORD_ENTRY[slotOf[state]!] = id;
});

/** One step of the automaton (the scan inlines the same two lines). */
export function step(s: number, letter: number): number {
  const t = BASE[s]! + letter;
  return CHECK[t] === s ? t : 0;
}

// ---- 3. Entry payloads -------------------------------------------------------------------------

const entries: LexEntry[] = LEXICON.values;
const E = entries.length;
/** Index into INDUSTRY_LIST, or −1. */
export const E_INDUSTRY = new Int8Array(E);
/** Keyword weight in halves (2 strong, 1 weak). */
export const E_HALVES = new Uint8Array(E);
/** Stop-word languages (bit i = LANGS[i]) and the share of a vote each gets (1 ÷ their count). */
export const E_LANGS = new Int32Array(E);
export const E_SHARE = new Float64Array(E);
/** 1 + index into COUNTRIES of the place the word names, or 0. */
export const E_PLACE = new Uint8Array(E);
/** Sponsorship signal as a hashtag / as a plain word. */
export const E_TAG = new Int32Array(E);
export const E_WORD = new Int32Array(E);
/** Flags below. */
export const E_FLAGS = new Uint8Array(E);
export const F_GENERIC = 1;
export const F_PHRASE_START = 2;
export const F_CODE_WORD = 4;
export const F_PERCENT_WORD = 8;
/** An industry keyword of 4+ units: may be the head or tail of a hashtag compound. */
export const F_COMPOUND = 16;
/** An industry keyword, a place or a sponsorship word: more to do for a plain word than its vote. */
export const F_ACTIVE = 32;

export const COUNTRY_NAMES: readonly string[] = COUNTRIES;
if (INDUSTRY_LIST.length > 31) throw new Error("lexicon automaton: industries must fit a 31-bit set");
const countryIndex = new Map<string, number>(COUNTRIES.map((c, i) => [c, i + 1]));

for (let id = 0; id < E; id++) {
  const e = entries[id]!;
  E_INDUSTRY[id] = e.industry;
  E_HALVES[id] = e.halves;
  E_LANGS[id] = e.langMask;
  E_SHARE[id] = e.langCount > 0 ? 1 / e.langCount : 0;
  E_PLACE[id] = e.place === "" ? 0 : countryIndex.get(e.place)!;
  E_TAG[id] = e.tag;
  E_WORD[id] = e.word;
  let f = 0;
  if (e.generic) f |= F_GENERIC;
  if (e.phraseStart) f |= F_PHRASE_START;
  if (e.codeWord) f |= F_CODE_WORD;
  if (e.percentWord) f |= F_PERCENT_WORD;
  if (e.industry >= 0 && e.key.length >= 4) f |= F_COMPOUND;
  if (e.industry >= 0 || e.place !== "" || e.word !== 0) f |= F_ACTIVE;
  E_FLAGS[id] = f;
}

/**
 * Per trie state, what a plain word ending there needs (the scan's fast path, outside phrases and
 * "%"/"code" contexts): 0 nothing — not a lexicon word, or one that matters only inside a phrase or
 * as a hashtag; 1 + i: a stop word of LANGS[i] alone, one vote; ACTION_FULL: anything else.
 */
export const STATE_ACTION = new Uint8Array(WORD_ENTRY.length);
export const ACTION_FULL = 255;
for (let st = 0; st < WORD_ENTRY.length; st++) {
  const id = WORD_ENTRY[st]!;
  if (id < 0) continue;
  const e = entries[id]!;
  const other =
    e.industry >= 0 || e.place !== "" || e.word !== 0 || e.phraseStart || e.codeWord || e.percentWord;
  if (!other && e.langCount === 0) STATE_ACTION[st] = 0;
  else if (!other && e.langCount === 1) STATE_ACTION[st] = 1 + (31 - Math.clz32(e.langMask));
  else STATE_ACTION[st] = ACTION_FULL;
}

// ---- 4. Phrases --------------------------------------------------------------------------------

const phraseWordOf = new Map<number, number>(); // entry id → phrase word (1…)
const nodes: PhraseNode[] = [];
const collect = (level: Map<number, PhraseNode>) => {
  for (const [id, node] of level) {
    if (!phraseWordOf.has(id)) phraseWordOf.set(id, phraseWordOf.size + 1);
    nodes.push(node);
    collect(node.next);
  }
};
collect(PHRASE_ROOT);
const nodeIndex = new Map<PhraseNode, number>(nodes.map((n, i) => [n, i + 1]));

/** Words that occur in phrases, plus 0 for "not a phrase word". */
export const PHRASE_WORDS = phraseWordOf.size + 1;
export const PHRASE_WORD = new Uint16Array(E);
for (const [id, w] of phraseWordOf) PHRASE_WORD[id] = w;
/** Next phrase node by (node, phrase word); node 0 is the root (phrase starts). */
export const PHRASE_NEXT = new Uint16Array((nodes.length + 1) * PHRASE_WORDS);
/** Per node: 1 when the words so far are a whole phrase; its place (1 + country index) and signal. */
export const PHRASE_TERMINAL = new Uint8Array(nodes.length + 1);
export const PHRASE_PLACE = new Uint8Array(nodes.length + 1);
export const PHRASE_SIGNAL = new Int32Array(nodes.length + 1);
/** Per node: 1 when a longer phrase continues from it. */
export const PHRASE_OPEN = new Uint8Array(nodes.length + 1);
const link = (from: number, level: Map<number, PhraseNode>) => {
  for (const [id, node] of level) {
    const n = nodeIndex.get(node)!;
    PHRASE_NEXT[from * PHRASE_WORDS + phraseWordOf.get(id)!] = n;
    PHRASE_TERMINAL[n] = node.terminal ? 1 : 0;
    PHRASE_PLACE[n] = node.place === "" ? 0 : countryIndex.get(node.place)!;
    PHRASE_SIGNAL[n] = node.signal;
    PHRASE_OPEN[n] = node.next.size > 0 ? 1 : 0;
    link(n, node.next);
  }
};
link(0, PHRASE_ROOT);

// ---- 5. Hashtag compounds ----------------------------------------------------------------------

/** (See text.ts: reading texts through String.prototype keeps V8's code independent of their representation.) */
const charCodeAt = String.prototype.charCodeAt;

/**
 * The industry keyword (4+ units, shorter than the tag) that the tag text[start, end) starts or
 * ends with — the longest; on a tie the one it starts with. Returns its entry id, or −1.
 */
export function compoundEntry(text: string, start: number, end: number): number {
  let best = -1;
  let bestLen = 0;
  let s = ROOT;
  for (let i = start; i < end - 1 && s !== 0; i++) {
    s = step(s, LETTER[charCodeAt.call(text, i)]!);
    const id = WORD_ENTRY[s]!;
    if (id >= 0 && (E_FLAGS[id]! & F_COMPOUND) !== 0) {
      best = id;
      bestLen = i + 1 - start;
    }
  }
  // Suffixes longer than the prefix found, longest first: the first full match wins.
  for (let from = start + 1; from <= end - 4 && end - from > bestLen; from++) {
    s = ROOT;
    for (let i = from; i < end && s !== 0; i++) s = step(s, LETTER[charCodeAt.call(text, i)]!);
    const id = WORD_ENTRY[s]!;
    if (id >= 0 && (E_FLAGS[id]! & F_COMPOUND) !== 0) return id;
  }
  return best;
}
