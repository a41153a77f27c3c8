import type { FastifyPluginAsync } from "fastify";
import { absoluteUrl } from "#core/seo/page-meta";
import type { SeoService } from "./seo-service";
import { sitemapIndexXml, urlsetXml } from "./sitemap";

export interface SeoRoutesOptions {
  seo: SeoService;
  appUrl: string;
}

const XML = "application/xml; charset=utf-8";

/** `GET /robots.txt`, `GET /sitemap.xml` and, past 50,000 URLs, `GET /sitemap-{n}.xml`. */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, opts) => {
  const { seo, appUrl } = opts;

  app.get("/robots.txt", async (_request, reply) => {
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600");
    return [
      "User-agent: *",
      "Allow: /",
      "Disallow: /api/",
      "Disallow: /history",
      "Disallow: /settings",
      "Disallow: /lists",
      "Disallow: /compare",
      "Disallow: /shared/",
      "Disallow: /workspaces/",
      "Disallow: /invite/",
      "Disallow: /watchlists",
      "Disallow: /test-parser",
      "Disallow: /adsense-test",
      "",
      `Sitemap: ${absoluteUrl(appUrl, "/sitemap.xml")}`,
      "",
    ].join("\n");
  });

  app.get("/sitemap.xml", async (_request, reply) => {
    reply.type(XML).header("cache-control", "public, max-age=3600");
    const files = await seo.sitemapFileCount();
    if (files === 1) return urlsetXml(await seo.sitemapFile(1));
    return sitemapIndexXml(
      Array.from({ length: files }, (_, i) => ({ loc: absoluteUrl(appUrl, `/sitemap-${i + 1}.xml`) })),
    );
  });

  app.get<{ Params: { n: string } }>("/sitemap-:n.xml", async (request, reply) => {
    const n = /^[1-9]\d{0,5}$/.test(request.params.n) ? Number(request.params.n) : 0;
    const files = n ? await seo.sitemapFileCount() : 0;
    if (!n || files === 1 || n > files) {
      return reply
        .status(404)
        .type("text/plain; charset=utf-8")
        .send(`No sitemap-${request.params.n}.xml: see /sitemap.xml for the files there are.`);
    }
    reply.type(XML).header("cache-control", "public, max-age=3600");
    return urlsetXml(await seo.sitemapFile(n));
  });
};
