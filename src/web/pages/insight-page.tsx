import { useQueryClient } from "@tanstack/react-query";
import { BadgeDollarSign, ChartNoAxesCombined, Users } from "lucide-react";
import { Link, useLocation, useParams } from "wouter";
import { stripAt } from "#core/handles";
import type { Account } from "#core/schemas/account";
import { isPlatform, PLATFORM_LABELS } from "#core/schemas/platform";
import { AdSlot } from "../components/ads/ad-slot";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Seo } from "../components/seo/seo";
import { paths } from "../config/paths";
import { AnalyzerForm } from "../features/analyze";
import { useSession } from "../features/auth";
import { CompareTray } from "../features/compare";
import { useConfig } from "../features/config/api/get-config";
import { primeAccount, useAccount } from "../features/report";
import { CreatorActions } from "./creator-actions";
import { PageAccountReport } from "./report-extras";

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

function DiscoveryTip() {
  return (
    <p className="text-sm text-muted-foreground">
      Tip: not sure who to analyze?{" "}
      <Link href={paths.discovery()} className="font-medium text-primary underline underline-offset-2">
        Discover influencers
      </Link>{" "}
      by platform, size, industry and market first.
    </p>
  );
}

/** /influencer-insight[/{platform}]/{username} and the /influencer-report aliases. */
export function InsightPage() {
  const params = useParams<{ platform?: string; username?: string }>();
  const username = stripAt(params.username ?? "");
  const platform = isPlatform(params.platform) ? params.platform : undefined;
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { incrementReportCount } = useSession();
  const { data: config } = useConfig();
  const { data: account } = useAccount(username, platform);
  const shownPlatform = account?.platform ?? platform;

  // Spec §2: analysing changes the address to /influencer-insight/{platform}/{username}, no reload.
  const showReport = (analysed: Account) => {
    primeAccount(queryClient, analysed);
    navigate(paths.insight(analysed.username, analysed.platform));
  };

  const title = username
    ? `@${username}${shownPlatform ? ` ${PLATFORM_LABELS[shownPlatform]}` : ""} Influencer Insight`
    : "Influencer Insight";
  const ad = <AdSlot clientId={config?.adsenseClientId} />;

  return (
    <PageContainer className="flex flex-col gap-10">
      <Seo
        title={title}
        description={
          username
            ? `Influencer report for @${username}: engagement, audience insights and estimated marketing value per post.`
            : "Analyze any Instagram, TikTok or YouTube creator: engagement, audience insights and estimated marketing value per post."
        }
        canonical={paths.insight(username || undefined, platform)}
        keywords={["influencer report", "engagement rate", "influencer marketing value"]}
      />
      <PageHeader
        title="Influencer Insight"
        description="Enter a username, profile link or creator name to get a full influencer report."
        className="print:hidden"
      >
        {username ? null : <DiscoveryTip />}
      </PageHeader>

      {username ? (
        <>
          {account ? <CreatorActions platform={account.platform} username={account.username} /> : null}
          {account ? (
            <AnalyzerForm
              mode="simple"
              collapsible
              defaultCollapsed
              onReportGenerated={incrementReportCount}
              onShowReport={showReport}
            />
          ) : null}
          <PageAccountReport username={username} platform={platform} onShowReport={showReport} />
          {ad}
        </>
      ) : (
        <>
          <AnalyzerForm
            mode="full"
            title="Analyze an account"
            onReportGenerated={incrementReportCount}
            onShowReport={showReport}
          />
          {ad}
          <section aria-labelledby="what-you-get">
            <h2 id="what-you-get" className="mb-4 text-2xl font-semibold">
              What You'll Get
            </h2>
            <FeatureCards features={INSIGHT_FEATURES} />
          </section>
        </>
      )}
      <CompareTray />
    </PageContainer>
  );
}
