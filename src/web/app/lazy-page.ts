import {
  type ComponentType,
  createElement,
  type FunctionComponent,
  type LazyExoticComponent,
  lazy,
} from "react";

/** Everything a failed lazy page needs to try its import again: see resetFailedPages(). */
const failed = new Set<() => void>();

/**
 * React.lazy for a named export: each page becomes its own chunk. React keeps a failed import's
 * error for good, so when the chunk fails to load (network blip, a deploy replaced it) the page
 * makes itself a fresh lazy component on resetFailedPages(), and the error boundary's Retry loads
 * the chunk again instead of showing the same error.
 */
export function lazyPage<M extends Record<string, unknown>, P extends object = object>(
  load: () => Promise<M>,
  name: keyof M & string,
): FunctionComponent<P> {
  const make = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(async () => {
      try {
        return { default: (await load())[name] as ComponentType<P> };
      } catch (err) {
        failed.add(reset);
        throw err;
      }
    });
  let current = make();
  function reset() {
    current = make();
  }
  function LazyPage(props: P) {
    return createElement(current as ComponentType<P>, props);
  }
  LazyPage.displayName = `LazyPage(${name})`;
  return LazyPage;
}

/** Lets every page whose chunk failed to load try again on its next render. */
export function resetFailedPages(): void {
  for (const reset of failed) reset();
  failed.clear();
}
