// @vitest-environment jsdom
import "../../testing/dom";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { parseBlogPost, parseFrontMatter } from "#core/content/front-matter";
import { BlogArticle } from "./components/blog-article";
import { BlogList } from "./components/blog-list";
import { renderMarkdown } from "./lib/markdown";
import { BLOG_POSTS, formatPublishDate, getBlogPost } from "./lib/posts";

const SLUGS = [
  "how-influencer-per-post-value-is-determined",
  "instagram-vs-tiktok-vs-youtube-influencers",
  "latest-marketing-trends-2025",
];

function inRouter(ui: React.ReactNode, path = "/blog") {
  const { hook } = memoryLocation({ path });
  return render(<Router hook={hook}>{ui}</Router>);
}

describe("front matter", () => {
  it("reads strings, quoted strings, bracket lists and dash lists", () => {
    const { data, body } = parseFrontMatter(
      '---\nslug: a-b\ntitle: "Hello: world"\ntags: [One, "Two"]\nitems:\n  - x\n  - y\n---\n# Body\n',
    );
    expect(data).toEqual({ slug: "a-b", title: "Hello: world", tags: ["One", "Two"], items: ["x", "y"] });
    expect(body).toBe("# Body\n");
  });

  it("validates the blog entry fields and names the file and field on error", () => {
    const ok = parseBlogPost(
      "---\nslug: s\ntitle: T\nexcerpt: E\npublishDate: 2025-01-02\ntags: [A]\nreadTime: 3 min read\n---\nHi",
    );
    expect(ok).toEqual({
      slug: "s",
      title: "T",
      excerpt: "E",
      publishDate: "2025-01-02",
      tags: ["A"],
      readTime: "3 min read",
      body: "Hi",
    });
    expect(() => parseBlogPost("---\nslug: Bad Slug\ntitle: T\n---\n", "x.md")).toThrow(/x\.md: slug/);
  });
});

describe("articles", () => {
  it("has the three articles of the spec, newest first, each 600–1,000 words", () => {
    expect(BLOG_POSTS.map((p) => p.slug).sort()).toEqual([...SLUGS].sort());
    const dates = BLOG_POSTS.map((p) => p.publishDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const post of BLOG_POSTS) {
      const words = post.body
        .replace(/[|#*>-]/g, " ")
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words, post.slug).toBeGreaterThanOrEqual(600);
      expect(words, post.slug).toBeLessThanOrEqual(1000);
      expect(post.tags.length).toBeGreaterThan(0);
    }
  });

  it("labels sample prices as illustrative", () => {
    for (const slug of [
      "how-influencer-per-post-value-is-determined",
      "instagram-vs-tiktok-vs-youtube-influencers",
    ]) {
      const body = getBlogPost(slug)?.body ?? "";
      expect(body).toMatch(/\$\d/);
      expect(body.toLowerCase()).toContain("illustrat");
    }
  });

  it("formats dates en-US with a short month", () => {
    expect(formatPublishDate("2025-01-14")).toBe("Jan 14, 2025");
  });
});

describe("markdown", () => {
  it("renders Markdown but never raw HTML or script links", () => {
    const html = renderMarkdown(
      '## Title\n\n<script>alert(1)</script>\n\nText <b onclick="x()">bold</b> [bad](javascript:alert(1)) [ok](/blog)\n\n| a | b |\n| - | - |\n| 1 | 2 |',
    );
    expect(html).toContain("<h2>Title</h2>");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<b ");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('<a href="/blog">ok</a>');
    expect(html).toContain("<table>");
  });
});

describe("blog components", () => {
  it("lists every article with a link, date, read time, excerpt and tags", () => {
    inRouter(<BlogList posts={BLOG_POSTS} />);
    const items = screen.getAllByRole("listitem").filter((li) => li.querySelector("h2"));
    expect(items).toHaveLength(3);
    for (const post of BLOG_POSTS) {
      const link = screen.getByRole("link", { name: post.title });
      expect(link).toHaveAttribute("href", `/blog/${post.slug}`);
      const card = link.closest("li") as HTMLElement;
      expect(within(card).getByText(post.excerpt)).toBeInTheDocument();
      expect(card).toHaveTextContent(post.readTime);
      expect(card).toHaveTextContent(formatPublishDate(post.publishDate));
    }
  });

  it("renders an article from its Markdown", () => {
    const post = getBlogPost("how-influencer-per-post-value-is-determined");
    if (!post) throw new Error("missing article");
    inRouter(<BlogArticle post={post} />, `/blog/${post.slug}`);
    expect(screen.getByRole("heading", { level: 1, name: post.title })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Illustrative price ranges" })).toBeInTheDocument();
    expect(screen.getByRole("table")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All articles" })).toHaveAttribute("href", "/blog");
  });
});
