/**
 * Runs in TikTok's own page (MAIN world, from document start): keeps, in the page's memory, the video
 * lists the page itself fetches (`/api/post/item_list/`, `/api/creator/item_list/`), because a
 * signed-in profile page loads its videos that way instead of carrying them in its HTML. Nothing is
 * sent anywhere: the extension's content script asks for them only when the user clicks the button
 * (lib/page-items.ts), and they are the page's own data.
 */
import { PAGE_ITEMS_REPLY, PAGE_ITEMS_REQUEST } from "./lib/page-items";

const ITEM_LIST = /\/api\/(?:post|creator)\/item_list\//;
const MAX_ITEMS = 300;
const kept: unknown[] = [];

function keep(body: unknown) {
  const list = (body as { itemList?: unknown } | null)?.itemList;
  if (!Array.isArray(list)) return;
  kept.push(...list);
  if (kept.length > MAX_ITEMS) kept.splice(0, kept.length - MAX_ITEMS);
}

function keepText(text: string) {
  try {
    keep(JSON.parse(text));
  } catch {
    // not JSON (an empty refusal): nothing to keep
  }
}

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === "string" ? input : input instanceof URL ? input.href : input.url;

const pageFetch = window.fetch;
window.fetch = async function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
  const res = await pageFetch.call(this, input, init);
  try {
    if (ITEM_LIST.test(urlOf(input)))
      res
        .clone()
        .text()
        .then(keepText, () => undefined);
  } catch {
    // never disturb the page
  }
  return res;
} as typeof fetch;

const open = XMLHttpRequest.prototype.open;
XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
  const url = String(args[1] ?? "");
  if (ITEM_LIST.test(url))
    this.addEventListener("load", () => {
      try {
        if (this.responseType === "json") keep(this.response);
        else if (this.responseType === "" || this.responseType === "text") keepText(this.responseText);
      } catch {
        // never disturb the page
      }
    });
  return (open as (...a: unknown[]) => void).apply(this, args);
} as typeof XMLHttpRequest.prototype.open;

window.addEventListener("message", (event) => {
  if (event.source !== window) return;
  const data = event.data as { type?: unknown; nonce?: unknown } | null;
  if (data?.type !== PAGE_ITEMS_REQUEST || typeof data.nonce !== "string") return;
  window.postMessage({ type: PAGE_ITEMS_REPLY, nonce: data.nonce, items: kept.slice() }, location.origin);
});
