import { Link } from "wouter";
import type { BlogPostMeta } from "#core/schemas/blog";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";
import { paths } from "../../../config/paths";
import { formatPublishDate } from "../lib/posts";

export function BlogList({ posts }: { posts: readonly BlogPostMeta[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {posts.map((post) => (
        <li key={post.slug}>
          <Card className="flex h-full flex-col transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
            <CardHeader>
              <p className="text-xs text-muted-foreground">
                <time dateTime={post.publishDate}>{formatPublishDate(post.publishDate)}</time> ·{" "}
                {post.readTime}
              </p>
              <h2 className="text-xl leading-snug font-semibold">
                <Link href={paths.blogPost(post.slug)} className="hover:underline focus-visible:outline-none">
                  {post.title}
                </Link>
              </h2>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col gap-4">
              <CardDescription>{post.excerpt}</CardDescription>
              <ul className="mt-auto flex flex-wrap gap-2" aria-label="Tags">
                {post.tags.map((tag) => (
                  <li key={tag}>
                    <Badge variant="secondary">{tag}</Badge>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
