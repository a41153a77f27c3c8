import { franc } from "franc-min";

/**
 * Language of a creator's texts. Scripts (Japanese, Korean, Arabic, …) are recognised by their
 * Unicode ranges; Latin-script languages by stop words, which is fast enough for the engine's
 * budget; franc (restricted to the candidates) settles the ambiguous cases on a short sample.
 */

const STOPWORDS: Record<string, string[]> = {
  eng: [
    "the",
    "and",
    "to",
    "of",
    "my",
    "you",
    "is",
    "for",
    "with",
    "this",
    "in",
    "it",
    "your",
    "on",
    "are",
    "today",
    "what",
    "how",
  ],
  spa: [
    "el",
    "la",
    "de",
    "que",
    "y",
    "los",
    "las",
    "para",
    "con",
    "mi",
    "es",
    "por",
    "una",
    "del",
    "hoy",
    "muy",
    "más",
    "como",
  ],
  por: [
    "o",
    "de",
    "que",
    "e",
    "do",
    "da",
    "para",
    "com",
    "meu",
    "não",
    "você",
    "uma",
    "hoje",
    "muito",
    "mais",
    "os",
    "as",
    "é",
  ],
  fra: [
    "le",
    "la",
    "les",
    "de",
    "et",
    "des",
    "pour",
    "avec",
    "mon",
    "est",
    "une",
    "du",
    "je",
    "vous",
    "sur",
    "pas",
    "aujourd'hui",
  ],
  deu: [
    "der",
    "die",
    "das",
    "und",
    "ich",
    "mit",
    "für",
    "ist",
    "nicht",
    "ein",
    "eine",
    "heute",
    "auf",
    "zu",
    "euch",
    "mein",
    "wir",
  ],
  ita: [
    "il",
    "di",
    "che",
    "e",
    "per",
    "con",
    "mio",
    "sono",
    "non",
    "una",
    "oggi",
    "della",
    "gli",
    "anche",
    "come",
  ],
  ind: [
    "yang",
    "dan",
    "di",
    "ini",
    "untuk",
    "dengan",
    "aku",
    "kamu",
    "tidak",
    "ke",
    "hari",
    "ada",
    "juga",
    "sama",
    "kita",
  ],
  nld: ["het", "een", "en", "van", "voor", "met", "ik", "niet", "is", "op", "vandaag", "wij", "jullie"],
  tur: ["ve", "bir", "bu", "için", "ile", "ben", "çok", "da", "gibi", "bugün"],
  pol: ["i", "w", "na", "nie", "się", "z", "jest", "to", "dla", "jak", "dzisiaj"],
};

const WORD_LANGS = new Map<string, string[]>();
for (const [lang, words] of Object.entries(STOPWORDS)) {
  for (const w of words) WORD_LANGS.set(w, [...(WORD_LANGS.get(w) ?? []), lang]);
}

/**
 * The language a non-Latin script implies, when at least 3 characters of it appear (one pass over
 * char codes). Kana anywhere means Japanese even with kanji; Han without kana is Chinese.
 */
function dominantScript(text: string): string | null {
  let kana = 0;
  let hangul = 0;
  let arabic = 0;
  let devanagari = 0;
  let thai = 0;
  let cyrillic = 0;
  let han = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x0400) continue;
    if (c >= 0x3040 && c <= 0x30ff) kana++;
    else if (c >= 0xac00 && c <= 0xd7af) hangul++;
    else if (c >= 0x0600 && c <= 0x06ff) arabic++;
    else if (c >= 0x0900 && c <= 0x097f) devanagari++;
    else if (c >= 0x0e00 && c <= 0x0e7f) thai++;
    else if (c <= 0x04ff) cyrillic++;
    else if (c >= 0x4e00 && c <= 0x9fff) han++;
  }
  if (kana >= 1 && kana + han >= 3) return "jpn";
  const counts: [number, string][] = [
    [hangul, "kor"],
    [arabic, "arb"],
    [devanagari, "hin"],
    [thai, "tha"],
    [cyrillic, "rus"],
    [han, "cmn"],
  ];
  let best: [number, string] = [0, ""];
  for (const e of counts) if (e[0] > best[0]) best = e;
  return best[0] >= 3 ? best[1] : null;
}

const FRANC_ONLY = Object.keys(STOPWORDS);

/**
 * The language of one text (ISO 639-3), or "und", without franc: scripts and stop words only
 * (fast; used per caption). `words` are its lower-cased word tokens.
 */
export function detectLanguageFast(text: string, words: readonly string[]): string {
  return detect(text, words, false);
}

/** Like detectLanguageFast, but asks franc (restricted to the candidates) when stop words are unsure. */
export function detectLanguage(text: string, words: readonly string[]): string {
  return detect(text, words, true);
}

function detect(text: string, words: readonly string[], useFranc: boolean): string {
  const sample = text.length > 400 ? text.slice(0, 400) : text;
  const script = dominantScript(sample);
  if (script) return script;
  const counts = new Map<string, number>();
  let total = 0;
  for (const w of words) {
    const langs = WORD_LANGS.get(w);
    if (!langs) continue;
    total++;
    for (const l of langs) counts.set(l, (counts.get(l) ?? 0) + 1 / langs.length);
  }
  let best = "und";
  let bestN = 0;
  let second = 0;
  for (const [l, c] of counts) {
    if (c > bestN) {
      second = bestN;
      bestN = c;
      best = l;
    } else if (c > second) second = c;
  }
  if (total >= 2 && bestN >= 2 && bestN >= second * 1.5) return best;
  if (!useFranc || sample.length < 30) return "und";
  const guess = franc(sample.slice(0, 120), { only: FRANC_ONLY, minLength: 20 });
  return guess;
}
