import { franc } from "franc-min";
import type { ReportMetrics } from "../schemas/report";
import { LANGUAGE_COUNTRIES } from "./lexicon";
import type { TextScan } from "./scan";
import { round } from "./stats";
import { newScanState, newTextResult, scanText } from "./text";

/**
 * Languages of a creator's texts. The fast path is the text scan (text.ts): non-Latin scripts by
 * Unicode block and Latin-script languages by stop words, per text. franc (trigram model) is the
 * fallback when the fast path decides too few texts: it runs once per report, on a bounded sample,
 * restricted to the languages the engine can map to countries. franc is ~100× slower per character
 * than the scan, so it never sees more than FRANC_SAMPLE characters.
 */

/** Characters franc is given at most (per report). */
export const FRANC_SAMPLE = 600;
/** Per text, at most this many characters go into the franc sample. */
const FRANC_PER_TEXT = 200;

/** Languages franc may answer (those the engine maps to countries). */
const FRANC_ONLY = Object.keys(LANGUAGE_COUNTRIES).filter((l) => LANGUAGE_COUNTRIES[l]!.countries.length > 0);

const NOISE = /[#@][^\s#@]*|https?:\/\/\S*|www\.\S*/g;

/** The text franc should see: hashtags, @mentions and links removed, bounded. */
export function francSample(texts: readonly string[]): string {
  let out = "";
  for (const t of texts) {
    if (out.length >= FRANC_SAMPLE) break;
    const clean = t
      .slice(0, FRANC_PER_TEXT * 2)
      .replace(NOISE, " ")
      .replace(/\s+/g, " ")
      .trim();
    if (clean.length < 3) continue;
    out += `${clean.slice(0, FRANC_PER_TEXT)} `;
  }
  return out.slice(0, FRANC_SAMPLE).trim();
}

/** franc on a bounded sample of the texts; "und" when unsure or the sample is under 30 characters. */
export function francLanguage(texts: readonly string[]): string {
  const sample = francSample(texts);
  if (sample.length < 30) return "und";
  return franc(sample, { only: FRANC_ONLY, minLength: 30 });
}

/** The language of one text (ISO 639-3) or "und": the fast scan, then franc when it cannot tell. */
export function detectLanguage(text: string): string {
  const bounded = typeof text === "string" ? text.slice(0, 2000) : "";
  const out = newTextResult();
  scanText(bounded, "caption", newScanState(""), out);
  return out.lang !== "und" ? out.lang : francLanguage([bounded]);
}

const byLanguageShare = (a: { code: string; share: number }, b: { code: string; share: number }) =>
  b.share - a.share || (a.code < b.code ? -1 : 1);

/**
 * The report's languages: the scan's per-text languages (franc on a sample of the undecided texts
 * when the scan placed under a third of them; its answer is added to the scan's counts), as shares,
 * largest first; and how they were found.
 */
export function languagesOf(scan: Pick<TextScan, "langCounts" | "undecided" | "eligibleTexts">): {
  languages: ReportMetrics["languages"];
  languageMethod: string;
} {
  const { langCounts, undecided, eligibleTexts } = scan;
  let languageMethod = "stop words and scripts per text";
  if (undecided.length > 0 && (eligibleTexts - undecided.length) * 3 < eligibleTexts) {
    const lang = francLanguage(undecided);
    languageMethod = `stop words and scripts per text; franc on a ${undecided.length}-text sample for the rest`;
    if (lang !== "und") langCounts.set(lang, (langCounts.get(lang) ?? 0) + undecided.length);
  }
  let langTotal = 0;
  for (const c of langCounts.values()) langTotal += c;
  const languages: ReportMetrics["languages"] = [];
  for (const [code, c] of langCounts) {
    languages.push({ code, name: LANGUAGE_COUNTRIES[code]?.name ?? code, share: round(c / langTotal, 3) });
  }
  if (languages.length > 1) languages.sort(byLanguageShare);
  return { languages, languageMethod };
}
