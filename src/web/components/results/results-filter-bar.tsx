import { Search } from "lucide-react";
import { type ReactNode, useId } from "react";
import { isMinMatch, MIN_MATCH_OPTIONS, type MinMatch } from "../../lib/result-filters";
import { Input, NativeSelect } from "../ui/input";
import { Label } from "../ui/label";

export interface ResultsFilterBarProps {
  query: string;
  onQueryChange: (query: string) => void;
  /** Visible text of the search box, e.g. 'Search accounts...'. */
  placeholder: string;
  /** Accessible name of the search box. */
  searchLabel: string;
  minMatch: MinMatch;
  onMinMatchChange: (value: MinMatch) => void;
  /** More controls after the minimum-match select (e.g. a sort). */
  children?: ReactNode;
}

/** The text filter and minimum-match select above the discovery and finder result tables. */
export function ResultsFilterBar({
  query,
  onQueryChange,
  placeholder,
  searchLabel,
  minMatch,
  onMinMatchChange,
  children,
}: ResultsFilterBarProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <div className="flex flex-1 flex-col gap-1.5">
        <Label htmlFor={`${id}-query`} className="sr-only">
          {searchLabel}
        </Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={`${id}-query`}
            type="search"
            value={query}
            maxLength={100}
            placeholder={placeholder}
            autoComplete="off"
            onChange={(event) => onQueryChange(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5 md:w-40">
        <Label htmlFor={`${id}-min`}>Minimum match</Label>
        <NativeSelect
          id={`${id}-min`}
          value={String(minMatch)}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (isMinMatch(value)) onMinMatchChange(value);
          }}
        >
          {MIN_MATCH_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {children}
    </div>
  );
}
