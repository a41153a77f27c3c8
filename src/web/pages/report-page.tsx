import { useParams } from "wouter";
import { isPlatform, PLATFORM_LABELS } from "../../core/schemas/platform";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { paths } from "../config/paths";

/** /report/{platform}/{username} and /report/{username}. The report view itself is being built. */
export function ReportPage() {
  const params = useParams<{ platform?: string; username?: string }>();
  const username = params.username ?? "";
  const platform = isPlatform(params.platform) ? params.platform : undefined;
  const where = platform ? ` on ${PLATFORM_LABELS[platform]}` : "";
  return (
    <PageContainer>
      <Seo
        title={`@${username} Influencer Report`}
        description={`Influencer report for @${username}${where}: grade, engagement, audience and estimated value per post.`}
        canonical={paths.report(username, platform)}
      />
      <PageHeader title={`@${username}`} description={`Influencer report${where}.`} />
    </PageContainer>
  );
}
