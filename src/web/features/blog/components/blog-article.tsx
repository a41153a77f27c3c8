import { ArrowLeft } from "lucide-react";
import { type MouseEvent, useMemo } from "react";
import { Link, useLocation } from "wouter";
import type { BlogPost } from "#core/schemas/blog";
import { Badge } from "../../../components/ui/badge";
import { paths } from "../../../config/paths";
import { renderMarkdown } from "../lib/markdown";
import { formatPublishDate } from "../lib/posts";

export function BlogArticle({ post }: { post: BlogPost }) {
  const html = useMemo(() => renderMarkdown(post.body), [post.body]);
  const [, navigate] = useLocation();

  // Site-relative links inside the article navigate without a page reload.
  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const anchor = (event.target as HTMLElement).closest("a");
    const href = anchor?.getAttribute("href");
    if (!href?.startsWith("/") || href.startsWith("//")) return;
    event.preventDefault();
    navigate(href);
  }

  return (
    <article className="mx-auto max-w-3xl">
      <Link
        href={paths.blog()}
        className="mb-6 inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All articles
      </Link>
      <header className="mb-8 flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
        <p className="text-sm text-muted-foreground">
          <time dateTime={post.publishDate}>{formatPublishDate(post.publishDate)}</time> · {post.readTime}
        </p>
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary">{tag}</Badge>
            </li>
          ))}
        </ul>
      </header>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegates clicks of the links inside; links stay keyboard-usable */}
      <div
        className="prose-content"
        onClick={onClick}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, rendered with raw HTML disabled
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
