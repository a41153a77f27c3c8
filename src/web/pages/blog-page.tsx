import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { paths } from "../config/paths";
import { BLOG_POSTS, BlogList } from "../features/blog";

export function BlogPage() {
  return (
    <PageContainer className="flex flex-col gap-8">
      <Seo
        title="Blog"
        description="Guides on influencer pricing, choosing platforms and the trends shaping creator marketing."
        canonical={paths.blog()}
        keywords={["influencer marketing", "influencer pricing", "creator marketing trends"]}
      />
      <PageHeader
        title="Blog"
        description="Practical guides for marketers working with Instagram, TikTok and YouTube creators."
      />
      <BlogList posts={BLOG_POSTS} />
    </PageContainer>
  );
}
