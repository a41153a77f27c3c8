import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { preloadPage } from "./app/router";
import { applyStoredTheme } from "./lib/theme";
import "./styles.css";

// Before the first render: the saved theme (public/theme-init.js already did this before paint;
// repeating it here keeps the dev server and any page without that script right too).
applyStoredTheme();
// The static fallbacks in index.html make way for the per-page metadata React renders.
for (const element of document.head.querySelectorAll("[data-static-head]")) element.remove();

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element in index.html");
// The static shell stays on screen until the first render replaces it (decision 027). Waiting for
// the current page's chunk (already downloading: the HTML preloads it) makes that render the page
// itself; if the chunk fails, the page's error boundary offers a Retry as before.
// As a transition, that render yields to the browser every few milliseconds instead of holding the
// main thread for the whole tree (total blocking time): the shell is already on screen meanwhile.
preloadPage(window.location.pathname)
  .catch(() => undefined)
  .finally(() => {
    const reactRoot = createRoot(root);
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  });
