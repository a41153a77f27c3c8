import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { JSDOM } from "jsdom";
import { describe, expect, it, onTestFinished } from "vitest";
import { accounts } from "../db/schema";
import { useTestApp } from "../testing/test-app";
import { testedDatabaseKinds } from "../testing/test-db";
import { loadBlogPosts } from "./blog-posts";
import { seoRoutes } from "./routes";
import { createSeoService } from "./seo-service";

const APP_URL = "https://acme.example";
const BRAND = "Acme & Co";
const HOSTILE_NAME = `Jane </title><script>alert("x")</script> & 'Doe'`;

/** The head of a served page, parsed as a browser (without scripts) would. */
function head(html: string) {
  const { document } = new JSDOM(html).window;
  const meta = (sel: string) => document.querySelector(sel)?.getAttribute("content") ?? null;
  const ld = document.querySelectorAll('script[type="application/ld+json"]');
  return {
    document,
    titles: [...document.querySelectorAll("title")].map((t) => t.textContent),
    description: meta('meta[name="description"]'),
    descriptions: document.querySelectorAll('meta[name="description"]').length,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    og: (p: string) => meta(`meta[property="og:${p}"]`),
    twitter: (p: string) => meta(`meta[name="twitter:${p}"]`),
    jsonLd: ld.length === 1 ? JSON.parse(ld[0]!.textContent ?? "") : { count: ld.length },
    scripts: [...document.querySelectorAll("script:not([type])")].length,
  };
}

function xmlLocs(xml: string, tag: "url" | "sitemap"): string[] {
  const doc = new new JSDOM().window.DOMParser().parseFromString(xml, "application/xml");
  expect(doc.querySelector("parsererror")).toBeNull();
  return [...doc.getElementsByTagName(tag)].map((e) => e.getElementsByTagName("loc")[0]?.textContent ?? "");
}

describe.each(testedDatabaseKinds())("server-rendered page metadata and sitemap on %s", (kind) => {
  const t = useTestApp(kind, {
    env: { APP_URL, BRAND_NAME: BRAND },
    seed: (database) =>
      database.db.insert(accounts).values([
        {
          platform: "instagram",
          username: "janedoe",
          name: HOSTILE_NAME,
          followers: 1_250_000,
          grade: "A-",
          engagementRate: 3.456,
          source: "import",
          lastAnalyzedAt: new Date("2026-01-10T12:00:00Z"),
        },
        {
          platform: "tiktok",
          username: "seeded_only",
          name: "Never Analysed",
          followers: 500,
          source: "sample",
          isSample: true,
        },
      ]),
  });

  const page = async (url: string, status = 200) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode, url).toBe(status);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    return { html: res.body, ...head(res.body) };
  };

  it("writes a stored report's name, grade and followers into the HTML, escaped", async () => {
    const p = await page("/report/instagram/janedoe");
    const title = `${HOSTILE_NAME} (@janedoe) Instagram report | ${BRAND}`;
    expect(p.titles).toEqual([title]);
    expect(p.description).toBe(
      `Instagram influencer report for ${HOSTILE_NAME} (@janedoe): grade A-, 1.3M followers, 3.46% engagement rate. Audience, posting habits and estimated value per post.`,
    );
    expect(p.descriptions).toBe(1);
    expect(p.canonical).toBe(`${APP_URL}/report/instagram/janedoe`);
    expect(p.og("title")).toBe(title);
    expect(p.og("url")).toBe(`${APP_URL}/report/instagram/janedoe`);
    expect(p.og("image")).toBe(`${APP_URL}/og-image.png`);
    expect(p.og("site_name")).toBe(BRAND);
    expect(p.twitter("card")).toBe("summary_large_image");
    expect(p.jsonLd).toMatchObject({
      "@type": "WebSite",
      name: BRAND,
      url: APP_URL,
      potentialAction: {
        "@type": "SearchAction",
        target: { urlTemplate: `${APP_URL}/search?q={search_term_string}` },
      },
    });
    // The hostile name never becomes markup: the fake index.html's one app script is the only one.
    expect(p.scripts).toBe(0);
    expect(p.html).not.toContain("<script>alert");
    expect(p.document.getElementById("root")).not.toBeNull();
  });

  it("gives every screen of an account the same metadata and the report as canonical URL", async () => {
    for (const url of [
      "/report/janedoe",
      "/report/instagram/%40JaneDoe",
      "/influencer-insight/instagram/janedoe",
      "/influencer-report/janedoe",
      "/instagram-analytics/janedoe",
      "/social-media-analytics/janedoe",
    ]) {
      const p = await page(url);
      expect(p.titles[0], url).toContain("(@janedoe) Instagram report");
      expect(p.canonical, url).toBe(`${APP_URL}/report/instagram/janedoe`);
    }
  });

  it("serves the pages of a handle with a dot, which ends like a file name (tariq.scott)", async () => {
    const [dotted] = await t.database.db
      .insert(accounts)
      .values({
        platform: "tiktok",
        username: "tariq.scott",
        name: "Tariq",
        followers: 42_000,
        source: "import",
        lastAnalyzedAt: new Date("2026-01-10T12:00:00Z"),
      })
      .returning({ id: accounts.id });
    onTestFinished(async () => {
      await t.database.db.delete(accounts).where(eq(accounts.id, dotted!.id));
    });
    for (const url of [
      "/report/tiktok/tariq.scott",
      "/report/tariq.scott",
      "/tiktok-analytics/tariq.scott",
    ]) {
      const p = await page(url);
      expect(p.canonical, url).toBe(`${APP_URL}/report/tiktok/tariq.scott`);
    }
    // A missing file is still a short 404, not the app.
    for (const url of ["/assets/gone-1a2b3c.js", "/wp-login.php", "/favicon-old.ico"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/^text\/plain/);
    }
  });

  it("serves mixed-case page addresses as the app's router reads them, not as 404 (issue #39 item 9)", async () => {
    for (const [url, canonical] of [
      ["/Influencer-Discovery", "/influencer-discovery"],
      ["/ABOUT", "/about"],
      ["/Lists/12", "/lists"],
      ["/Report/instagram/janedoe", "/report/instagram/janedoe"],
      ["/Instagram-Analytics/JaneDoe", "/report/instagram/janedoe"],
      ["/Blog/latest-marketing-trends-2025", "/blog/latest-marketing-trends-2025"],
    ] as const) {
      const p = await page(url);
      expect(p.canonical, url).toBe(`${APP_URL}${canonical}`);
    }
    // What a path names (a platform, a slug) is read as written, as the router reads it.
    await page("/report/Instagram/janedoe", 404);
  });

  it("answers unknown accounts, articles and paths with 404 and the not-found metadata", async () => {
    for (const url of [
      "/report/instagram/nobody_here",
      "/report/tiktok/janedoe",
      "/tiktok-analytics/seeded_only",
      "/report/notaplatform/janedoe",
      "/blog/no-such-article",
      "/no/such/page",
      "/404",
    ]) {
      const p = await page(url, 404);
      expect(p.titles, url).toEqual([`Page Not Found | ${BRAND}`]);
      expect(p.canonical, url).toBe(`${APP_URL}/404`);
      expect(p.description).toBe("The page you were looking for does not exist.");
    }
  });

  it("describes a blog article as an Article", async () => {
    const p = await page("/blog/latest-marketing-trends-2025");
    expect(p.titles).toEqual([`Influencer Marketing Trends to Watch in 2025 | ${BRAND}`]);
    expect(p.description).toMatch(/^Smaller creators, longer partnerships/);
    expect(p.canonical).toBe(`${APP_URL}/blog/latest-marketing-trends-2025`);
    expect(p.og("type")).toBe("article");
    expect(p.jsonLd).toMatchObject({
      "@type": "Article",
      headline: "Influencer Marketing Trends to Watch in 2025",
      datePublished: "2025-03-04",
      author: { "@type": "Person", name: BRAND },
      publisher: { "@type": "Organization", name: BRAND, url: APP_URL },
    });
  });

  it("writes static pages' metadata, and the search page's term", async () => {
    const home = await page("/");
    expect(home.titles).toEqual([`Social Media Analytics Made Simple | ${BRAND}`]);
    expect(home.canonical).toBe(`${APP_URL}/`);
    const about = await page("/about");
    expect(about.titles).toEqual([`About | ${BRAND}`]);
    expect(about.description).toBe(
      `What ${BRAND} does and how every number in an influencer report is computed.`,
    );
    const search = await page("/search?q=%3Cb%3Ejane");
    expect(search.titles).toEqual([`Search: <b>jane | ${BRAND}`]);
    expect(search.html).not.toContain("<b>jane");
  });

  it("serves robots.txt pointing at the sitemap", async () => {
    const res = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Disallow: /api/");
    expect(res.body).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });

  it("lists static pages, articles and stored reports in one valid sitemap", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    const locs = xmlLocs(res.body, "url");
    expect(locs).toContain(`${APP_URL}/`);
    expect(locs).toContain(`${APP_URL}/blog`);
    expect(locs).toContain(`${APP_URL}/blog/how-influencer-per-post-value-is-determined`);
    expect(locs).toContain(`${APP_URL}/report/instagram/janedoe`);
    expect(locs.some((l) => l.includes("seeded_only"))).toBe(false);
    for (const loc of locs) expect(loc.startsWith(`${APP_URL}/`), loc).toBe(true);
    expect((await t.app.inject({ method: "GET", url: "/sitemap-1.xml" })).statusCode).toBe(404);
  });

  it("splits into a sitemap index and numbered files past the per-file limit", async () => {
    const rows = Array.from({ length: 23 }, (_, i) => ({
      platform: "youtube",
      username: `creator${String(i).padStart(2, "0")}`,
      source: "import",
      lastAnalyzedAt: new Date("2026-01-11T00:00:00Z"),
    }));
    await t.database.db.insert(accounts).values(rows);
    const perFile = 7;
    const small = Fastify({ logger: false });
    const seo = createSeoService({
      db: t.database.db,
      appUrl: APP_URL,
      brandName: BRAND,
      blogPosts: loadBlogPosts(),
      urlsPerSitemap: perFile,
    });
    await small.register(seoRoutes, { seo, appUrl: APP_URL });
    try {
      const index = await small.inject({ method: "GET", url: "/sitemap.xml" });
      const files = xmlLocs(index.body, "sitemap");
      // 11 static pages + 3 articles + 24 reports = 38 URLs → 6 files of at most 7.
      expect(files).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${APP_URL}/sitemap-${n}.xml`));
      const all: string[] = [];
      for (const n of [1, 2, 3, 4, 5, 6]) {
        const res = await small.inject({ method: "GET", url: `/sitemap-${n}.xml` });
        expect(res.statusCode).toBe(200);
        const locs = xmlLocs(res.body, "url");
        expect(locs.length).toBeLessThanOrEqual(perFile);
        all.push(...locs);
      }
      expect(all).toHaveLength(38);
      expect(new Set(all).size).toBe(38);
      expect(all).toContain(`${APP_URL}/report/youtube/creator22`);
      expect((await small.inject({ method: "GET", url: "/sitemap-7.xml" })).statusCode).toBe(404);
      expect((await small.inject({ method: "GET", url: "/sitemap-0.xml" })).statusCode).toBe(404);
    } finally {
      await small.close();
    }
  });
});
