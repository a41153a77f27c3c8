import { Plus, X } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import {
  ENGAGEMENT_LEVELS,
  FINDER_MAX_COUNTRIES,
  FINDER_MAX_INDUSTRIES,
  FINDER_MAX_KEYWORDS,
  type Interpretation,
} from "#core/schemas/discovery";
import { COUNTRIES, INDUSTRIES, type Industry, isIndustry } from "#core/taxonomy";
import { Button } from "../../../components/ui/button";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { cn } from "../../../lib/utils";
import {
  ANY_SIZE,
  CUSTOM_SIZE,
  type EditableCriteria,
  keywordsIn,
  SIZE_CHOICES,
  sizeChoiceOf,
  sizeText,
  withSize,
} from "../lib/criteria";

/** Countries in alphabetical order, once each (the taxonomy lists some under two markets). */
const COUNTRY_OPTIONS = [...new Set<string>(COUNTRIES)].sort((a, b) => a.localeCompare(b, "en-US"));

type ChipKind = "industry" | "country" | "keyword" | "meaning" | "size" | "engagement";

const CHIP_STYLE: Record<ChipKind, string> = {
  industry: "border-primary/40 bg-primary/10",
  country: "border-success/40 bg-success/10",
  keyword: "border-input bg-background",
  meaning: "border-input bg-muted",
  size: "border-warning/40 bg-warning/10",
  engagement: "border-primary/40 bg-background",
};

const KIND_LABEL: Record<ChipKind, string> = {
  industry: "Industry",
  country: "Country",
  keyword: "Keyword",
  meaning: "Close in meaning to",
  size: "Size",
  engagement: "Engagement",
};

function Chip({
  kind,
  text,
  onRemove,
  disabled,
}: {
  kind: ChipKind;
  text: string;
  onRemove: () => void;
  disabled: boolean;
}) {
  return (
    <li
      className={cn(
        "inline-flex items-center gap-1 rounded-full border py-0.5 pr-1 pl-3 text-sm",
        CHIP_STYLE[kind],
      )}
      data-kind={kind}
    >
      <span>
        <span className="text-muted-foreground">{KIND_LABEL[kind]}: </span>
        {text}
      </span>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove ${KIND_LABEL[kind].toLowerCase()} ${text}`}
        className="inline-flex size-6 items-center justify-center rounded-full hover:bg-foreground/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </li>
  );
}

export interface CriteriaChipsProps {
  /** What the server searched with (for languages, notes and where it came from). */
  interpretation: Interpretation;
  /** The criteria the chips show. */
  criteria: EditableCriteria;
  /** A chip removed, changed or added: search again with these. */
  onChange: (criteria: EditableCriteria) => void;
  /** A search is running: the chips wait. */
  busy: boolean;
}

/**
 * The account finder's interpreted criteria as chips (industries, countries, keywords, size). Each
 * chip can be removed; the size can be changed; industries, countries and keywords can be added.
 * Every edit searches again with exactly the criteria shown.
 */
export function CriteriaChips({ interpretation, criteria, onChange, busy }: CriteriaChipsProps) {
  const id = useId();
  const [keyword, setKeyword] = useState("");
  const [keywordError, setKeywordError] = useState<string | null>(null);
  const size = sizeText(criteria);
  const sizeChoice = sizeChoiceOf(criteria);
  const remove = <K extends "industries" | "countries" | "keywords">(key: K, value: string) =>
    onChange({ ...criteria, [key]: (criteria[key] as string[]).filter((v) => v !== value) });

  const addKeyword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const words = keywordsIn(keyword).filter((w) => !criteria.keywords.includes(w));
    if (words.length === 0) {
      setKeywordError("Type a word of letters or digits (2 to 40 characters) that is not in the list yet.");
      return;
    }
    const keywords = [...criteria.keywords, ...words].slice(0, FINDER_MAX_KEYWORDS);
    setKeyword("");
    setKeywordError(null);
    onChange({ ...criteria, keywords });
  };

  const empty =
    criteria.industries.length +
      criteria.countries.length +
      criteria.keywords.length +
      (criteria.meaning?.length ?? 0) ===
      0 &&
    size === null &&
    criteria.engagementLevel === null;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground"
      data-testid="finder-criteria"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {interpretation.source === "edited" ? "Searched with your criteria" : "Understood as"}
        </h2>
        <p className="text-sm text-muted-foreground">
          {interpretation.source === "model"
            ? "Read by the AI model from your description. "
            : interpretation.source === "lexicon"
              ? "Read from your description. "
              : ""}
          Remove, change or add criteria to search again.
        </p>
      </div>
      {empty ? (
        <p className="text-sm text-muted-foreground">
          No criteria: add an industry, a country, a keyword or a size.
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Search criteria">
          {criteria.industries.map((industry) => (
            <Chip
              key={`i-${industry}`}
              kind="industry"
              text={industry}
              disabled={busy}
              onRemove={() => remove("industries", industry)}
            />
          ))}
          {criteria.countries.map((country) => (
            <Chip
              key={`c-${country}`}
              kind="country"
              text={country}
              disabled={busy}
              onRemove={() => remove("countries", country)}
            />
          ))}
          {criteria.keywords.map((word) => (
            <Chip
              key={`k-${word}`}
              kind="keyword"
              text={`“${word}”`}
              disabled={busy}
              onRemove={() => remove("keywords", word)}
            />
          ))}
          {(criteria.meaning ?? []).map((topic) => (
            <Chip
              key={`m-${topic}`}
              kind="meaning"
              text={topic}
              disabled={busy}
              onRemove={() =>
                onChange({ ...criteria, meaning: (criteria.meaning ?? []).filter((t) => t !== topic) })
              }
            />
          ))}
          {size ? (
            <Chip
              kind="size"
              text={size}
              disabled={busy}
              onRemove={() => onChange(withSize(criteria, ANY_SIZE))}
            />
          ) : null}
          {criteria.engagementLevel ? (
            <Chip
              kind="engagement"
              text={criteria.engagementLevel}
              disabled={busy}
              onRemove={() => onChange({ ...criteria, engagementLevel: null })}
            />
          ) : null}
        </ul>
      )}
      {interpretation.languages.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          Languages ({interpretation.languages.join(", ")}) are searched as the countries where they are
          spoken.
        </p>
      ) : null}
      {interpretation.notes.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm text-muted-foreground" aria-label="Notes">
          {interpretation.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-industry`}>Add industry</Label>
          <NativeSelect
            id={`${id}-industry`}
            value=""
            disabled={busy || criteria.industries.length >= FINDER_MAX_INDUSTRIES}
            onChange={(event) => {
              const value = event.target.value;
              if (isIndustry(value) && !criteria.industries.includes(value)) {
                onChange({ ...criteria, industries: [...criteria.industries, value as Industry] });
              }
            }}
          >
            <option value="">
              {criteria.industries.length >= FINDER_MAX_INDUSTRIES
                ? `${FINDER_MAX_INDUSTRIES} at most`
                : "Choose an industry"}
            </option>
            {INDUSTRIES.filter((i) => !criteria.industries.includes(i)).map((industry) => (
              <option key={industry} value={industry}>
                {industry}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-country`}>Add country</Label>
          <NativeSelect
            id={`${id}-country`}
            value=""
            disabled={busy || criteria.countries.length >= FINDER_MAX_COUNTRIES}
            onChange={(event) => {
              const value = event.target.value;
              if (COUNTRY_OPTIONS.includes(value) && !criteria.countries.includes(value)) {
                onChange({ ...criteria, countries: [...criteria.countries, value] });
              }
            }}
          >
            <option value="">Choose a country</option>
            {COUNTRY_OPTIONS.filter((c) => !criteria.countries.includes(c)).map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-size`}>Follower size</Label>
          <NativeSelect
            id={`${id}-size`}
            value={sizeChoice}
            disabled={busy}
            onChange={(event) => onChange(withSize(criteria, event.target.value))}
          >
            <option value={ANY_SIZE}>Any size</option>
            {sizeChoice === CUSTOM_SIZE && size ? <option value={CUSTOM_SIZE}>{size}</option> : null}
            {SIZE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-engagement`}>Engagement level</Label>
          <NativeSelect
            id={`${id}-engagement`}
            value={criteria.engagementLevel ?? ""}
            disabled={busy}
            onChange={(event) => {
              const value = event.target.value;
              const level = ENGAGEMENT_LEVELS.find((l) => l === value) ?? null;
              onChange({ ...criteria, engagementLevel: level });
            }}
          >
            <option value="">Any engagement</option>
            {ENGAGEMENT_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level} (vs its size's typical band)
              </option>
            ))}
          </NativeSelect>
        </div>
        <form className="flex flex-col gap-1.5" onSubmit={addKeyword} noValidate>
          <Label htmlFor={`${id}-keyword`}>Add keyword</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-keyword`}
              value={keyword}
              maxLength={80}
              autoComplete="off"
              placeholder="e.g. vegan"
              disabled={busy || criteria.keywords.length >= FINDER_MAX_KEYWORDS}
              aria-invalid={keywordError ? true : undefined}
              aria-describedby={keywordError ? `${id}-keyword-error` : undefined}
              onChange={(event) => {
                setKeyword(event.target.value);
                setKeywordError(null);
              }}
            />
            <Button
              type="submit"
              variant="outline"
              size="icon"
              aria-label="Add the keyword"
              disabled={busy || criteria.keywords.length >= FINDER_MAX_KEYWORDS}
            >
              <Plus aria-hidden="true" />
            </Button>
          </div>
          {keywordError ? (
            <p id={`${id}-keyword-error`} role="alert" className="text-xs text-destructive">
              {keywordError}
            </p>
          ) : null}
        </form>
      </div>
    </section>
  );
}
