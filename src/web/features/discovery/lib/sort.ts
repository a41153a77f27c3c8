import type { DiscoveryResult } from "#core/schemas/discovery";

/** Spec §2 discovery sorts: match %, followers and username, each both ways. */
export const SORT_OPTIONS = [
  { value: "match-desc", label: "Match % (high to low)" },
  { value: "match-asc", label: "Match % (low to high)" },
  { value: "followers-desc", label: "Followers (high to low)" },
  { value: "followers-asc", label: "Followers (low to high)" },
  { value: "username-asc", label: "Username (A-Z)" },
  { value: "username-desc", label: "Username (Z-A)" },
] as const;
export type SortKey = (typeof SORT_OPTIONS)[number]["value"];
export const DEFAULT_SORT: SortKey = "match-desc";

/** The sortable column headers: Account, Followers, Match %. */
export type SortColumn = "username" | "followers" | "match";

export function isSortKey(value: string): value is SortKey {
  return SORT_OPTIONS.some((o) => o.value === value);
}

function columnOf(key: SortKey): SortColumn {
  return key.slice(0, key.indexOf("-")) as SortColumn;
}

/**
 * The sort after a click on a column header: a new column starts with its natural order (names
 * A-Z, numbers high to low); clicking the sorted column again reverses it.
 */
export function headerSort(current: SortKey, column: SortColumn): SortKey {
  if (columnOf(current) === column) {
    return `${column}-${current.endsWith("-asc") ? "desc" : "asc"}` as SortKey;
  }
  return column === "username" ? "username-asc" : `${column}-desc`;
}

/** aria-sort of a column header under the current sort. */
export function ariaSort(current: SortKey, column: SortColumn): "ascending" | "descending" | "none" {
  if (columnOf(current) !== column) return "none";
  return current.endsWith("-asc") ? "ascending" : "descending";
}

// Made on first use, not at module load: building a Collator loads ICU's collation data, 7–14 ms on
// the discovery page's first load (×4 on Lighthouse's mobile CPU, issue #25) for a sort by name that
// most visits never ask for.
let collator: Intl.Collator | undefined;
function byName(a: string, b: string): number {
  collator ??= new Intl.Collator("en-US", { sensitivity: "base", numeric: true });
  return collator.compare(a, b);
}

/**
 * A sorted copy. Ties keep the server's order (match %, then engagement), so "followers high to
 * low" lists equally large accounts best match first.
 */
export function sortResults(rows: readonly DiscoveryResult[], key: SortKey): DiscoveryResult[] {
  const sign = key.endsWith("-asc") ? 1 : -1;
  const column = columnOf(key);
  const compare = (a: DiscoveryResult, b: DiscoveryResult): number => {
    if (column === "username") return byName(a.username, b.username);
    if (column === "followers") return a.followers - b.followers;
    return a.matchPercentage - b.matchPercentage;
  };
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compare(a.row, b.row) || a.index - b.index)
    .map(({ row }) => row);
}
