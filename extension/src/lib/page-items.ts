/**
 * The content script's side of page-hook.ts: asks the page (on click only) for the video lists it
 * fetched itself. Resolves to [] when the hook is not there or does not answer in time.
 */
export const PAGE_ITEMS_REQUEST = "sma-capture:page-items?";
export const PAGE_ITEMS_REPLY = "sma-capture:page-items";

export function requestPageItems(win: Window, timeoutMs = 500): Promise<unknown[]> {
  const nonce = Math.random().toString(36).slice(2);
  return new Promise((resolve) => {
    const done = (items: unknown[]) => {
      win.removeEventListener("message", onMessage);
      clearTimeout(timer);
      resolve(items);
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; nonce?: unknown; items?: unknown } | null;
      if (event.source !== win || data?.type !== PAGE_ITEMS_REPLY || data.nonce !== nonce) return;
      done(Array.isArray(data.items) ? data.items : []);
    };
    const timer = setTimeout(() => done([]), timeoutMs);
    win.addEventListener("message", onMessage);
    win.postMessage({ type: PAGE_ITEMS_REQUEST, nonce }, win.location.origin);
  });
}
