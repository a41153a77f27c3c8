import fs from "node:fs";
import path from "node:path";
import { parseBlogPost } from "#core/content/front-matter";
import type { BlogPost } from "#core/schemas/blog";
import { PROJECT_ROOT } from "../lib/project-root";

/** The blog's articles folder (Markdown with front matter; the web app bundles the same files). */
export const BLOG_CONTENT_DIR = path.join(PROJECT_ROOT, "src/web/content/blog");

/**
 * Reads every article's front matter once (the files ship with the app and change only with a
 * release). A missing folder means no articles; a malformed article stops the start, as in the build.
 */
export function loadBlogPosts(dir = BLOG_CONTENT_DIR): BlogPost[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .map((f) => parseBlogPost(fs.readFileSync(path.join(dir, f), "utf8"), f))
    .sort((a, b) => b.publishDate.localeCompare(a.publishDate));
}
