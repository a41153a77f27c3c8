/**
 * Theme preference (spec §4): light, dark or system, kept in localStorage under `ui-theme`
 * (default light), applied as a `light`/`dark` class on <html>. `public/boot.js` repeats
 * {@link applyStoredTheme} as a blocking script so the first paint already has the right theme.
 */

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = "light" | "dark";

export const THEME_STORAGE_KEY = "ui-theme";
export const DEFAULT_THEME: Theme = "light";
export const DARK_QUERY = "(prefers-color-scheme: dark)";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

export function readStoredTheme(storageKey = THEME_STORAGE_KEY, fallback: Theme = DEFAULT_THEME): Theme {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return isTheme(stored) ? stored : fallback;
  } catch {
    return fallback; // storage disabled (privacy mode): use the default
  }
}

export function writeStoredTheme(theme: Theme, storageKey = THEME_STORAGE_KEY): void {
  try {
    window.localStorage.setItem(storageKey, theme);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(theme: Theme): ResolvedTheme {
  if (theme === "system") return systemPrefersDark() ? "dark" : "light";
  return theme;
}

/** Class that switches every CSS transition off while the theme changes (see styles.css). */
export const THEME_SWITCHING_CLASS = "theme-switching";

export function applyResolvedTheme(
  resolved: ResolvedTheme,
  root: HTMLElement = document.documentElement,
): void {
  const other = resolved === "dark" ? "light" : "dark";
  if (root.classList.contains(resolved) && !root.classList.contains(other)) return;
  // Without this every button and border would fade between the two palettes for 150 ms,
  // passing through colours that are legible in neither.
  root.classList.add(THEME_SWITCHING_CLASS);
  root.classList.remove("light", "dark");
  root.classList.add(resolved);
  void window.getComputedStyle(root).color; // apply the new colours with transitions off
  window.setTimeout(() => root.classList.remove(THEME_SWITCHING_CLASS), 0);
}

/** Reads the stored preference and applies it: called synchronously before the first render. */
export function applyStoredTheme(
  storageKey = THEME_STORAGE_KEY,
  fallback: Theme = DEFAULT_THEME,
): ResolvedTheme {
  const resolved = resolveTheme(readStoredTheme(storageKey, fallback));
  applyResolvedTheme(resolved);
  return resolved;
}
