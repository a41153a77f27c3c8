/**
 * Theme preference (spec §4): light, dark or system, kept in localStorage under `ui-theme`
 * (default light), applied as a `light`/`dark` class on <html>. `public/theme-init.js` repeats
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

export function applyResolvedTheme(
  resolved: ResolvedTheme,
  root: HTMLElement = document.documentElement,
): void {
  root.classList.remove("light", "dark");
  root.classList.add(resolved);
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
