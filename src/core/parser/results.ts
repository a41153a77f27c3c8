import type { Platform } from "../schemas/platform";
import { foldAccents } from "./known-creators";
import {
  type Confidence,
  type InputType,
  type LinkKind,
  MAX_INPUT_LENGTH,
  type ParsedInput,
} from "./messages";
import { HANDLE_MAX_LENGTH, MAX_SUGGESTIONS, validateHandle } from "./rules";

/** The parser's results (one shape for every path) and the suggestions offered with a weak one. */

export interface Extra {
  platform?: Platform;
  linkKind?: LinkKind;
}

interface ResultFields {
  original: string;
  inputType: InputType;
  username: string;
  confidence: Confidence;
  isValid: boolean;
  /** Valid handles the input could be (default none). */
  suggestions?: string[];
  extra?: Extra;
  /** Why the input is not usable (invalid results). */
  reason?: string;
}

export function make(f: ResultFields): ParsedInput {
  const r: ParsedInput = {
    username: f.username,
    originalInput: f.original,
    inputType: f.inputType,
    confidence: f.confidence,
    suggestions: f.suggestions ?? [],
    isValid: f.isValid,
  };
  if (f.extra?.platform) r.platform = f.extra.platform;
  if (f.reason !== undefined) r.reason = f.reason;
  if (f.extra?.linkKind) r.linkKind = f.extra.linkKind;
  return r;
}

export function invalid(
  original: string,
  inputType: InputType,
  username: string,
  reason: string,
  extra?: Extra,
  suggestions: string[] = [],
): ParsedInput {
  return make({
    original,
    inputType,
    username,
    confidence: "low",
    suggestions,
    isValid: false,
    extra,
    reason,
  });
}

/** A handle read from the input: `confidence` when it satisfies the platform's rules, else low with suggestions. */
export function handleResult(
  original: string,
  inputType: InputType,
  username: string,
  platform: Platform,
  confidence: Confidence,
  source: string,
  extra?: Extra,
): ParsedInput {
  const check = validateHandle(username, platform);
  if (check.ok) return make({ original, inputType, username, confidence, isValid: true, extra });
  return make({
    original,
    inputType,
    username,
    confidence: "low",
    suggestions: suggestionsFor(source, platform, username),
    isValid: false,
    extra,
    reason: check.reason,
  });
}

const CAMEL = /([a-z0-9])([A-Z])/g;
const WORD_SPLIT = /[^a-z0-9]+/;
const MAX_WORDS = 12;

/** Joins words with `sep`, whole words only while they fit in `max`; a first word longer than max is cut. */
function joinWords(words: string[], sep: string, max: number): string {
  let out = words[0]!;
  if (out.length > max) return out.slice(0, max);
  for (let i = 1; i < words.length; i++) {
    const next = out + sep + words[i];
    if (next.length > max) break;
    out = next;
  }
  return out;
}

/**
 * Up to three valid handles a name or a broken handle could be: its words squashed together,
 * joined with dots, with underscores (each cut to the platform's limit at a word boundary), then
 * first and last word. `exclude` (the handle already offered) is left out.
 */
export function suggestionsFor(text: string, platform: Platform, exclude = ""): string[] {
  if (typeof text !== "string" || text === "") return [];
  const source = text.length > MAX_INPUT_LENGTH ? text.slice(0, MAX_INPUT_LENGTH) : text;
  const words = foldAccents(source)
    .replace(CAMEL, "$1 $2")
    .toLowerCase()
    .split(WORD_SPLIT)
    .filter((w) => w !== "");
  if (words.length === 0) return [];
  if (words.length > MAX_WORDS) words.length = MAX_WORDS;
  const max = HANDLE_MAX_LENGTH[platform];
  const candidates = [joinWords(words, "", max), joinWords(words, ".", max), joinWords(words, "_", max)];
  if (words.length > 2) {
    const first = words[0]!;
    const last = words[words.length - 1]!;
    candidates.push(first + last, `${first}_${last}`, `${first}.${last}`);
  }
  const out: string[] = [];
  for (const c of candidates) {
    if (c === exclude || out.includes(c) || !validateHandle(c, platform).ok) continue;
    out.push(c);
    if (out.length === MAX_SUGGESTIONS) break;
  }
  return out;
}
