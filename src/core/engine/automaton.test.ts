import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACTION_FULL,
  BASE,
  CHECK,
  COUNTRY_NAMES,
  compoundEntry,
  E_FLAGS,
  E_INDUSTRY,
  E_LANGS,
  E_PLACE,
  F_COMPOUND,
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
  step,
  WORD_ENTRY,
} from "./automaton";
import { INDUSTRY_KEYWORDS, LEXICON, PHRASE_ROOT, type PhraseNode } from "./lexicon";

/** The automaton's state after reading text (lower-cased as the scan reads it). */
function walk(text: string): number {
  let s = ROOT;
  for (let i = 0; i < text.length; i++) s = step(s, LETTER[text.charCodeAt(i)]!);
  return s;
}
const entryOf = (text: string) => WORD_ENTRY[walk(text)]!;

const keys = LEXICON.keys;
const industryKeywords = Object.values(INDUSTRY_KEYWORDS)
  .flatMap((list) => list.split(/\s+/))
  .filter(Boolean)
  .map((w) => w.replace(/~$/, ""));

describe("lexicon automaton", () => {
  it("spells every lexicon word, in any letter case, and nothing else", () => {
    keys.forEach((key, id) => {
      expect(entryOf(key), key).toBe(id);
      expect(entryOf(key.toUpperCase()), key).toBe(LEXICON.get(key.toUpperCase()) ? id : -1);
    });
    for (const key of keys.slice(0, 300)) {
      expect(entryOf(`${key}zq`)).toBe(LEXICON.get(`${key}zq`)?.id ?? -1);
      if (key.length > 1) expect(entryOf(key.slice(0, -1))).toBe(LEXICON.get(key.slice(0, -1))?.id ?? -1);
    }
  });

  it("agrees with the hash table on any string", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...keys)), (w) => {
        expect(entryOf(w)).toBe(LEXICON.get(w)?.id ?? -1);
      }),
      { numRuns: 3000 },
    );
  });

  it("keeps the dead state dead and never steps back to the root", () => {
    expect(WORD_ENTRY[0]).toBe(-1);
    for (let s = 0; s < BASE.length; s++)
      for (let l = 0; l < 128; l++) if (step(s, l) === ROOT) throw new Error(`${s} → root`);
    for (let l = 0; l < 128; l++) expect(step(0, l)).toBe(0);
    expect(CHECK.length).toBe(BASE.length);
    expect(BASE.length).toBeLessThan(4 * WORD_ENTRY.filter((e) => e >= 0).length); // compact
  });

  it("carries each entry's meaning, and marks the plain words the scan may take on its fast path", () => {
    keys.forEach((key, id) => {
      const e = LEXICON.values[id]!;
      expect(E_INDUSTRY[id]).toBe(e.industry);
      expect(E_LANGS[id]).toBe(e.langMask);
      expect(E_PLACE[id] ? COUNTRY_NAMES[E_PLACE[id]! - 1] : "").toBe(e.place);
      const action = STATE_ACTION[walk(key)]!;
      const other = e.industry >= 0 || e.place || e.word || e.phraseStart || e.codeWord || e.percentWord;
      if (other || e.langCount > 1) expect(action, key).toBe(ACTION_FULL);
      else if (e.langCount === 1) expect(action, key).toBe(1 + Math.log2(e.langMask));
      else expect(action, key).toBe(0);
    });
  });

  it("compiles every phrase with its place and signal", () => {
    let phrases = 0;
    const visit = (level: Map<number, PhraseNode>, from: number) => {
      for (const [id, node] of level) {
        const step = PHRASE_NEXT[from * PHRASE_WORDS + PHRASE_WORD[id]!]!;
        expect(step).toBeGreaterThan(0);
        expect(PHRASE_TERMINAL[step]).toBe(node.terminal ? 1 : 0);
        expect(PHRASE_PLACE[step] ? COUNTRY_NAMES[PHRASE_PLACE[step]! - 1] : "").toBe(node.place);
        expect(PHRASE_SIGNAL[step]).toBe(node.signal);
        expect(PHRASE_OPEN[step]).toBe(node.next.size > 0 ? 1 : 0);
        if (node.terminal) phrases++;
        visit(node.next, step);
      }
    };
    visit(PHRASE_ROOT, 0);
    expect(phrases).toBeGreaterThan(50); // place names and sponsorship wording of 2–4 words
  });
});

describe("hashtag compounds", () => {
  /** The reference: the longest industry keyword (4+ units, shorter than the tag) it starts or ends with. */
  function reference(tag: string): number {
    const t = tag.toLowerCase();
    let best = -1;
    let bestLen = 0;
    for (const w of industryKeywords) {
      if (w.length < 4 || w.length >= t.length || w.length <= bestLen) continue;
      if (t.startsWith(w)) {
        best = LEXICON.get(w)!.id;
        bestLen = w.length;
      }
    }
    for (const w of industryKeywords) {
      if (w.length < 4 || w.length >= t.length || w.length <= bestLen) continue;
      if (t.endsWith(w)) {
        best = LEXICON.get(w)!.id;
        bestLen = w.length;
      }
    }
    return best;
  }

  it("finds the head or tail keyword", () => {
    const id = (w: string) => LEXICON.get(w)!.id;
    expect(compoundEntry("fitnessmotivation", 0, 17)).toBe(id("fitness"));
    expect(compoundEntry("#streetfood", 1, 11)).toBe(id("food"));
    expect(compoundEntry("instafood", 0, 9)).toBe(id("food"));
    expect(compoundEntry("qwertyuiop", 0, 10)).toBe(-1);
    expect(compoundEntry("food", 0, 4)).toBe(-1); // the whole tag is not a compound of itself
  });

  it("matches the reference on keyword compounds and noise", () => {
    const word = fc.constantFrom(...industryKeywords, "insta", "daily", "my", "love", "x");
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(word, word).map(([a, b]) => a + b),
          fc.string({ minLength: 6, maxLength: 30 }),
        ),
        (tag) => {
          expect(compoundEntry(tag, 0, tag.length)).toBe(reference(tag));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("flags only industry keywords of 4+ units as compound parts", () => {
    keys.forEach((key, id) => {
      const e = LEXICON.values[id]!;
      expect((E_FLAGS[id]! & F_COMPOUND) !== 0).toBe(e.industry >= 0 && key.length >= 4);
    });
  });
});
