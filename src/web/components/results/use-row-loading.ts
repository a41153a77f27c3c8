import { useState } from "react";

/**
 * Which result rows are busy making a report. `run(key, action)` ignores a second click on a busy
 * row, and always clears the row afterwards (spec §4), whether the action succeeds or not: the
 * page reports its own errors (toast or sign-in), so a rejection only ends the loading state.
 */
export function useRowLoading() {
  const [loading, setLoading] = useState<ReadonlySet<string>>(new Set());
  const run = async (key: string, action: () => Promise<unknown>) => {
    if (loading.has(key)) return;
    setLoading((s) => new Set(s).add(key));
    try {
      await action();
    } catch {
      // reported by the page
    } finally {
      setLoading((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      });
    }
  };
  return { loading, run };
}
