// Shared set-up of the web component tests (import first in each *.test.tsx):
// jest-dom matchers, and unmounting after every test (vitest runs without globals, so
// Testing Library cannot register its own clean-up).
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { resetWorkspaceStore } from "../lib/workspace-store";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  resetWorkspaceStore();
  document.documentElement.className = "";
});
