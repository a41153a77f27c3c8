import { useParams } from "wouter";
import { PageContainer } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { useSiteInfo } from "../components/seo/site-info";
import { paths } from "../config/paths";
import { BlogArticle, getBlogPost } from "../features/blog";
import { NotFoundPage } from "./not-found-page";

/** /blog/{slug}; an unknown slug is the 404 page. */
export function BlogPostPage() {
  const { slug = "" } = useParams<{ slug: string }>();
  const { brandName } = useSiteInfo();
  const post = getBlogPost(slug);
  if (!post) return <NotFoundPage />;
  return (
    <PageContainer>
      <Seo
        title={post.title}
        description={post.excerpt}
        canonical={paths.blogPost(post.slug)}
        type="article"
        author={brandName}
        publishedTime={post.publishDate}
        section="Influencer Marketing"
        tags={post.tags}
        keywords={post.tags}
      />
      <BlogArticle post={post} />
    </PageContainer>
  );
}
