/**
 * The finder's edited criteria (chips removed, changed or added on the finder screen) as the
 * interpretation the server searches with. Pure: no database, no model.
 */
import type { FinderCriteria, Interpretation } from "../schemas/discovery";
import { foldText, tokenize } from "./interpret";
import { STOP_WORDS } from "./lexicon";

/**
 * The criteria a user edited (chips removed, changed or added), as the interpretation to search with
 * and to show. Values are already checked against the vocabularies by the request schema; words the
 * full-text index never holds (stop words) are dropped so no keyword becomes an empty query.
 */
export function interpretationFromCriteria(criteria: FinderCriteria): Interpretation {
  const notes: string[] = [];
  const keywords: string[] = [];
  const dropped: string[] = [];
  for (const keyword of criteria.keywords) {
    const words = tokenize(foldText(keyword));
    const word = words.length === 1 ? words[0]! : null;
    if (!word || STOP_WORDS.has(word)) dropped.push(keyword);
    else if (!keywords.includes(word)) keywords.push(word);
  }
  if (dropped.length > 0) {
    notes.push(`Too common to search for: ${dropped.map((k) => `“${k}”`).join(", ")}.`);
  }
  const interpretation: Interpretation = {
    industries: criteria.industries,
    countries: criteria.countries,
    languages: [],
    keywords,
    engagementLevel: criteria.engagementLevel ?? null,
    platforms: [],
    notes,
    source: "edited",
  };
  if (criteria.meaning && criteria.meaning.length > 0)
    interpretation.meaning = [...new Set(criteria.meaning)];
  if (criteria.followerMin !== undefined && criteria.followerMin > 0) {
    interpretation.followerMin = criteria.followerMin;
  }
  if (criteria.followerMax !== undefined) interpretation.followerMax = criteria.followerMax;
  const searchable =
    interpretation.industries.length + interpretation.countries.length + keywords.length > 0 ||
    interpretation.engagementLevel !== null ||
    interpretation.followerMin !== undefined ||
    interpretation.followerMax !== undefined;
  if (!searchable)
    notes.push(
      "Nothing to search for: add an industry, a country, a keyword, a size or an engagement level.",
    );
  return interpretation;
}
