import { parseBlogPost } from "#core/content/front-matter";
import type { BlogPost } from "#core/schemas/blog";

/** Every article in src/web/content/blog, imported as raw text at build time. */
const files = import.meta.glob<string>("../../../content/blog/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

export const BLOG_POSTS: readonly BlogPost[] = Object.entries(files)
  .map(([file, source]) => parseBlogPost(source, file))
  .sort((a, b) => b.publishDate.localeCompare(a.publishDate));

export function getBlogPost(slug: string): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}

/** Spec §9: en-US dates with a short month, e.g. "Jan 14, 2025". */
export function formatPublishDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}
