import {
  type ComponentType,
  createElement,
  type FunctionComponent,
  type LazyExoticComponent,
  lazy,
  useState,
} from "react";

/** Everything a failed lazy page needs to try its import again: see resetFailedPages(). */
const failed = new Set<() => void>();

/**
 * React.lazy for a named export: each page becomes its own chunk. React keeps a failed import's
 * error for good, so when the chunk fails to load (network blip, a deploy replaced it) the page
 * makes itself a fresh lazy component on resetFailedPages(), and the error boundary's Retry loads
 * the chunk again instead of showing the same error.
 */
export type LazyPage<P extends object = object> = FunctionComponent<P> & {
  /**
   * Loads the chunk now. A page first rendered after this shows at once instead of suspending: the
   * app waits for the current page's chunk before its first render, so that render is the page
   * itself, as the static shell has it (decision 027).
   */
  preload: () => Promise<void>;
};

export function lazyPage<M extends Record<string, unknown>, P extends object = object>(
  load: () => Promise<M>,
  name: keyof M & string,
): LazyPage<P> {
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
  let loaded: ComponentType<P> | null = null;
  function LazyPage(props: P) {
    // Chosen once per mount: switching an instance from the lazy wrapper to the loaded component
    // would remount the page and lose its state.
    const [type] = useState(() => loaded ?? current);
    return createElement(type as ComponentType<P>, props);
  }
  LazyPage.displayName = `LazyPage(${name})`;
  LazyPage.preload = async () => {
    loaded = (await load())[name] as ComponentType<P>;
  };
  return LazyPage;
}

/** Lets every page whose chunk failed to load try again on its next render. */
export function resetFailedPages(): void {
  for (const reset of failed) reset();
  failed.clear();
}
