import { BadgeDollarSign, ChartNoAxesCombined, Users } from "lucide-react";
import { Link, useParams } from "wouter";
import { isPlatform } from "../../core/schemas/platform";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { paths } from "../config/paths";

export const INSIGHT_FEATURES = [
  {
    title: "Engagement Analytics",
    description:
      "Engagement rate and level against accounts of the same size, post frequency and content mix.",
    icon: ChartNoAxesCombined,
  },
  {
    title: "Audience Insights",
    description:
      "Estimated audience demographics, recommended industries and the countries the account reaches.",
    icon: Users,
  },
  {
    title: "Marketing Value",
    description: "Estimated value per post, advertiser analysis and an overall grade for brand partnerships.",
    icon: BadgeDollarSign,
  },
] as const;

/** /influencer-insight[/{platform}]/{username} and the /influencer-report aliases. */
export function InsightPage() {
  const params = useParams<{ platform?: string; username?: string }>();
  const platform = isPlatform(params.platform) ? params.platform : undefined;
  return (
    <PageContainer className="flex flex-col gap-10">
      <Seo
        title="Influencer Insight"
        description="Analyze any Instagram, TikTok or YouTube creator: engagement, audience insights and estimated marketing value per post."
        canonical={paths.insight(params.username, platform)}
        keywords={["influencer report", "engagement rate", "influencer marketing value"]}
      />
      <PageHeader
        title="Influencer Insight"
        description="Enter a username, profile link or creator name to get a full influencer report."
      >
        <p className="text-sm text-muted-foreground">
          Tip: not sure who to analyze?{" "}
          <Link href={paths.discovery()} className="font-medium text-primary underline underline-offset-2">
            Discover influencers
          </Link>{" "}
          by platform, size, industry and market first.
        </p>
      </PageHeader>
      <section aria-labelledby="what-you-get">
        <h2 id="what-you-get" className="mb-4 text-2xl font-semibold">
          What You'll Get
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {INSIGHT_FEATURES.map(({ title, description, icon: Icon }) => (
            <Card key={title}>
              <CardHeader>
                <Icon className="size-6 text-primary" aria-hidden="true" />
                <CardTitle>{title}</CardTitle>
              </CardHeader>
              <CardContent>
                <CardDescription>{description}</CardDescription>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>
    </PageContainer>
  );
}
