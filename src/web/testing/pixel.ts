/**
 * Test helper: the analytics events the page has handed to the Meta Pixel stub (window.fbq), without
 * the pixel's own start-up calls (set autoConfig, init, PageView). Only the real stub is read: no module
 * is replaced.
 */
export function pixelEvents(): unknown[][] {
  const calls = (window.fbq?.queue ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
  return calls.filter(
    ([method, event]) =>
      (method === "track" || method === "trackCustom") && !(method === "track" && event === "PageView"),
  );
}
