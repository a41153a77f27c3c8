import { stripAt } from "#core/handles";
/**
 * Filtering shared by the discovery and account-finder result tables (spec §5: discovery min-match
 * values 0, 50, 70, 80; finder results filtered on username, name or description plus a minimum
 * matchPercentage).
 */

/** Spec §2/§9 minimum-match options, in the order the select shows them. */
export const MIN_MATCH_OPTIONS = [
  { value: 0, label: "All matches" },
  { value: 50, label: "50%+" },
  { value: 70, label: "70%+" },
  { value: 80, label: "80%+" },
] as const;
export type MinMatch = (typeof MIN_MATCH_OPTIONS)[number]["value"];

export function isMinMatch(value: number): value is MinMatch {
  return MIN_MATCH_OPTIONS.some((o) => o.value === value);
}

export interface ResultFilter {
  /** Case-insensitive text looked for in each row's searchable fields (blank: no text filter). */
  query: string;
  minMatch: MinMatch;
}

/**
 * The rows whose match is at least `minMatch` and whose fields (as `fieldsOf` lists them) contain the
 * query, in their original order. Spaces around the query and a leading "@" are ignored.
 */
export function filterResults<T extends { matchPercentage: number }>(
  rows: readonly T[],
  filter: ResultFilter,
  fieldsOf: (row: T) => readonly (string | null | undefined)[],
): T[] {
  // "@name" finds the username "name": the table shows usernames with their "@".
  const needle = stripAt(filter.query.trim()).toLocaleLowerCase("en-US");
  return rows.filter((row) => {
    if (row.matchPercentage < filter.minMatch) return false;
    if (!needle) return true;
    return fieldsOf(row).some((field) => field?.toLocaleLowerCase("en-US").includes(needle));
  });
}

/** Spec §2 footer text. */
export function showingText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} results`;
}
