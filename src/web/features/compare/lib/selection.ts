import { useSyncExternalStore } from "react";
import { COMPARE_MAX, type CompareTarget } from "#core/compare";
import { isPlatform } from "#core/platforms";

/**
 * The creators picked for comparison, kept in this browser (sessionStorage) so they survive moving
 * between discovery, history, reports and lists. At most four: the oldest pick makes room.
 */
const KEY = "compare-selection";
const listeners = new Set<() => void>();
let cache: CompareTarget[] | null = null;

function read(): CompareTarget[] {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? "[]");
    cache = Array.isArray(parsed)
      ? parsed
          .filter(
            (x): x is CompareTarget =>
              typeof x === "object" && x !== null && isPlatform(x.platform) && typeof x.username === "string",
          )
          .slice(0, COMPARE_MAX)
      : [];
  } catch {
    cache = [];
  }
  return cache;
}

function write(next: CompareTarget[]): void {
  cache = next;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode without storage: the selection lives as long as the page.
  }
  for (const l of listeners) l();
}

const same = (a: CompareTarget, b: CompareTarget) =>
  a.platform === b.platform && a.username.toLowerCase() === b.username.toLowerCase();

export const compareSelection = {
  get: read,
  has: (t: CompareTarget) => read().some((x) => same(x, t)),
  /** Adds or removes; returns the selection after. */
  toggle(t: CompareTarget): CompareTarget[] {
    const current = read();
    const next = current.some((x) => same(x, t))
      ? current.filter((x) => !same(x, t))
      : [...current, { platform: t.platform, username: t.username }].slice(-COMPARE_MAX);
    write(next);
    return next;
  },
  clear: () => write([]),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const EMPTY: CompareTarget[] = [];

export function useCompareSelection(): CompareTarget[] {
  return useSyncExternalStore(compareSelection.subscribe, compareSelection.get, () => EMPTY);
}

/** "instagram:a,youtube:b" for the compare address and API. */
export function accountsParam(targets: readonly CompareTarget[]): string {
  return targets.map((t) => `${t.platform}:${t.username}`).join(",");
}
