import { Link } from "wouter";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { paths } from "../config/paths";

/** /influencer-discovery and /influencer-search. */
export function DiscoveryPage() {
  return (
    <PageContainer>
      <Seo
        title="Influencer Discovery"
        description="Find Instagram, TikTok and YouTube influencers by follower range, industry and target market."
        canonical={paths.discovery()}
        keywords={["influencer discovery", "find influencers", "influencer search"]}
      />
      <PageHeader
        title="Influencer Discovery"
        description="Find creators by platform, follower range, industry and target markets."
      >
        <p className="text-sm text-muted-foreground">
          Tip: already know the account?{" "}
          <Link href={paths.insight()} className="font-medium text-primary underline underline-offset-2">
            Get its influencer report
          </Link>{" "}
          with the insight tool.
        </p>
      </PageHeader>
    </PageContainer>
  );
}
