/**
 * The app's JavaScript starts loading after the page's first paint (decision 028). The build moves the
 * entry `<script type="module">` and its `<link rel="modulepreload">`s out of the head into an inert
 * `<template id="app-scripts">` (nothing in a template is fetched or run); `public/boot.js` puts them
 * in the document once the server's HTML is parsed and painted. The server adds a page's own chunks
 * to the same template. Pure string functions: the build (vite.config.ts) and the server share them.
 */

/** The template's id; `public/boot.js` (plain JavaScript, served as is) names it too. */
export const APP_SCRIPTS_TEMPLATE_ID = "app-scripts";

const OPEN = `<template id="${APP_SCRIPTS_TEMPLATE_ID}">`;
const CLOSE = "</template>";
const MODULE_TAG = /[ \t]*<script type="module"[^>]*><\/script>\n?|[ \t]*<link rel="modulepreload"[^>]*>\n?/g;

/**
 * Index.html as the build writes it, with its modulepreloads and module script moved into the
 * app-scripts template, where the first of them was. Throws when there is no module script (the
 * HTML is not a Vite build's) or the template is already there.
 */
export function deferAppScripts(html: string): string {
  if (html.includes(OPEN)) throw new Error(`index.html already has a ${OPEN}`);
  // The modulepreloads first: inserted together, everything downloads at once either way.
  const tags = [...html.matchAll(MODULE_TAG)]
    .map((m) => m[0].trim())
    .sort((a, b) => Number(a.startsWith("<script")) - Number(b.startsWith("<script")));
  if (!tags.some((t) => t.startsWith("<script"))) {
    throw new Error('index.html has no <script type="module"> to load after the first paint');
  }
  let placed = false;
  return html.replace(MODULE_TAG, (tag) => {
    if (placed) return "";
    placed = true;
    const indent = /^[ \t]*/.exec(tag)?.[0] ?? "";
    return `${indent}${OPEN}\n${tags.map((t) => `${indent}  ${t}\n`).join("")}${indent}${CLOSE}\n`;
  });
}

/**
 * The page's HTML with `tags` (rendered head tags, e.g. a page's own modulepreloads) added at the end
 * of its app-scripts template, so they too load after the first paint; `null` when the HTML has no
 * such template (a build from before decision 028, or a test's), for the caller to put them elsewhere.
 */
export function addToAppScripts(html: string, tags: string): string | null {
  const start = html.indexOf(OPEN);
  const end = start < 0 ? -1 : html.indexOf(CLOSE, start);
  if (end < 0) return null;
  return `${html.slice(0, end)}  ${tags}\n    ${html.slice(end)}`;
}
