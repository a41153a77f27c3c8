/**
 * A loader that runs `load` (a dynamic import) on its first call and shares that promise with every
 * later call; a failed load is tried again on the next call instead of being kept. For packages the
 * server loads with their first use, not at start (decision 051).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}
