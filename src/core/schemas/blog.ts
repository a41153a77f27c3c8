import { z } from "zod";

/** Spec §3 blog entry. */
export const blogPostMetaSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug must be lower-case words joined by hyphens"),
  title: z.string().min(1).max(200),
  excerpt: z.string().min(1).max(400),
  publishDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "publishDate must be YYYY-MM-DD"),
  tags: z.array(z.string().min(1).max(50)).max(10),
  readTime: z.string().min(1).max(30),
});
export type BlogPostMeta = z.infer<typeof blogPostMetaSchema>;

export interface BlogPost extends BlogPostMeta {
  /** Markdown body without the front matter. */
  body: string;
}
