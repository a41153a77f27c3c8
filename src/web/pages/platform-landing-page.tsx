import { useQueryClient } from "@tanstack/react-query";
import { ChartNoAxesCombined, Gauge, HandCoins, Users } from "lucide-react";
import { Link, useLocation, useParams } from "wouter";
import { stripAt } from "#core/handles";
import type { Account } from "#core/schemas/account";
import { isPlatform, PLATFORM_LABELS, PLATFORMS } from "#core/schemas/platform";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Seo } from "../components/seo/seo";
import { buttonVariants } from "../components/ui/button";
import { type LandingKey, landingKeyOf, paths } from "../config/paths";
import { AnalyzerForm } from "../features/analyze";
import { useSession } from "../features/auth";
import { primeAccount } from "../features/report";
import { PageAccountReport } from "./report-extras";

const TITLES: Record<LandingKey, string> = {
  instagram: "Instagram Analytics",
  tiktok: "TikTok Analytics",
  youtube: "YouTube Analytics",
  "social-media": "Social Media Analytics",
};

/** What each landing page promises (spec §2: hero, analyser, feature cards). */
const FEATURES: Record<LandingKey, { title: string; description: string }[]> = {
  instagram: [
    {
      title: "Engagement Rate",
      description:
        "Likes and comments per follower over the last posts, against Instagram accounts of the same size.",
    },
    {
      title: "Reels vs Posts",
      description: "Which formats the account posts and which of them its audience engages with most.",
    },
    {
      title: "Value per Post",
      description:
        "An estimate of what a sponsored post is worth, beside the published price band for its tier, with the follower rate, reach, CPM and factors behind it.",
    },
  ],
  tiktok: [
    {
      title: "Views and Engagement",
      description: "Likes, comments and shares per view, compared with TikTok creators of the same size.",
    },
    {
      title: "Posting Rhythm",
      description: "How often the creator posts and how steady their performance is from video to video.",
    },
    {
      title: "Value per Video",
      description: "An estimated price per sponsored video from typical views, CPM and engagement.",
    },
  ],
  youtube: [
    {
      title: "Views per Video",
      description: "Typical views and engagement per view of recent videos and Shorts.",
    },
    {
      title: "Upload Schedule",
      description:
        "Upload frequency and regularity, and the mix of long-form videos, Shorts and live streams.",
    },
    {
      title: "Sponsorship Value",
      description: "Estimated value of an integration, sponsored-content share and the brands already seen.",
    },
  ],
  "social-media": [
    {
      title: "One Report, Three Platforms",
      description: "Instagram, TikTok and YouTube accounts analysed with the same method and the same grade.",
    },
    {
      title: "Audience Insights",
      description: "Estimated audience, target demographics and the countries and industries to aim for.",
    },
    {
      title: "Marketing Value",
      description: "Estimated value per post and earnings, with every figure's source and method.",
    },
  ],
};
const FEATURE_ICONS = [Gauge, ChartNoAxesCombined, HandCoins] as const;

/** "an Instagram", "a TikTok": the article a platform's name takes. */
function articleFor(label: string): string {
  return `${/^[AEIOU]/i.test(label) ? "an" : "a"} ${label}`;
}

/** /instagram-analytics, /tiktok-analytics, /youtube-analytics, /social-media-analytics (+ /{username}). */
export function PlatformLandingPage() {
  const [location, navigate] = useLocation();
  const params = useParams<{ username?: string }>();
  const key = landingKeyOf(location) ?? "social-media";
  const platform = isPlatform(key) ? key : undefined;
  const username = stripAt(params.username ?? "");
  const queryClient = useQueryClient();
  const { incrementReportCount } = useSession();
  const title = TITLES[key];
  const subject = platform ? PLATFORM_LABELS[platform] : "Instagram, TikTok and YouTube";

  // Spec §2: after an analysis the address becomes /{platform}-analytics/{username}.
  const showReport = (account: Account) => {
    primeAccount(queryClient, account);
    navigate(paths.landing(account.platform, account.username));
  };

  return (
    <PageContainer className="flex flex-col gap-10">
      <Seo
        title={username ? `@${username} ${title}` : title}
        description={
          username
            ? `${subject} analytics for @${username}: engagement rate, audience insights, grade and estimated value per post.`
            : `Free ${subject} analytics: engagement rate, audience insights, grade and estimated value per post for any public creator.`
        }
        canonical={paths.landing(key, username || undefined)}
      />
      <section className="grid items-start gap-8 lg:grid-cols-[1fr_1.1fr]" data-print="hide">
        <PageHeader
          title={title}
          description={`Engagement, audience and estimated value per post for any public ${subject} creator.`}
        >
          <div>
            <Link href={paths.insight()} className={buttonVariants({ size: "lg", variant: "outline" })}>
              Start Analysis
            </Link>
          </div>
        </PageHeader>
        <AnalyzerForm
          key={key}
          mode="full"
          title={platform ? `Analyze ${articleFor(PLATFORM_LABELS[platform])} account` : "Analyze an account"}
          defaultPlatform={platform}
          onReportGenerated={incrementReportCount}
          onShowReport={showReport}
        />
      </section>

      {key === "social-media" ? (
        <nav aria-label="Platform analytics">
          <ul className="flex flex-wrap gap-3">
            {PLATFORMS.map((p) => (
              <li key={p}>
                <Link href={paths.landing(p)} className={buttonVariants({ variant: "outline" })}>
                  {TITLES[p]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {username ? (
        <PageAccountReport username={username} platform={platform} onShowReport={showReport} />
      ) : null}

      <section aria-labelledby="landing-features" data-print="hide">
        <h2 id="landing-features" className="mb-4 text-2xl font-semibold">
          What the report covers
        </h2>
        <FeatureCards features={FEATURES[key].map((f, i) => ({ ...f, icon: FEATURE_ICONS[i] ?? Users }))} />
      </section>
    </PageContainer>
  );
}
