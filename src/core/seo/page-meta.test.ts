import { describe, expect, it } from "vitest";
import {
  accountPageMeta,
  blogPostMeta,
  headTags,
  jsonLdText,
  matchRoute,
  notFoundMeta,
  searchPageMeta,
  structuredData,
} from "./page-meta";

const site = { brandName: "Acme", appUrl: "https://acme.example" };

describe("matchRoute", () => {
  it.each([
    ["/", "page"],
    ["/about/", "page"],
    ["/influencer-search", "page"],
    ["/search", "search"],
    ["/blog/some-post", "blogPost"],
    ["/report/janedoe", "account"],
    ["/report/tiktok/%40JaneDoe", "account"],
    ["/influencer-report/youtube/x", "account"],
    ["/social-media-analytics/jane", "account"],
    ["/report/myspace/jane", "notFound"],
    ["/report/a/b/c", "notFound"],
    ["/report/%E0%A4%A", "notFound"],
    [`/report/${"a".repeat(101)}`, "notFound"],
    ["/facebook-analytics/jane", "notFound"],
    ["/blog/a/b", "notFound"],
    ["/404", "notFound"],
    ["/nope", "notFound"],
    ["/lists", "page"],
    ["/lists/12", "page"],
    ["/lists/abc", "notFound"],
    ["/compare", "page"],
    ["/shared/lists/AbC_123-xyz", "page"],
    ["/shared/lists", "notFound"],
    ["/workspaces/3f1c2d4e-0000-4000-8000-000000000000", "page"],
    ["/workspaces/3f1c2d4e-0000-4000-8000-000000000000/audit", "page"],
    ["/workspaces/x/members", "notFound"],
    ["/workspaces", "notFound"],
    ["/invite/AbC_123-xyz", "page"],
    ["/invite", "notFound"],
  ])("%s is a %s route", (path, kind) => {
    expect(matchRoute(path).kind).toBe(kind);
  });

  it("reads the platform and the handle (decoded, without @) the way the pages do", () => {
    expect(matchRoute("/report/tiktok/%40JaneDoe")).toEqual({
      kind: "account",
      screen: "report",
      username: "JaneDoe",
      platform: "tiktok",
    });
    expect(matchRoute("/youtube-analytics/chan")).toMatchObject({
      platform: "youtube",
      landingKey: "youtube",
    });
    expect(matchRoute("/social-media-analytics/chan")).not.toHaveProperty("platform");
  });

  it("puts the brand into the brand-dependent static texts", () => {
    const about = matchRoute("/about", "Acme");
    expect(about.kind === "page" && about.meta.description).toBe(
      "What Acme does and how every number in an influencer report is computed.",
    );
  });
});

describe("page metadata", () => {
  it("describes a stored account by name, grade, followers and engagement", () => {
    const meta = accountPageMeta({
      platform: "youtube",
      username: "techtalk",
      name: "Tech Talk",
      grade: "B+",
      followers: 45_600,
      engagementRate: 1.234,
    });
    expect(meta.title).toBe("Tech Talk (@techtalk) YouTube report");
    expect(meta.description).toBe(
      "YouTube influencer report for Tech Talk (@techtalk): grade B+, 45.6K followers, 1.23% engagement rate. Audience, posting habits and estimated value per post.",
    );
    expect(meta.canonical).toBe("/report/youtube/techtalk");
    const bare = accountPageMeta({
      ...meta,
      platform: "tiktok",
      username: "x",
      name: " ",
      grade: null,
      followers: 5,
      engagementRate: null,
    });
    expect(bare.title).toBe("@x TikTok report");
    expect(bare.description).toBe(
      "TikTok influencer report for @x: 5 followers. Audience, posting habits and estimated value per post.",
    );
  });

  it("gives the search page its term and the 404 page the spec's canonical", () => {
    expect(searchPageMeta("a b").canonical).toBe("/search?q=a%20b");
    expect(searchPageMeta("").title).toBe("Search");
    expect(notFoundMeta()).toMatchObject({ title: "Page Not Found", canonical: "/404" });
  });

  it("lists every spec §2 head tag, article ones only for articles", () => {
    const tags = headTags(
      blogPostMeta(
        { slug: "p", title: "T", excerpt: "E", publishDate: "2025-01-02", tags: ["x", "y"] },
        site.brandName,
      ),
      site,
    );
    const find = (id: string) =>
      tags.find((t) => t.attrs.name === id || t.attrs.property === id || t.attrs.rel === id);
    expect(tags[0]).toEqual({ tag: "title", attrs: {}, text: "T | Acme" });
    expect(find("canonical")?.attrs.href).toBe("https://acme.example/blog/p");
    expect(find("og:image")?.attrs.content).toBe("https://acme.example/og-image.png");
    expect(find("robots")?.attrs.content).toBe("index, follow");
    expect(find("author")?.attrs.content).toBe("Acme");
    expect(tags.filter((t) => t.attrs.property === "article:tag").map((t) => t.attrs.content)).toEqual([
      "x",
      "y",
    ]);
    const website = headTags(notFoundMeta(), site);
    expect(website.some((t) => t.attrs.property?.startsWith("article:"))).toBe(false);
    expect(website.find((t) => t.attrs.property === "og:type")?.attrs.content).toBe("website");
  });

  it("makes JSON-LD that cannot close its script element and still parses back", () => {
    const data = structuredData({ title: "t", description: "</script><b>&", canonical: "/" }, site);
    const text = jsonLdText(data);
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});
