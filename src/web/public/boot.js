// Runs in <head> before anything is painted (a blocking external script: the CSP forbids inline ones).
// 1. Applies the saved theme, so the first paint has the right one. Mirrors src/web/lib/theme.ts.
// 2. Starts the app's JavaScript after the first paint (decision 028): the server's HTML is a whole
//    page, so nothing it shows waits for the scripts, and their download does not compete with it.
//    The build keeps them in <template id="app-scripts"> (src/core/seo/app-scripts.ts), where they
//    are inert; once the document is parsed and a frame has been painted, they go into <head>.
(() => {
  let theme = "light";
  try {
    const stored = window.localStorage.getItem("ui-theme");
    if (stored === "light" || stored === "dark" || stored === "system") theme = stored;
  } catch (_) {
    // storage disabled: default theme
  }
  if (theme === "system") {
    theme = window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  const root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(theme);

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const scripts = document.getElementById("app-scripts");
    if (!(scripts instanceof HTMLTemplateElement)) return;
    // Modulepreloads first, then the entry: all download in parallel, the entry runs when its imports
    // are in. One element per task: inserting one costs the browser up to a few milliseconds (a fetch
    // to start), and together they would hold the main thread for one long task.
    const queue = [...document.importNode(scripts.content, true).children];
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const next = queue.shift();
      if (next) document.head.append(next);
      if (queue.length > 0) channel.port2.postMessage(null);
      else channel.port1.close();
    };
    channel.port2.postMessage(null);
  };
  const afterFirstPaint = () => {
    // A hidden tab paints nothing (and runs no animation frames): start at once.
    if (document.visibilityState === "hidden") return start();
    // An animation frame runs just before a paint; a task queued from it runs just after.
    requestAnimationFrame(() => setTimeout(start, 0));
    document.addEventListener("visibilitychange", start, { once: true });
  };
  if (document.readyState === "loading")
    document.addEventListener("DOMContentLoaded", afterFirstPaint, { once: true });
  else afterFirstPaint();
})();
