import { StrictMode, startTransition, useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";
import { PAGE_DATA_ELEMENT_ID } from "#core/seo/page-meta";
import { App } from "./app";
import { preloadPage } from "./app/router";
import { createQueryClient } from "./lib/query-client";
import { applyStoredTheme } from "./lib/theme";
import "./styles.css";

// Before the first render: the saved theme (public/theme-init.js already did this before paint;
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
// A report page comes rendered with its stored report, which the HTML carries too: the first
// render starts from it (and reads it once more in the background, page-data.ts). Its parser is
// loaded only then (the account schema is not part of the initial JavaScript).
const queryClient = createQueryClient();
const seeded = document.getElementById(PAGE_DATA_ELEMENT_ID)
  ? import("./app/page-data").then(({ readPageData, seedReportPage }) => {
      const account = readPageData(document);
      if (account) seedReportPage(queryClient, window.location.pathname, account, { stale: true });
    })
  : Promise.resolve();
// The static shell stays on screen until the first render replaces it (decision 027). Waiting for
// the current page's chunk (already downloading: the HTML preloads it) makes that render the page
// itself; if the chunk fails, the page's error boundary offers a Retry as before.
// As a transition, that render yields to the browser every few milliseconds instead of holding the
// main thread for the whole tree (total blocking time): the shell is already on screen meanwhile.
Promise.all([seeded, preloadPage(window.location.pathname)])
  .catch(() => undefined)
  .finally(() => {
    const reactRoot = createRoot(root);
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <App queryClient={queryClient} />
          <DropStaticHead />
        </StrictMode>,
      ),
    );
  });
