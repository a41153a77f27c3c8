// @vitest-environment jsdom
import "../../testing/dom";
import { render, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Seo } from "./seo";
import { SiteInfoProvider } from "./site-info";

const site = { brandName: "Acme Analytics", appUrl: "https://acme.example" };

function meta(selector: string): string | null {
  return document.head.querySelector(selector)?.getAttribute("content") ?? null;
}

function structuredData(): Record<string, unknown> {
  const script = document.querySelector('script[type="application/ld+json"]');
  if (!script?.textContent) throw new Error("no JSON-LD");
  return JSON.parse(script.textContent);
}

describe("Seo", () => {
  it("writes title, description, keywords, canonical, robots, open-graph and social-card tags", async () => {
    render(
      <SiteInfoProvider value={site}>
        <Seo title="Blog" description="Guides for marketers." canonical="/blog" keywords={["a", "b"]} />
      </SiteInfoProvider>,
    );
    await waitFor(() => expect(document.title).toBe("Blog | Acme Analytics"));
    expect(meta('meta[name="description"]')).toBe("Guides for marketers.");
    expect(meta('meta[name="keywords"]')).toBe("a, b");
    expect(meta('meta[name="robots"]')).toBe("index, follow");
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      "https://acme.example/blog",
    );
    expect(meta('meta[property="og:title"]')).toBe("Blog | Acme Analytics");
    expect(meta('meta[property="og:description"]')).toBe("Guides for marketers.");
    expect(meta('meta[property="og:type"]')).toBe("website");
    expect(meta('meta[property="og:url"]')).toBe("https://acme.example/blog");
    expect(meta('meta[property="og:image"]')).toBe("https://acme.example/og-image.png");
    expect(meta('meta[property="og:site_name"]')).toBe("Acme Analytics");
    expect(meta('meta[name="twitter:card"]')).toBe("summary_large_image");
    expect(meta('meta[name="twitter:title"]')).toBe("Blog | Acme Analytics");
    expect(meta('meta[name="twitter:image"]')).toBe("https://acme.example/og-image.png");
  });

  it("describes a website with a search action targeting /search?q={search_term_string}", () => {
    render(
      <SiteInfoProvider value={site}>
        <Seo title="Home" description="d" />
      </SiteInfoProvider>,
    );
    expect(structuredData()).toEqual({
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: "Acme Analytics",
      url: "https://acme.example",
      description: "d",
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: "https://acme.example/search?q={search_term_string}" },
        "query-input": "required name=search_term_string",
      },
    });
  });

  it("describes an article, with author, dates, section and tags", () => {
    render(
      <SiteInfoProvider value={site}>
        <Seo
          title="Pricing"
          description="How prices work."
          canonical="/blog/pricing"
          type="article"
          ogImage="https://cdn.example/p.png"
          author="Acme Team"
          publishedTime="2025-01-14"
          modifiedTime="2025-02-01"
          section="Marketing"
          tags={["Pricing", "Instagram"]}
        />
      </SiteInfoProvider>,
    );
    expect(meta('meta[property="og:type"]')).toBe("article");
    expect(meta('meta[property="og:image"]')).toBe("https://cdn.example/p.png");
    expect(meta('meta[name="author"]')).toBe("Acme Team");
    expect(meta('meta[property="article:published_time"]')).toBe("2025-01-14");
    expect(meta('meta[property="article:modified_time"]')).toBe("2025-02-01");
    expect(meta('meta[property="article:section"]')).toBe("Marketing");
    expect(
      [...document.head.querySelectorAll('meta[property="article:tag"]')].map((m) =>
        m.getAttribute("content"),
      ),
    ).toEqual(["Pricing", "Instagram"]);
    expect(structuredData()).toMatchObject({
      "@type": "Article",
      headline: "Pricing",
      description: "How prices work.",
      image: "https://cdn.example/p.png",
      author: { "@type": "Person", name: "Acme Team" },
      datePublished: "2025-01-14",
      dateModified: "2025-02-01",
      articleSection: "Marketing",
      keywords: "Pricing, Instagram",
      publisher: { "@type": "Organization", name: "Acme Analytics" },
    });
  });

  it("removes its tags when the page goes away", () => {
    const { unmount } = render(
      <SiteInfoProvider value={site}>
        <Seo title="Gone" description="soon gone" />
      </SiteInfoProvider>,
    );
    expect(document.head.querySelector('meta[name="description"]')).not.toBeNull();
    unmount();
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });
});
