/// <reference types="chrome" />
/**
 * Content script on instagram.com, tiktok.com and youtube.com: a button on profile pages. It reads
 * nothing until the button is clicked, and sends nothing until the user confirms in the panel.
 */
import { type CaptureReply, type ExtensionMessage, PRODUCT_NAME, STORAGE_KEYS } from "./lib/messages";
import { requestPageItems } from "./lib/page-items";
import { profilePageOf, readProfile } from "./lib/read-page";
import { type CaptureWidget, mountCaptureWidget } from "./ui/capture-widget";

let mounted: { href: string; widget: CaptureWidget } | undefined;

function update() {
  const href = location.href;
  if (mounted?.href === href) return;
  mounted?.widget.destroy();
  mounted = undefined;
  const page = profilePageOf(new URL(href));
  if (!page) return;
  const widget = mountCaptureWidget(document, {
    page,
    productName: PRODUCT_NAME,
    read: () =>
      readProfile(page, {
        origin: location.origin,
        pathname: location.pathname,
        documentHtml: () => document.documentElement.outerHTML,
        fetch: (input, init) => fetch(input, init),
        now: () => new Date(),
        pageItems: () => requestPageItems(window),
      }),
    instanceUrl: async () => {
      const stored = await chrome.storage.local.get(STORAGE_KEYS.instanceUrl);
      const url = stored[STORAGE_KEYS.instanceUrl];
      return typeof url === "string" && url ? url : undefined;
    },
    send: (snapshot) =>
      chrome.runtime.sendMessage<ExtensionMessage, CaptureReply>({ type: "capture", snapshot }),
    openOptions: () => void chrome.runtime.sendMessage<ExtensionMessage>({ type: "open-options" }),
  });
  mounted = { href, widget };
}

update();
// The platforms navigate in-app without reloading: follow the address.
setInterval(update, 1000);
