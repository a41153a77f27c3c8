import { describe, expect, it } from "vitest";
import { APP_SCRIPTS_TEMPLATE_ID, addToAppScripts, deferAppScripts } from "./app-scripts";

/** index.html as Vite writes it: the entry and its modulepreloads in the head, then the stylesheet. */
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <script src="/boot.js"></script>
    <title>app</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/zod-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D4.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe("the app's scripts load after the first paint (decision 028)", () => {
  it("moves the entry and its modulepreloads into the template, preloads first, and leaves the rest", () => {
    const html = deferAppScripts(BUILT);
    const template = new RegExp(`<template id="${APP_SCRIPTS_TEMPLATE_ID}">([\\s\\S]*?)</template>`).exec(
      html,
    );
    expect(template).not.toBeNull();
    const inside = template![1]!;
    const outside = html.replace(template![0], "");
    expect(
      inside
        .trim()
        .split("\n")
        .map((l) => l.trim()),
    ).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/react-B2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/zod-C3.js">',
      '<script type="module" crossorigin src="/assets/index-A1.js"></script>',
    ]);
    expect(outside).not.toMatch(/type="module"|modulepreload/);
    // The theme script, the stylesheet and the body stay where they were.
    expect(outside).toContain('<script src="/boot.js"></script>');
    expect(outside).toContain('<link rel="stylesheet" crossorigin href="/assets/index-D4.css">');
    expect(html.indexOf("<template")).toBeLessThan(html.indexOf("stylesheet"));
    expect(outside).toContain('<body><div id="root"></div></body>');
  });

  it("refuses HTML without a module script, or already deferred", () => {
    expect(() => deferAppScripts("<html><head></head><body></body></html>")).toThrow(
      /no <script type="module">/,
    );
    expect(() => deferAppScripts(deferAppScripts(BUILT))).toThrow(/already has/);
  });

  it("adds a page's tags at the end of the template, or says there is none", () => {
    const html = deferAppScripts(BUILT);
    const tag = '<link rel="modulepreload" crossorigin="" href="/assets/page-E5.js">';
    const added = addToAppScripts(html, tag);
    expect(added).not.toBeNull();
    const inside = /<template id="app-scripts">([\s\S]*?)<\/template>/.exec(added!)![1]!;
    expect(inside.indexOf(tag)).toBeGreaterThan(inside.indexOf("index-A1.js"));
    expect(added!.replace(tag, "").replace(/\s+/g, "")).toBe(html.replace(/\s+/g, ""));
    expect(addToAppScripts(BUILT, tag)).toBeNull();
  });
});
