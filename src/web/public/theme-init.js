// Applies the saved theme before the first paint (no flash of the wrong theme).
// A blocking external script because the CSP forbids inline scripts. Mirrors src/web/lib/theme.ts.
(() => {
  let theme = "light";
  try {
    const stored = window.localStorage.getItem("ui-theme");
    if (stored === "light" || stored === "dark" || stored === "system") theme = stored;
  } catch (_) {
    // storage disabled: default theme
  }
  if (theme === "system") {
    theme = window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  const root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(theme);
})();
