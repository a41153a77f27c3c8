import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { escapeHtml, prepareTemplate, renderPage } from "./html";
import { escapeXml, MAX_URLS_PER_SITEMAP, sitemapIndexXml, urlsetXml } from "./sitemap";

describe("sitemap XML", () => {
  it("escapes & < > ' \" so the file stays well-formed and the URL round-trips", () => {
    const loc = `https://a.example/x?a=1&b=<2>&c='3'&d="4"`;
    const xml = urlsetXml([{ loc, lastmod: "2026-01-10" }]);
    expect(xml).toContain("&amp;b=&lt;2&gt;&amp;c=&apos;3&apos;&amp;d=&quot;4&quot;");
    const doc = new new JSDOM().window.DOMParser().parseFromString(xml, "application/xml");
    expect(doc.querySelector("parsererror")).toBeNull();
    expect(doc.documentElement.getAttribute("xmlns")).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(doc.getElementsByTagName("loc")[0]?.textContent).toBe(loc);
    expect(escapeXml("a&b")).toBe("a&amp;b");
  });

  it("refuses more than 50,000 URLs in one file", () => {
    const many = Array.from({ length: MAX_URLS_PER_SITEMAP + 1 }, (_, i) => ({
      loc: `https://a.example/${i}`,
    }));
    expect(() => urlsetXml(many)).toThrow(/at most 50000 URLs/);
    expect(() => urlsetXml(many.slice(1))).not.toThrow();
  });

  it("writes a sitemap index", () => {
    const xml = sitemapIndexXml([{ loc: "https://a.example/sitemap-1.xml" }]);
    expect(xml).toMatch(/<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml).toContain("<sitemap><loc>https://a.example/sitemap-1.xml</loc></sitemap>");
  });
});

describe("head injection", () => {
  const built = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title data-static-head>Fallback</title>
    <meta data-static-head name="description" content="fallback" />
    <script type="module" src="/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

  it("replaces the fallback title and description and keeps everything else", () => {
    const html = renderPage(prepareTemplate(built), [
      { tag: "title", attrs: {}, text: "A </title> B" },
      { tag: "meta", attrs: { name: "description", content: `"quoted" <b>` } },
    ]);
    const { document } = new JSDOM(html).window;
    expect([...document.querySelectorAll("title")].map((t) => t.textContent)).toEqual(["A </title> B"]);
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.querySelector('meta[name="description"]')?.getAttribute("content")).toBe(`"quoted" <b>`);
    expect(document.querySelector('script[src="/assets/index.js"]')).not.toBeNull();
    expect(document.querySelector('meta[charset="UTF-8"]')).not.toBeNull();
    expect(html).not.toContain("fallback");
  });

  it("puts tags before </head> when index.html has no title", () => {
    const html = renderPage(prepareTemplate("<html><head><meta charset=utf-8></head><body></body></html>"), [
      { tag: "title", attrs: {}, text: "T" },
    ]);
    expect(html).toMatch(/<meta charset=utf-8><title data-static-head>T<\/title>\s*<\/head>/);
  });

  it("escapes every HTML-significant character", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});
