export { BlogArticle } from "./components/blog-article";
export { BlogList } from "./components/blog-list";
export { type BlogPost, type BlogPostMeta, parseBlogPost, parseFrontMatter } from "./lib/front-matter";
export { renderMarkdown } from "./lib/markdown";
export { BLOG_POSTS, formatPublishDate, getBlogPost } from "./lib/posts";
