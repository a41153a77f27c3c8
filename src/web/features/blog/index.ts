export { BlogArticle } from "./components/blog-article";
export { BlogList } from "./components/blog-list";
export type { BlogPost, BlogPostMeta } from "#core/schemas/blog";
export { renderMarkdown } from "./lib/markdown";
export { BLOG_POSTS, formatPublishDate, getBlogPost } from "./lib/posts";
