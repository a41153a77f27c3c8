import { findCountry } from "./countries";
import { COUNTRY_CODES, SIGNAL } from "./lexicon";
import type { Profile } from "./profile";
import {
  declareCountry,
  newScanState,
  newTextResult,
  resetScanState,
  type ScanState,
  scanText,
} from "./text";

/** Characters of all captions together the text scan reads (each caption keeps at least 200). */
export const TOTAL_SCAN = 12_000;
const BIO_SCAN = 1_000;
const NAME_SCAN = 200;

const NO_MENTIONS: readonly string[] = [];

/** The scan's state and result, reused by every report (the engine is synchronous). */
const SCAN = newScanState("");
const RESULT = newTextResult();

/** What the one scan over bio, name and captions found. */
export interface TextScan {
  /** Industry and country evidence, for the industry and countries steps (reused: read it before the next report). */
  state: ScanState;
  /** Per post: its sponsorship signals (SIGNAL bits) and its @mentions. */
  postSignals: number[];
  postMentions: (readonly string[])[];
  /** Texts per language the scan could place. */
  langCounts: Map<string, number>;
  /** Texts the scan could not place (franc gets a sample of them). */
  undecided: string[];
  /** Texts long enough to have a language (placed or undecided). */
  eligibleTexts: number;
  hashtagTotal: number;
  /** Per post: its caption length (0 without a caption). */
  captionLengths: number[];
  withoutCaption: number;
  /** The profile's declared country, when it names one the engine knows. */
  declaredCountry: string | null;
}

/** One scan over bio, name and captions: the evidence behind advertisers, industry, languages and countries. */
export function scanTexts(profile: Pick<Profile, "raw" | "self" | "bio" | "name" | "posts">): TextScan {
  const { raw, self, bio, name, posts } = profile;
  const n = posts.length;
  const state = resetScanState(SCAN, self);
  const res = RESULT;
  const langCounts = new Map<string, number>();
  const undecided: string[] = [];
  let eligibleTexts = 0;
  const bioText = bio.length > BIO_SCAN ? bio.slice(0, BIO_SCAN) : bio;
  if (bioText) {
    scanText(bioText, "bio", state, res, bioText.length);
    if (res.lang !== "und") {
      langCounts.set(res.lang, (langCounts.get(res.lang) ?? 0) + 1);
      eligibleTexts++;
    } else if (res.words >= 3) {
      undecided.push(bioText);
      eligibleTexts++;
    }
  }
  if (name) scanText(name, "name", state, res, Math.min(name.length, NAME_SCAN));
  const postSignals: number[] = new Array(n);
  const postMentions: (readonly string[])[] = new Array(n);
  let hashtagTotal = 0;
  let budget = TOTAL_SCAN;
  const captionLengths: number[] = new Array(n);
  let withoutCaption = 0;
  for (let i = 0; i < n; i++) {
    const p = posts[i]!;
    captionLengths[i] = p.captionLength;
    if (p.captionLength === 0) withoutCaption++;
    let mask = p.platformAd ? SIGNAL.PLATFORM_LABEL : 0;
    let mentions: readonly string[] = NO_MENTIONS;
    const caption = p.caption;
    if (caption) {
      const take = Math.min(caption.length, Math.max(200, budget));
      budget -= take;
      scanText(caption, "caption", state, res, take);
      mask |= res.signals;
      hashtagTotal += res.hashtags;
      if (res.mentions.length) mentions = res.mentions.slice();
      if (res.lang !== "und") {
        langCounts.set(res.lang, (langCounts.get(res.lang) ?? 0) + 1);
        eligibleTexts++;
      } else if (res.words >= 3) {
        undecided.push(take < caption.length ? caption.slice(0, take) : caption);
        eligibleTexts++;
      }
    }
    postSignals[i] = mask;
    postMentions[i] = mentions;
  }
  // The declared country (YouTube's `country`), else a declared region (TikTok's `region`, a code).
  const declared =
    typeof raw.country === "string" && raw.country.trim()
      ? raw.country.trim()
      : typeof raw.region === "string"
        ? raw.region.trim()
        : "";
  let declaredCountry: string | null = null;
  if (declared) {
    declaredCountry = COUNTRY_CODES[declared.toUpperCase()] ?? findCountry(declared);
    if (declaredCountry) declareCountry(state, declaredCountry);
  }
  return {
    state,
    postSignals,
    postMentions,
    langCounts,
    undecided,
    eligibleTexts,
    hashtagTotal,
    captionLengths,
    withoutCaption,
    declaredCountry,
  };
}
