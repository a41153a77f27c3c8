/**
 * Turns an account-finder description ("vegan cooking creators in Canada, 10K–100K") into
 * structured criteria. Pure: no I/O. A model-based extractor (the AI writer) can be passed in; its
 * answer is validated and normalised like the lexicon's, and the lexicon stands in when it fails.
 */
import { z } from "zod";
import { placeNames } from "../markets/places";
import { ENGAGEMENT_LEVELS, type EngagementLevel, type Interpretation } from "../schemas/discovery";
import { PLATFORM_LABELS, PLATFORMS, type Platform } from "../schemas/platform";
import { COUNTRIES, INDUSTRIES, type Industry } from "../taxonomy";
import {
  ALWAYS_LANGUAGE,
  INDUSTRY_SYNONYMS,
  LANGUAGE_AFTER,
  LANGUAGE_BEFORE,
  LANGUAGE_COUNTRIES,
  LANGUAGE_WORDS,
  PLACE_PHRASES,
  PLATFORM_WORDS,
  SIZE_TIERS,
  SIZE_WORDS,
  type SizeTier,
  STOP_WORDS,
} from "./lexicon";

export const MAX_KEYWORDS = 10;
export const MAX_INDUSTRIES = 3;
const MAX_PHRASE_TOKENS = 4;
const MAX_KEYWORD_LENGTH = 40;

/** What an extractor returns: the interpretation's fields, loosely typed (it is untrusted). */
export type InterpretationDraft = Partial<Omit<Interpretation, "source" | "notes">> & { notes?: string[] };
export type DescriptionExtractor = (text: string, platform: Platform) => Promise<unknown>;

export interface InterpretOptions {
  extractor?: DescriptionExtractor;
}

/** Interprets with the extractor when given (falling back to the lexicon), else with the lexicon. */
export async function interpretDescription(
  text: string,
  platform: Platform,
  opts: InterpretOptions = {},
): Promise<Interpretation> {
  if (!opts.extractor) return interpretWithLexicon(text, platform);
  let draft: unknown;
  try {
    draft = await opts.extractor(text, platform);
  } catch {
    return withNote(
      interpretWithLexicon(text, platform),
      "The AI interpreter failed; used keyword matching.",
    );
  }
  const normalised = normaliseDraft(draft, platform);
  if (!normalised) {
    return withNote(
      interpretWithLexicon(text, platform),
      "The AI interpreter gave an unusable answer; used keyword matching.",
    );
  }
  return normalised;
}

function withNote(i: Interpretation, note: string): Interpretation {
  return { ...i, notes: [...i.notes, note] };
}

// ---------------------------------------------------------------------------------------------
// Text handling

/** Lower case, accents removed ("Montréal" → "montreal"), "U.S."/"US" (capitals) → "usa". */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/\bU\.S\.(?:A\.)?/g, " usa ")
    .replace(/\bUS(?:A)?\b/g, " usa ")
    .toLowerCase();
}

export function tokenize(folded: string): string[] {
  return folded.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The word and the singular forms it may stand for ("movies" → movies, movie, movy). */
function variants(word: string): string[] {
  const out = [word];
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) {
    out.push(word.slice(0, -1));
    if (word.endsWith("es")) out.push(word.slice(0, -2));
    if (word.endsWith("ies")) out.push(`${word.slice(0, -3)}y`);
  }
  return out;
}

/** Looks a phrase up, trying singular forms of its last word. */
function lookup<T>(dict: ReadonlyMap<string, T>, tokens: readonly string[]): T | undefined {
  const head = tokens.slice(0, -1);
  for (const last of variants(tokens[tokens.length - 1]!)) {
    const hit = dict.get([...head, last].join(" "));
    if (hit !== undefined) return hit;
  }
  return undefined;
}

const KNOWN_COUNTRIES = new Set<string>(COUNTRIES);
const INDUSTRY_DICT = new Map<string, Industry>();
for (const industry of INDUSTRIES) {
  for (const phrase of INDUSTRY_SYNONYMS[industry]) INDUSTRY_DICT.set(phrase, industry);
}
// Country phrases, then every city and region of the place table ("toronto", "bay area" → its country).
const PLACE_DICT = new Map<string, readonly string[]>(Object.entries(PLACE_PHRASES));
for (const [name, country] of placeNames()) {
  const phrase = tokenize(foldText(name)).join(" ");
  if (phrase && !PLACE_DICT.has(phrase)) PLACE_DICT.set(phrase, [country]);
}
const SIZE_DICT = new Map(Object.entries(SIZE_WORDS));
const PLATFORM_DICT = new Map(Object.entries(PLATFORM_WORDS));
const LANGUAGE_DICT = new Map(Object.entries(LANGUAGE_WORDS));

// ---------------------------------------------------------------------------------------------
// Follower counts

// Not after a digit (or a number's separator): keeps the scan linear on long digit runs.
const NUM = String.raw`(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k|mm|m|mil|mio|million|millions|thousand|thousands)?(?![\p{L}\d])`;
const UNIT = String.raw`(\s*(?:followers?|subscribers?|subs|fans))?`;
const MULTIPLIER: Record<string, number> = {
  k: 1_000,
  thousand: 1_000,
  thousands: 1_000,
  m: 1_000_000,
  mm: 1_000_000,
  mil: 1_000_000,
  mio: 1_000_000,
  million: 1_000_000,
  millions: 1_000_000,
};

type SizeKind = "between" | "min" | "max" | "around";
const SIZE_PATTERNS: { kind: SizeKind; re: RegExp }[] = [
  {
    kind: "between",
    re: new RegExp(String.raw`(?:\bbetween\s+|\bfrom\s+)?${NUM}\s*(?:-|–|—|to|and)\s*${NUM}${UNIT}`, "gu"),
  },
  {
    kind: "min",
    re: new RegExp(
      String.raw`\b(?:over|above|more than|at least|minimum of|minimum|min|greater than|upwards of|north of|no less than|no fewer than|beyond)\s+${NUM}${UNIT}`,
      "gu",
    ),
  },
  {
    kind: "min",
    re: new RegExp(String.raw`${NUM}\s*(?:\+|plus\b|or more\b|and up\b|and above\b|or above\b)${UNIT}`, "gu"),
  },
  {
    kind: "max",
    re: new RegExp(
      String.raw`\b(?:under|below|less than|fewer than|up to|at most|maximum of|maximum|max|no more than|beneath|smaller than)\s+${NUM}${UNIT}`,
      "gu",
    ),
  },
  {
    kind: "around",
    re: new RegExp(
      String.raw`(?:\b(?:around|about|roughly|approximately|approx|circa|~)\s*)?${NUM}${UNIT}`,
      "gu",
    ),
  },
];

function toCount(digits: string, unit: string | undefined): number {
  const value = Number(digits.replace(/,/g, ""));
  return Math.round(value * (unit ? (MULTIPLIER[unit] ?? 1) : 1));
}

/** A number without K/M or "followers" is a size only when written like one: "5,000", 10000+. */
function looksLikeCount(digits: string, n: number): boolean {
  return digits.includes(",") || n >= 10_000;
}

interface SizeConstraint {
  min?: number;
  max?: number;
}

/** Finds follower-count phrases; returns them and the text with those phrases blanked out. */
export function extractFollowerCounts(folded: string): { constraints: SizeConstraint[]; rest: string } {
  let rest = folded;
  const constraints: SizeConstraint[] = [];
  for (const { kind, re } of SIZE_PATTERNS) {
    rest = rest.replace(re, (whole: string, ...groups: (string | undefined)[]) => {
      const unitWord = kind === "between" ? groups[4] : groups[2];
      if (kind === "between") {
        const [d1, u1, d2, u2] = groups as [string, string | undefined, string, string | undefined];
        // "10-100k": the first number borrows the second's unit.
        const a = toCount(d1, u1 ?? (u2 && Number(d1.replace(/,/g, "")) < 1000 ? u2 : undefined));
        const b = toCount(d2, u2);
        if (!(u1 || u2 || unitWord || (looksLikeCount(d1, a) && looksLikeCount(d2, b)))) return whole;
        constraints.push({ min: Math.min(a, b), max: Math.max(a, b) });
        return " ".repeat(whole.length);
      }
      const [d, u] = groups as [string, string | undefined];
      const n = toCount(d, u);
      if (!(u || unitWord || looksLikeCount(d, n))) return whole;
      if (kind === "around" && !(u || unitWord)) return whole; // a bare "2024" is not a size
      if (kind === "min") constraints.push({ min: n });
      else if (kind === "max") constraints.push({ max: n });
      else constraints.push({ min: Math.round(n / 2), max: n * 2 });
      return " ".repeat(whole.length);
    });
  }
  return { constraints, rest };
}

// ---------------------------------------------------------------------------------------------
// Qualities: "high engagement", "engaged audience", "fast growing"

const QUALITY_PATTERNS: { level: EngagementLevel | "growth"; re: RegExp }[] = [
  {
    level: "High",
    re: /\b(?:(?:very |super |highly |really )?(?:high|higher|strong|great|good|excellent|top|above average|high quality)[ -](?:engagement|engagement rates?|er)|highly[ -]engag(?:ed|ing)|(?:very |super |highly |really )?engaged (?:audiences?|followers?|followings?|communit(?:y|ies)|fans?|fanbases?))\b/gu,
  },
  {
    level: "Medium",
    re: /\b(?:average|medium|moderate|decent|typical|normal)[ -](?:engagement|engagement rates?)\b/gu,
  },
  { level: "Low", re: /\b(?:low|lower|weak|poor|below average)[ -](?:engagement|engagement rates?)\b/gu },
  {
    level: "growth",
    re: /\b(?:fast|rapidly|quickly)[ -]growing\b|\bgrowing (?:fast|quickly|rapidly)\b|\brising stars?\b/gu,
  },
];

/** The engagement level and growth wish a (folded) description names, with those words blanked out. */
export function extractQualities(text: string): {
  level: EngagementLevel | null;
  growth: boolean;
  rest: string;
} {
  let level: EngagementLevel | null = null;
  let growth = false;
  let rest = text;
  for (const { level: l, re } of QUALITY_PATTERNS) {
    rest = rest.replace(re, (whole: string) => {
      if (l === "growth") growth = true;
      else level ??= l;
      return " ".repeat(whole.length);
    });
  }
  return { level, growth, rest };
}

// ---------------------------------------------------------------------------------------------
// The lexicon interpreter

/** The lexicon interpretation (synchronous, deterministic). */
export function interpretWithLexicon(text: string, platform: Platform): Interpretation {
  const notes: string[] = [];
  const folded = foldText(text.slice(0, 10_000));
  const { constraints, rest: afterCounts } = extractFollowerCounts(folded);
  const { level: engagementLevel, growth, rest } = extractQualities(afterCounts);
  const tokens = tokenize(rest);
  if (growth) {
    notes.push(
      "“Fast growing” is understood but not searched on: the index ranks by engagement, not growth (open a report for its growth).",
    );
  }

  const industries: Industry[] = [];
  const countries: string[] = [];
  const languages: string[] = [];
  const platforms: Platform[] = [];
  const tiers: SizeTier[] = [];
  const keywords: string[] = [];
  let droppedKeywords = 0;

  const addKeyword = (word: string) => {
    if (word.length < 2 || word.length > MAX_KEYWORD_LENGTH || /^\d+$/.test(word)) return;
    if (STOP_WORDS.has(word) || keywords.includes(word)) return;
    if (keywords.length >= MAX_KEYWORDS) droppedKeywords++;
    else keywords.push(word);
  };
  const addAll = <T>(list: T[], items: readonly T[]) => {
    for (const item of items) if (!list.includes(item)) list.push(item);
  };

  for (let i = 0; i < tokens.length; ) {
    const word = tokens[i]!;
    // Languages: "German-speaking", "Spanish speakers", "in French", "francophone".
    const language = LANGUAGE_DICT.get(word) ?? LANGUAGE_DICT.get(variants(word)[1] ?? "");
    if (language) {
      const next = tokens[i + 1];
      const after = next !== undefined && variants(next).some((v) => LANGUAGE_AFTER.has(v));
      const before = i > 0 && LANGUAGE_BEFORE.has(tokens[i - 1]!);
      if (after || before || ALWAYS_LANGUAGE.has(word)) {
        addAll(languages, [language]);
        addAll(countries, LANGUAGE_COUNTRIES[language] ?? []);
        i += after ? 2 : 1;
        continue;
      }
    }
    let matched = false;
    for (let len = Math.min(MAX_PHRASE_TOKENS, tokens.length - i); len >= 1 && !matched; len--) {
      const phrase = tokens.slice(i, i + len);
      const p = lookup(PLATFORM_DICT, phrase);
      if (p) {
        addAll(platforms, [p]);
      } else {
        const size = lookup(SIZE_DICT, phrase);
        if (size) {
          addAll(tiers, [SIZE_TIERS[size]!]);
        } else {
          const place = lookup(PLACE_DICT, phrase);
          if (place) {
            addAll(countries, place);
          } else {
            const industry = lookup(INDUSTRY_DICT, phrase);
            if (!industry) continue;
            if (industries.length < MAX_INDUSTRIES) addAll(industries, [industry]);
            // Industry words stay search words: "vegan" should still find bios that say "vegan".
            for (const w of phrase) addKeyword(w);
          }
        }
      }
      i += len;
      matched = true;
    }
    if (!matched) {
      addKeyword(word);
      i += 1;
    }
  }

  // Size: the named tiers together (union), narrowed by explicit counts (intersection).
  let followerMin: number | undefined;
  let followerMax: number | undefined;
  if (tiers.length > 0) {
    followerMin = Math.min(...tiers.map((t) => t.min));
    followerMax = tiers.some((t) => t.max === undefined) ? undefined : Math.max(...tiers.map((t) => t.max!));
  }
  for (const c of constraints) {
    if (c.min !== undefined) followerMin = Math.max(followerMin ?? 0, c.min);
    if (c.max !== undefined) followerMax = Math.min(followerMax ?? Number.POSITIVE_INFINITY, c.max);
  }
  if (followerMin !== undefined && followerMax !== undefined && followerMin > followerMax) {
    const last = constraints[constraints.length - 1];
    notes.push("The follower sizes in the description contradict each other; used the last one.");
    followerMin = last?.min;
    followerMax = last?.max;
  }

  if (droppedKeywords > 0) notes.push(`Only the first ${MAX_KEYWORDS} search words were used.`);
  return finish(
    {
      industries,
      countries: countries.filter((c) => KNOWN_COUNTRIES.has(c)),
      languages,
      followerMin: followerMin || undefined,
      followerMax,
      keywords,
      engagementLevel,
      platforms,
      notes,
      source: "lexicon",
    },
    platform,
  );
}

/** Platform notes and the "nothing understood" note, shared by both interpreters. */
function finish(i: Interpretation, platform: Platform): Interpretation {
  const notes = [...i.notes];
  const others = i.platforms.filter((p) => p !== platform);
  if (others.length > 0) {
    notes.unshift(
      `The description mentions ${others.map((p) => PLATFORM_LABELS[p]).join(" and ")}; searched ${PLATFORM_LABELS[platform]}, the selected platform.`,
    );
  }
  const understood =
    i.industries.length + i.countries.length + i.keywords.length > 0 ||
    i.engagementLevel !== null ||
    i.followerMin !== undefined ||
    i.followerMax !== undefined;
  if (!understood) {
    notes.push("Nothing to search for was found in the description: name a niche, a place or a size.");
  }
  const result: Interpretation = { ...i, notes };
  if (result.followerMin === undefined) delete result.followerMin;
  if (result.followerMax === undefined) delete result.followerMax;
  return result;
}

// ---------------------------------------------------------------------------------------------
// Model answers

const draftSchema = z.looseObject({
  industries: z.array(z.string()).optional(),
  countries: z.array(z.string()).optional(),
  languages: z.array(z.string()).optional(),
  followerMin: z.number().nonnegative().nullable().optional(),
  followerMax: z.number().nonnegative().nullable().optional(),
  keywords: z.array(z.string()).optional(),
  engagementLevel: z.string().nullable().optional(),
  platforms: z.array(z.string()).optional(),
  notes: z.array(z.string()).optional(),
});

const ENGAGEMENT_LEVEL_BY_LOWER = new Map<string, EngagementLevel>(
  ENGAGEMENT_LEVELS.map((l) => [l.toLowerCase(), l]),
);
const INDUSTRY_BY_LOWER = new Map<string, Industry>(INDUSTRIES.map((x) => [x.toLowerCase(), x]));
const COUNTRY_BY_LOWER = new Map<string, string>(COUNTRIES.map((c) => [c.toLowerCase(), c]));
const LANGUAGE_BY_LOWER = new Map<string, string>(
  Object.keys(LANGUAGE_COUNTRIES).map((l) => [l.toLowerCase(), l]),
);

/** Validates a model's answer and keeps only values of our vocabularies; null when unusable. */
export function normaliseDraft(draft: unknown, platform: Platform): Interpretation | null {
  const parsed = draftSchema.safeParse(draft);
  if (!parsed.success) return null;
  const d = parsed.data;
  const pick = <T>(values: string[] | undefined, map: ReadonlyMap<string, T>, max: number): T[] => {
    const out: T[] = [];
    for (const v of values ?? []) {
      const hit = map.get(v.trim().toLowerCase());
      if (hit !== undefined && !out.includes(hit) && out.length < max) out.push(hit);
    }
    return out;
  };
  const keywords: string[] = [];
  for (const k of d.keywords ?? []) {
    for (const w of tokenize(foldText(k))) {
      if (
        keywords.length < MAX_KEYWORDS &&
        w.length >= 2 &&
        w.length <= MAX_KEYWORD_LENGTH &&
        !/^\d+$/.test(w) &&
        !STOP_WORDS.has(w) &&
        !keywords.includes(w)
      )
        keywords.push(w);
    }
  }
  const languages = pick(d.languages, LANGUAGE_BY_LOWER, 30);
  const countries = pick(d.countries, COUNTRY_BY_LOWER, 100);
  if (countries.length === 0)
    for (const l of languages)
      for (const c of LANGUAGE_COUNTRIES[l] ?? []) if (!countries.includes(c)) countries.push(c);
  let followerMin = d.followerMin ?? undefined;
  let followerMax = d.followerMax ?? undefined;
  if (followerMin !== undefined) followerMin = Math.round(followerMin) || undefined;
  if (followerMax !== undefined) followerMax = Math.round(followerMax);
  if (followerMin !== undefined && followerMax !== undefined && followerMin > followerMax) {
    [followerMin, followerMax] = [followerMax, followerMin];
  }
  return finish(
    {
      industries: pick(d.industries, INDUSTRY_BY_LOWER, MAX_INDUSTRIES),
      countries,
      languages,
      followerMin,
      followerMax,
      keywords,
      engagementLevel: ENGAGEMENT_LEVEL_BY_LOWER.get(d.engagementLevel?.trim().toLowerCase() ?? "") ?? null,
      platforms: pick(d.platforms, new Map(PLATFORMS.map((p) => [p, p])), 3),
      notes: (d.notes ?? []).slice(0, 3).map((n) => n.slice(0, 300)),
      source: "model",
    },
    platform,
  );
}

/** The size label a finder result shows ("Micro creator (10K–100K)", "Over 1M followers"). */
export function sizeLabel(min: number | undefined, max: number | undefined): string | null {
  for (const tier of Object.values(SIZE_TIERS)) if (tier.min === min && tier.max === max) return tier.label;
  const fmt = (n: number) => {
    if (n >= 1_000_000) return `${Number((n / 1_000_000).toFixed(1))}M`;
    if (n >= 1_000) return `${Number((n / 1_000).toFixed(1))}K`;
    return String(n);
  };
  if (min !== undefined && max !== undefined) return `${fmt(min)}–${fmt(max)} followers`;
  if (min !== undefined) return `Over ${fmt(min)} followers`;
  if (max !== undefined) return `Under ${fmt(max)} followers`;
  return null;
}
