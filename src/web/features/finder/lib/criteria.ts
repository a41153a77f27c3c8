import { sizeLabel } from "#core/discovery/interpret";
import { SIZE_TIERS } from "#core/discovery/lexicon";
import {
  type EngagementLevel,
  FINDER_KEYWORD_MAX,
  type FinderCriteriaInput,
  type Interpretation,
} from "#core/schemas/discovery";
import type { Industry } from "#core/taxonomy";

/** The interpreted criteria as the chips edit them (languages are already read as countries). */
export interface EditableCriteria {
  industries: Industry[];
  countries: string[];
  keywords: string[];
  followerMin?: number;
  followerMax?: number;
  /** "High", "Medium", "Low" or null (any engagement). */
  engagementLevel: EngagementLevel | null;
  /** Topics matched by meaning in creators' own words (issue #36). */
  meaning?: string[];
}

export function criteriaOf(interpretation: Interpretation): EditableCriteria {
  const criteria: EditableCriteria = {
    industries: [...interpretation.industries],
    countries: [...interpretation.countries],
    keywords: [...interpretation.keywords],
    engagementLevel: interpretation.engagementLevel ?? null,
  };
  if (interpretation.followerMin !== undefined) criteria.followerMin = interpretation.followerMin;
  if (interpretation.followerMax !== undefined) criteria.followerMax = interpretation.followerMax;
  if (interpretation.meaning) criteria.meaning = [...interpretation.meaning];
  return criteria;
}

/** The request's `criteria` (the server validates it again). */
export function toRequestCriteria(criteria: EditableCriteria): FinderCriteriaInput {
  const out: FinderCriteriaInput = {
    industries: criteria.industries,
    countries: criteria.countries,
    keywords: criteria.keywords,
    engagementLevel: criteria.engagementLevel,
  };
  if (criteria.followerMin !== undefined) out.followerMin = criteria.followerMin;
  if (criteria.followerMax !== undefined) out.followerMax = criteria.followerMax;
  if (criteria.meaning) out.meaning = criteria.meaning;
  return out;
}

/** The size chip's text: "Micro creator (10K–100K)", "Over 1M followers", … */
export function sizeText(criteria: EditableCriteria): string | null {
  return sizeLabel(criteria.followerMin, criteria.followerMax);
}

export const ANY_SIZE = "any";
export const CUSTOM_SIZE = "custom";

/** The size select: any size, the five tiers the finder understands, or what the text said. */
export const SIZE_CHOICES = Object.entries(SIZE_TIERS).map(([key, tier]) => ({
  value: key,
  label: tier.label,
  min: tier.min,
  max: tier.max,
}));

export function sizeChoiceOf(criteria: EditableCriteria): string {
  if (criteria.followerMin === undefined && criteria.followerMax === undefined) return ANY_SIZE;
  const tier = SIZE_CHOICES.find((c) => c.min === criteria.followerMin && c.max === criteria.followerMax);
  return tier ? tier.value : CUSTOM_SIZE;
}

/** The criteria with the size of a select choice (any size drops both bounds). */
export function withSize(criteria: EditableCriteria, choice: string): EditableCriteria {
  const { followerMin: _min, followerMax: _max, ...rest } = criteria;
  if (choice === ANY_SIZE) return rest;
  const tier = SIZE_CHOICES.find((c) => c.value === choice);
  if (!tier) return criteria;
  return tier.max === undefined
    ? { ...rest, followerMin: tier.min }
    : { ...rest, followerMin: tier.min, followerMax: tier.max };
}

/**
 * The search words in what the user typed into "Add keyword": lower case, letters and digits only
 * (the server accepts nothing else), 2 to 40 characters each.
 */
export function keywordsIn(text: string): string[] {
  const words = text.toLocaleLowerCase("en-US").match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 2 && w.length <= FINDER_KEYWORD_MAX))];
}
