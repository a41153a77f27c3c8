/**
 * An account's representation for similar creators and lookalikes (docs/decisions/034-similar-creators.md):
 * a weighted bag of terms read from its own words — bio, recent captions, hashtags — plus its topic
 * category, with a small shipped concept table so that different words for one thing meet
 * ("vegan", "plant-based", "meatless" → "~plant-based food"). Pure and fast (no model, nothing
 * downloaded): about 20 µs an account.
 *
 * Terms: "#tag" a hashtag, "~concept" a concept, "topic:<industry>" the topic category, otherwise a
 * word. Weights are L2-normalised so the dot product of two representations is their cosine.
 */
import { CONCEPTS } from "./concepts";

/** Changes when the way representations are made changes (stored with each; a rebuild replaces them). */
export const REPRESENTATION_MODEL = "terms-v1-32+lsh-v1";

/** At most this many terms are kept per account (the heaviest). */
export const MAX_TERMS = 32;

export interface RepresentationInput {
  name?: string | null;
  bio?: string | null;
  category?: string | null;
  industry?: string | null;
  posts?: readonly { type?: string | null; caption?: string | null }[];
}

export interface Representation {
  terms: string[];
  weights: number[];
  /** Content formats making up at least a fifth of the recent posts ("reel", "video", …). */
  formats: string[];
}

/** Words too common to say anything about a creator (English plus caption boilerplate). */
const STOPWORDS = new Set(
  (
    "the and for you your with this that are was were have has had not but all any can our out get got " +
    "just what when who how why from they them their there here its it's into about more most some " +
    "new one two day days time week every everything thing things need know let comments comment " +
    "follow link bio tag someone who's make makes made but easy first finally changed really like " +
    "love best today tips try tried part things ever never much many very way ways also over than " +
    "then too via per yes pro contact email business inquiries dm collab collabs daily life " +
    "vous pour les des une que qui est dans sur pas avec tout mais como para los las por una con del " +
    "que mais para uma com dos das não und die der das mit ist ich ein eine nicht auf für von yang dan " +
    "ini itu untuk dengan saya kamu reels reel video videos post posts pov sharing share shares " +
    "min minute minutes hours hour thanks thank people everyone"
  ).split(/\s+/),
);

/** Lower case without accents (so "café" and "cafe" meet). */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** A crude plural fold: "recipes" → "recipe", "workouts" → "workout" (not "fitness", "pilates"). */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (
    word.length > 3 &&
    word.endsWith("s") &&
    !word.endsWith("ss") &&
    !word.endsWith("us") &&
    !word.endsWith("is")
  )
    return word.slice(0, -1);
  return word;
}

/** Words of a text (folded, singular, no stop words, no hashtags or mentions), in order. */
export function wordsOf(text: string): string[] {
  const out: string[] = [];
  const cleaned = fold(text).replace(/[#@][\p{L}\p{N}_.]+/gu, " ");
  for (const m of cleaned.matchAll(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu)) {
    const w = m[0].replace(/'s$/, "");
    if (w.length < 3 || /^\d+$/.test(w) || STOPWORDS.has(w)) continue;
    out.push(singular(w));
  }
  return out;
}

/** Hashtags of a text, folded, with their "#". */
export function hashtagsOf(text: string): string[] {
  return [...fold(text).matchAll(/#([\p{L}\p{N}_]{2,40})/gu)].map((m) => `#${m[1]}`);
}

/** The concepts a list of words (and hashtag bodies) names, each as many times as it is named. */
export function conceptsOf(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const one = words[i]!;
    const two = i + 1 < words.length ? `${one} ${words[i + 1]}` : null;
    const hit = (two && CONCEPT_BY_PHRASE.get(two)) || CONCEPT_BY_PHRASE.get(one);
    if (hit) out.push(hit);
  }
  return out;
}

const CONCEPT_BY_PHRASE = new Map<string, string>();
for (const [concept, phrases] of Object.entries(CONCEPTS)) {
  for (const phrase of phrases) {
    const key = phrase
      .split(/\s+/)
      .map((w) => singular(fold(w)))
      .join(" ");
    CONCEPT_BY_PHRASE.set(key, `~${concept}`);
    // Hashtags write phrases without spaces: #mealprep, #plantbased.
    CONCEPT_BY_PHRASE.set(key.replace(/[\s-]/g, ""), `~${concept}`);
  }
}

export function topicTerm(industry: string): string {
  return `topic:${fold(industry)}`;
}

/** Field weights: a bio says what the creator is about; each caption adds a little. */
const BIO_WEIGHT = 3;
const NAME_WEIGHT = 1;
const CAPTION_WEIGHT = 1;
const HASHTAG_WEIGHT = 1.5;
const CONCEPT_WEIGHT = 1.5;
const TOPIC_WEIGHT = 6;

function add(tf: Map<string, number>, term: string, w: number) {
  tf.set(term, (tf.get(term) ?? 0) + w);
}

/** The representation of one account (pure). */
export function represent(input: RepresentationInput): Representation {
  const tf = new Map<string, number>();
  const conceptWords: string[] = [];
  const addText = (text: string | null | undefined, w: number) => {
    if (!text) return;
    const words = wordsOf(text);
    for (const word of words) add(tf, word, w);
    for (const c of conceptsOf(words)) add(tf, c, CONCEPT_WEIGHT * w);
    for (const tag of hashtagsOf(text)) {
      add(tf, tag, HASHTAG_WEIGHT * w);
      conceptWords.push(singular(tag.slice(1)));
    }
  };
  addText(input.name, NAME_WEIGHT);
  addText(input.bio, BIO_WEIGHT);
  const formatCount = new Map<string, number>();
  const posts = input.posts ?? [];
  for (const p of posts) {
    addText(p.caption, CAPTION_WEIGHT);
    if (p.type) formatCount.set(p.type, (formatCount.get(p.type) ?? 0) + 1);
  }
  for (const c of conceptsOf(conceptWords)) add(tf, c, CONCEPT_WEIGHT);
  const topic = input.industry && input.industry !== "General" ? input.industry : input.category;
  if (topic) add(tf, topicTerm(topic), TOPIC_WEIGHT * (1 + Math.log1p(posts.length)));

  // Sub-linear term frequency, heaviest terms kept, L2-normalised.
  const scored = [...tf].map(([term, f]) => [term, 1 + Math.log(f)] as const);
  scored.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const kept = scored.slice(0, MAX_TERMS);
  const norm = Math.sqrt(kept.reduce((s, [, w]) => s + w * w, 0)) || 1;
  const formats = [...formatCount]
    .filter(([, n]) => n >= posts.length / 5)
    .map(([t]) => t)
    .sort();
  return {
    terms: kept.map(([t]) => t),
    weights: kept.map(([, w]) => Math.round((w / norm) * 1e4) / 1e4),
    formats,
  };
}

/** Cosine of two representations (their weights are normalised) and the terms both have, heaviest first. */
export function termCosine(
  a: Pick<Representation, "terms" | "weights">,
  b: Pick<Representation, "terms" | "weights">,
): { cosine: number; shared: { term: string; weight: number }[] } {
  const bw = new Map<string, number>();
  for (let i = 0; i < b.terms.length; i++) bw.set(b.terms[i]!, b.weights[i] ?? 0);
  let cosine = 0;
  const shared: { term: string; weight: number }[] = [];
  a.terms.forEach((t, i) => {
    const w = bw.get(t);
    if (w === undefined) return;
    const p = (a.weights[i] ?? 0) * w;
    cosine += p;
    shared.push({ term: t, weight: p });
  });
  shared.sort((x, y) => y.weight - x.weight);
  return { cosine: Math.min(1, cosine), shared };
}

/** How a term reads in a `why` ("#hiit", "plant-based food", "pilates"). */
export function termLabel(term: string): string {
  if (term.startsWith("~")) return term.slice(1);
  if (term.startsWith("topic:")) return term.slice(6);
  return term;
}

/**
 * The concepts a text means, in the order it names them, without repeats ("people who cook
 * plant-based meals" → ["cooking", "plant-based food"]).
 */
export function meaningOf(text: string): string[] {
  const words = wordsOf(text);
  const tags = hashtagsOf(text).map((t) => singular(t.slice(1)));
  return [...new Set(conceptsOf([...words, ...tags]).map((c) => c.slice(1)))];
}

/** The words of a representation that name a concept (the creator's own words for it: "vegan", "tofu"). */
export function wordsFor(concept: string, terms: readonly string[]): string[] {
  return terms.filter((t) => !/^[#~]|^topic:/.test(t) && CONCEPT_BY_PHRASE.get(t) === `~${concept}`);
}
