import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useParams } from "wouter";
import { stripAt } from "#core/handles";
import type { Account } from "#core/schemas/account";
import { isPlatform, PLATFORM_LABELS } from "#core/schemas/platform";
import { PageContainer } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { paths } from "../config/paths";
import { AnalyzerForm } from "../features/analyze";
import { useSession } from "../features/auth";
import { CompareTray } from "../features/compare";
import { primeAccount, useAccount } from "../features/report";
import { CreatorActions } from "./creator-actions";
import { PageAccountReport } from "./report-extras";

/** /report/{platform}/{username} and /report/{username}: the stored report, or an offer to analyse. */
export function ReportPage() {
  const params = useParams<{ platform?: string; username?: string }>();
  const username = stripAt(params.username ?? "");
  const platform = isPlatform(params.platform) ? params.platform : undefined;
  const { incrementReportCount } = useSession();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { data: account } = useAccount(username, platform);
  const shownPlatform = account?.platform ?? platform;
  const where = shownPlatform ? ` ${PLATFORM_LABELS[shownPlatform]}` : "";

  const showReport = (analysed: Account) => {
    primeAccount(queryClient, analysed);
    navigate(paths.report(analysed.username, analysed.platform));
  };

  return (
    <PageContainer className="flex flex-col gap-6">
      <Seo
        title={`${account?.isSample ? "Sample: " : ""}@${username}${where} report`}
        description={
          account?.isSample
            ? `Sample data — a generated creator, not a real account: what an influencer report for @${username} looks like.`
            : `Influencer report for @${username}${where ? ` on${where}` : ""}: grade, engagement, audience and estimated value per post.`
        }
        canonical={paths.report(username, platform)}
        type="profile"
        noindex={account?.isSample === true}
      />
      <div className="flex flex-col gap-1" data-print="hide">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">@{username}</h1>
        <p className="text-muted-foreground">Influencer report{where ? ` ·${where}` : ""}</p>
        {account ? (
          <span className="mt-2">
            <CreatorActions platform={account.platform} username={account.username} />
          </span>
        ) : null}
      </div>
      <PageAccountReport username={username} platform={platform} onShowReport={showReport} />
      {account ? (
        <AnalyzerForm mode="simple" collapsible defaultCollapsed onReportGenerated={incrementReportCount} />
      ) : null}
      <CompareTray />
    </PageContainer>
  );
}
