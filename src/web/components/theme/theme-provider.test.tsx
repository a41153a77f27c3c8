// @vitest-environment jsdom
import "../../testing/dom";
import { act, render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyStoredTheme, THEME_STORAGE_KEY, THEME_SWITCHING_CLASS } from "../../lib/theme";
import { ThemeProvider, useTheme } from "./theme-provider";
import { ThemeToggle } from "./theme-toggle";

/** A controllable prefers-color-scheme media query. */
function fakeColorScheme(initialDark: boolean) {
  let dark = initialDark;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      get matches() {
        return query.includes("dark") ? dark : false;
      },
      media: query,
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    })),
  );
  return {
    set(next: boolean) {
      dark = next;
      for (const fn of listeners) fn();
    },
  };
}

function Probe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <p>
        theme={theme} resolved={resolvedTheme}
      </p>
      <button onClick={() => setTheme("system")}>use system</button>
      <button onClick={() => setTheme("dark")}>use dark</button>
    </div>
  );
}

const root = document.documentElement;

beforeEach(() => {
  localStorage.clear();
  root.className = "";
});
afterEach(() => vi.unstubAllGlobals());

describe("ThemeProvider", () => {
  it("defaults to light and puts the class on <html>", () => {
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText("theme=light resolved=light")).toBeInTheDocument();
    expect(root).toHaveClass("light");
    expect(root).not.toHaveClass("dark");
  });

  it("reads and writes the ui-theme key", async () => {
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(root).toHaveClass("dark");
    expect(screen.getByText("theme=dark resolved=dark")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "use system" }));
    expect(localStorage.getItem("ui-theme")).toBe("system");
  });

  it("follows the operating system in system mode, live", () => {
    const scheme = fakeColorScheme(true);
    localStorage.setItem(THEME_STORAGE_KEY, "system");
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText("theme=system resolved=dark")).toBeInTheDocument();
    expect(root).toHaveClass("dark");
    act(() => scheme.set(false));
    expect(screen.getByText("theme=system resolved=light")).toBeInTheDocument();
    expect(root).toHaveClass("light");
    expect(root).not.toHaveClass("dark");
  });

  it("ignores an unknown stored value", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "purple");
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(root).toHaveClass("light");
  });

  it("the toggle flips light and dark and stores the choice", async () => {
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Switch to dark theme" }));
    expect(root).toHaveClass("dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    await userEvent.click(screen.getByRole("button", { name: "Switch to light theme" }));
    expect(root).toHaveClass("light");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
  });

  it("useTheme outside its provider throws", () => {
    expect(() => renderHook(() => useTheme())).toThrow("useTheme must be used within a ThemeProvider");
  });
});

describe("applyStoredTheme (before the first render)", () => {
  it("applies the stored or system theme synchronously", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    expect(applyStoredTheme()).toBe("dark");
    expect(root).toHaveClass("dark");
    fakeColorScheme(false);
    localStorage.setItem(THEME_STORAGE_KEY, "system");
    expect(applyStoredTheme()).toBe("light");
    expect(root).toHaveClass("light");
    expect(root).not.toHaveClass("dark");
  });

  it("switches colour transitions off while the theme changes, and back on after", async () => {
    root.className = "light";
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    applyStoredTheme();
    expect(root).toHaveClass("dark", THEME_SWITCHING_CLASS);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(root.className).toBe("dark");
    applyStoredTheme(); // unchanged theme: nothing to suppress
    expect(root.className).toBe("dark");
  });
});
