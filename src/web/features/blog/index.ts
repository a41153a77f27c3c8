export type { BlogPost, BlogPostMeta } from "#core/schemas/blog";
export { BlogArticle } from "./components/blog-article";
export { BlogList } from "./components/blog-list";
export { renderMarkdown } from "./lib/markdown";
export { BLOG_POSTS, formatPublishDate, getBlogPost } from "./lib/posts";
