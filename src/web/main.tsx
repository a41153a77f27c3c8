import type { QueryClient } from "@tanstack/react-query";
import { StrictMode, startTransition, useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";
import { PAGE_DATA_ELEMENT_ID } from "#core/seo/page-meta";
import { App } from "./app";
import { prefetchAppData } from "./app/provider";
import { preloadPage } from "./app/router";
import { createQueryClient } from "./lib/query-client";
import { applyStoredTheme } from "./lib/theme";
import "./styles.css";

// Before the first render: the saved theme (public/boot.js already did this before paint;
// repeating it here keeps the dev server and any page without that script right too).
applyStoredTheme();
/**
 * The server's head tags (title, description, canonical…) make way for the ones the app renders, once
 * those are in the document: removing them before would leave the page without a title while the
 * first render waits for its chunk.
 */
function DropStaticHead() {
  useLayoutEffect(() => {
    for (const element of document.head.querySelectorAll("[data-static-head]")) element.remove();
  }, []);
  return null;
}

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element in index.html");

/** How long the first render waits for the configuration and the report count, at most. */
const APP_DATA_WAIT_MS = 300;

/**
 * Lets the browser run whatever is waiting (input, a paint) before the next step: the steps below
 * each take tens of milliseconds on a slow phone, and one task holding them all would block the
 * page for their sum (total blocking time). A message, unlike setTimeout, is not clamped to 4 ms.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * A report page comes rendered with its stored report, which the HTML carries too: the first
 * render starts from it (and reads it once more in the background, page-data.ts). Its parser is
 * loaded only then (the account schema is not part of the initial JavaScript).
 */
async function seedFromPage(queryClient: QueryClient): Promise<void> {
  if (!document.getElementById(PAGE_DATA_ELEMENT_ID)) return;
  const { readPageData, seedReportPage } = await import("./app/page-data");
  await nextTask();
  const account = readPageData(document);
  if (account) seedReportPage(queryClient, window.location.pathname, account, { stale: true });
}

/**
 * The static shell stays on screen until the first render replaces it (decision 027). Waiting for
 * the current page's chunk (the server's HTML names it with the app's scripts) makes that render
 * the page itself; if the chunk fails, the page's error boundary offers a Retry as before.
 * As a transition, that render yields to the browser every few milliseconds instead of holding the
 * main thread for the whole tree (total blocking time): the shell is already on screen meanwhile.
 */
async function start(container: HTMLElement): Promise<void> {
  const queryClient = createQueryClient();
  const appData = prefetchAppData(queryClient);
  try {
    await nextTask();
    await seedFromPage(queryClient);
    await nextTask();
    await preloadPage(window.location.pathname);
    // The configuration and the report count usually answer while the page's chunk loads. Waiting a
    // moment more for them lets the first render show them, instead of the app re-rendering in one
    // blocking task as they land during or just after it; a slow answer does not hold the page.
    await Promise.race([appData, new Promise((resolve) => setTimeout(resolve, APP_DATA_WAIT_MS))]);
    await nextTask();
  } catch {
    // Rendered anyway: a page whose chunk failed shows its Retry.
  }
  const reactRoot = createRoot(container);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App queryClient={queryClient} />
        <DropStaticHead />
      </StrictMode>,
    ),
  );
}

void start(root);
