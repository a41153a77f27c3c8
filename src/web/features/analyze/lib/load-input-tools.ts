/** What lib/input-tools.ts provides. */
export type InputTools = typeof import("./input-tools");

let loading: Promise<InputTools> | null = null;

/**
 * The parser (with its table of known creators) is a fair share of the home page's script, and
 * nobody needs it before typing: the analyser loads it right after its first render.
 */
export function loadInputTools(): Promise<InputTools> {
  loading ??= import("./input-tools").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
