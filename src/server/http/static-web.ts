import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { Platform } from "#core/schemas/platform";
import { addToAppScripts } from "#core/seo/app-scripts";
import {
  DEFAULT_BRAND_NAME,
  headTags,
  matchRoute,
  PAGE_DATA_ELEMENT_ID,
  SHELL_BRAND_MARK,
  type SiteInfo,
} from "#core/seo/page-meta";
import { escapeHtml, type HtmlTemplate, prepareTemplate, renderHeadTags, renderPage } from "../seo/html";
import type { SeoService } from "../seo/seo-service";
import { compressHtml } from "./compression";
import { createPagePreloads, type PageHints, reportPageOf } from "./page-preloads";
import { loadReportPageRenderer } from "./page-renderer";
import { loadStaticPages } from "./static-pages";

/**
 * Serves the built React app: files from `webRoot`, and index.html for every other page path so
 * client-side routing works (the app renders the spec's 404 page for unknown paths).
 * Unknown /api/* paths get a JSON 404. With `seo`, each page's title, description, canonical URL,
 * Open Graph, social-card and JSON-LD tags are written into the HTML (crawlers and link previews run
 * no JavaScript), and unknown pages and accounts answer 404 with the not-found metadata.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  seo?: { service: SeoService; site: SiteInfo },
  pages: {
    /** The stored report of a report page (the body GET /api/accounts/:username sends), or null. */
    storedReport?: (platform: Platform, username: string) => Promise<{ body: string; etag: string } | null>;
  } = {},
): Promise<void> {
  const indexFile = path.join(webRoot, "index.html");
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes brotli and gzip twins of each text asset (vite.config.ts); a client that
      // accepts one gets it with Content-Encoding and Vary: Accept-Encoding, without compressing per request.
      preCompressed: true,
      // index.html is a template (its brand mark, its head): pages get it through the handler below.
      allowedPath: (pathName) => pathName !== "/index.html",
      maxAge: "1h",
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          // Vite names every file under /assets/ by its content hash: a changed file has a new name.
          reply.header("cache-control", "public, max-age=31536000, immutable");
        } else if (/\.html?$/i.test(filePath)) {
          // HTML names the current hashed assets, so a browser revalidates it on every visit.
          reply.header("cache-control", "no-cache");
        }
      },
    });
  }
  // The static shell painted before the JavaScript runs names the configured brand (decision 027).
  const brand = escapeHtml(seo?.site.brandName ?? DEFAULT_BRAND_NAME);
  const builtHtml = hasBuild ? fs.readFileSync(indexFile, "utf8") : null;
  const staticPages = builtHtml ? loadStaticPages(webRoot, builtHtml) : null;
  const templateFor = staticPages ? pageTemplates(staticPages.htmlFor, brand) : null;
  const frame = staticPages?.frame ? staticPages.frame.replaceAll(SHELL_BRAND_MARK, () => brand) : null;
  const preloads = builtHtml
    ? createPagePreloads(webRoot, builtHtml)
    : (): PageHints => ({ head: [], scripts: [] });
  const renderReport =
    builtHtml && frame && pages.storedReport ? await loadReportPageRenderer(webRoot, app.log) : null;

  /**
   * A report page with its stored report in its first paint, and that report for the app to start
   * from; null when the page is no report, has no stored report, or could not be rendered.
   */
  const withReport = async (html: string, pathname: string): Promise<string | null> => {
    const report = reportPageOf(pathname);
    if (!report || !renderReport || !frame || !pages.storedReport) return null;
    const stored = await pages.storedReport(report.platform, report.username);
    const rendered = stored ? await renderReport(pathname, stored) : null;
    if (!stored || !rendered) return null;
    const data = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonInHtml(stored.body)}</script>`;
    return html
      .replace(
        frame,
        () => `<div data-static-shell>${rendered.replaceAll(SHELL_BRAND_MARK, () => brand)}</div>`,
      )
      .replace(/<\/body>/i, () => `${data}\n  </body>`);
  };

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (url === "/api" || url.startsWith("/api/")) {
      return reply.status(404).send({ message: `No API route ${request.method} ${url}`, code: "NOT_FOUND" });
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return reply.status(404).send({ message: `Nothing at ${request.method} ${url}`, code: "NOT_FOUND" });
    }
    // A missing file (an old asset, a probe for /wp-login.php): a short answer, not the app. A handle
    // with a dot is not a file: /report/tiktok/tariq.scott and /instagram-analytics/nat.geo are pages.
    if (/\.[a-z0-9]{1,8}$/i.test(url) && matchRoute(url).kind !== "account") {
      return reply.status(404).type("text/plain").send("Not found");
    }
    if (!templateFor) {
      return reply
        .status(503)
        .type("text/plain")
        .send("The web app has not been built. Run `npm run build` (npm start does this for you).");
    }
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache");
    const accept = request.headers["accept-encoding"];
    // A page rendered whole by the build is its first render without a query string (a ?tab=…
    // may show another tab): with one, the loading frame.
    const { html: indexHtml, template } = templateFor(request.url === url ? url : null);
    if (!seo) return reply.send(compressHtml(accept, reply, indexHtml));
    const query = new URLSearchParams(request.url.slice(url.length + 1));
    const page = await seo.service.resolve(url, query);
    let html = renderPage(template, headTags(page.meta, seo.site));
    if (page.status === 200) {
      const withData = await withReport(html, url);
      html = withHints(withData ?? html, preloads(url, { dataInPage: withData !== null }));
    }
    return reply.status(page.status).send(compressHtml(accept, reply, html));
  });
}

/** Per page path, its index.html with the brand filled in, and that HTML ready for its head tags. */
function pageTemplates(htmlFor: (pathname: string | null) => string, brand: string) {
  const prepared = new Map<string, { html: string; template: HtmlTemplate }>();
  return (pathname: string | null) => {
    const raw = htmlFor(pathname);
    let entry = prepared.get(raw);
    if (!entry) {
      const html = raw.replaceAll(SHELL_BRAND_MARK, () => brand);
      entry = { html, template: prepareTemplate(html) };
      prepared.set(raw, entry);
    }
    return entry;
  };
}

/**
 * The page's HTML with its hints: a page's own chunks at the end of the app's scripts, which start
 * after the first paint (decision 028), after the entry so they do not delay it; the rest in the head.
 */
function withHints(html: string, hints: PageHints): string {
  let out = html;
  const head = [...hints.head];
  if (hints.scripts.length > 0) {
    const added = addToAppScripts(out, renderHeadTags(hints.scripts));
    if (added === null) head.push(...hints.scripts);
    else out = added;
  }
  if (head.length > 0) out = out.replace(/<\/head>/i, () => `  ${renderHeadTags(head)}\n  </head>`);
  return out;
}

/** JSON inside a <script> element: no "</script>" or "<!--" can end or change it. */
function jsonInHtml(json: string): string {
  return json.replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}
