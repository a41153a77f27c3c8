import { Link, useLocation } from "wouter";
import { PLATFORM_LABELS, PLATFORMS } from "../../core/schemas/platform";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { buttonVariants } from "../components/ui/button";
import { type LandingKey, landingKeyOf, paths } from "../config/paths";

const TITLES: Record<LandingKey, string> = {
  instagram: "Instagram Analytics",
  tiktok: "TikTok Analytics",
  youtube: "YouTube Analytics",
  "social-media": "Social Media Analytics",
};

/** /instagram-analytics, /tiktok-analytics, /youtube-analytics, /social-media-analytics (+ /{username}). */
export function PlatformLandingPage() {
  const [location] = useLocation();
  const key = landingKeyOf(location) ?? "social-media";
  const title = TITLES[key];
  const subject = key === "social-media" ? "Instagram, TikTok and YouTube" : PLATFORM_LABELS[key];
  return (
    <PageContainer className="flex flex-col gap-8">
      <Seo
        title={title}
        description={`Free ${subject} analytics: engagement rate, audience insights, grade and estimated value per post for any public creator.`}
        canonical={paths.landing(key)}
      />
      <PageHeader
        title={title}
        description={`Engagement, audience and estimated value per post for any public ${subject} creator.`}
      >
        <div>
          <Link href={paths.insight()} className={buttonVariants({ size: "lg" })}>
            Start Analysis
          </Link>
        </div>
      </PageHeader>
      {key === "social-media" ? (
        <nav aria-label="Platform analytics">
          <ul className="flex flex-wrap gap-3">
            {PLATFORMS.map((platform) => (
              <li key={platform}>
                <Link href={paths.landing(platform)} className={buttonVariants({ variant: "outline" })}>
                  {TITLES[platform]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </PageContainer>
  );
}
