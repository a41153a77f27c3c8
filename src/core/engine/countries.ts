import type { ReportMetrics } from "../schemas/report";
import { COUNTRY_CODES, CURRENCY_COUNTRIES, LANGUAGE_COUNTRIES, LEXICON } from "./lexicon";
import { plural, round } from "./stats";
import type { ScanState } from "./text";

const COUNTRY_BY_NAME = new Map<string, string>();
for (const c of Object.values(COUNTRY_CODES)) COUNTRY_BY_NAME.set(c.toLowerCase(), c);

export function findCountry(name: string): string | null {
  return COUNTRY_BY_NAME.get(name.toLowerCase()) ?? (LEXICON.get(name.toLowerCase())?.place || null);
}

export type CountryScore = ReportMetrics["countries"][number];

/** Country scores from the scan's evidence and the caption languages (docs/methodology.md). */
export function scoreCountries(
  state: ScanState,
  languages: readonly { code: string; name: string; share: number }[],
): CountryScore[] {
  const scores = new Map<string, { score: number; reasons: string[] }>();
  for (const [country, e] of state.countries) {
    if (e.declared) addScore(scores, country, 4, "country declared on the profile");
    if (e.bioPlace) addScore(scores, country, 3, "named in the bio");
    if (e.captionPlaces)
      addScore(
        scores,
        country,
        Math.min(4, e.captionPlaces),
        `named in ${plural(e.captionPlaces, "caption")}`,
      );
    if (e.bioFlag) addScore(scores, country, 3, "flag in the bio");
    if (e.captionFlags)
      addScore(scores, country, Math.min(3, e.captionFlags), `flag in ${plural(e.captionFlags, "caption")}`);
  }
  for (const l of languages) {
    const lc = LANGUAGE_COUNTRIES[l.code];
    if (!lc) continue;
    for (let i = 0; i < lc.countries.length; i++) {
      const score = round(l.share * 3 * (1 - 0.25 * i), 3);
      if (score > 0)
        addScore(scores, lc.countries[i]!, score, `captions in ${lc.name} (${Math.round(l.share * 100)}%)`);
    }
  }
  for (const [sign, count] of state.currencies) {
    const targets = CURRENCY_COUNTRIES[sign];
    if (!targets) continue;
    if (sign === "€") {
      // The euro only tells Europe apart: it strengthens euro countries already suggested.
      for (const c of targets) if (scores.has(c)) addScore(scores, c, 1, "prices in €");
    } else for (const c of targets) addScore(scores, c, Math.min(2, count), `prices in ${sign}`);
  }
  const out: CountryScore[] = [];
  for (const [country, e] of scores) {
    if (e.score >= 0.5) out.push({ country, score: round(e.score, 2), reason: e.reasons.join("; ") });
  }
  out.sort(byCountryScore);
  if (out.length > 8) out.length = 8;
  return out;
}

function addScore(
  scores: Map<string, { score: number; reasons: string[] }>,
  country: string,
  score: number,
  reason: string,
): void {
  if (score <= 0) return;
  const e = scores.get(country);
  if (e) {
    e.score += score;
    e.reasons.push(reason);
  } else scores.set(country, { score, reasons: [reason] });
}

const byCountryScore = (a: CountryScore, b: CountryScore): number =>
  b.score - a.score || (a.country < b.country ? -1 : 1);

/** Where the audience likely is: the scored countries and the five to recommend. */
export function countriesOf(state: ScanState, languages: ReportMetrics["languages"]) {
  const countries = scoreCountries(state, languages);
  const recommendedCountries: string[] = [];
  for (let i = 0; i < countries.length && i < 5; i++) recommendedCountries.push(countries[i]!.country);
  return { countries, recommendedCountries };
}
