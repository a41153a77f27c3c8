import { useMemo } from "react";
import type { Account } from "#core/schemas/account";
import type { Platform } from "#core/schemas/platform";
import { AnalyzePrompt } from "../features/analyze";
import { showLoginPrompt, useSession } from "../features/auth";
import { GrowthCard } from "../features/growth";
import { AccountReport } from "../features/report";
import { SimilarCreators } from "../features/similar";
import { WatchButton } from "../features/watchlists";
import { renderCreatorActions } from "./creator-actions";

/**
 * What every page showing a report adds to it (issue #21): the "Watch" button and the growth card;
 * similar creators (issue #36).
 * Web-search estimates get neither: they are not measured, so they keep no growth point.
 */
export function useReportExtras() {
  const { isAuthenticated } = useSession();
  // The same functions until the session changes: the report (a large tree) is memoised on them.
  return useMemo(
    () => ({
      renderActions: (shown: Account) =>
        shown.source === "web-search" ? null : (
          <WatchButton
            platform={shown.platform}
            username={shown.username}
            signedIn={isAuthenticated}
            onSignInRequired={() => showLoginPrompt("required")}
          />
        ),
      renderExtra: (shown: Account) => (
        <>
          {shown.source === "web-search" ? null : (
            <GrowthCard username={shown.username} platform={shown.platform} lastUpdated={shown.lastUpdated} />
          )}
          {/* Issue #36: similar creators, loaded when scrolled to. */}
          <SimilarCreators
            username={shown.username}
            platform={shown.platform}
            lastUpdated={shown.lastUpdated}
            renderActions={renderCreatorActions}
          />
        </>
      ),
    }),
    [isAuthenticated],
  );
}

/**
 * A page's report of one account with what every report page adds (the extras above, refresh for
 * an admin) and, when none is stored yet, the prompt to analyse it; `onShowReport` is where the
 * page goes once an analysis is done (each page keeps its own address, spec §2).
 */
export function PageAccountReport({
  username,
  platform,
  onShowReport,
}: {
  username: string;
  platform: Platform | undefined;
  onShowReport: (account: Account) => void;
}) {
  const { isAdmin, incrementReportCount } = useSession();
  const extras = useReportExtras();
  return (
    <AccountReport
      username={username}
      platform={platform}
      canRefresh={isAdmin}
      {...extras}
      renderNotFound={() => (
        <AnalyzePrompt
          username={username}
          platform={platform}
          onReportGenerated={incrementReportCount}
          onShowReport={onShowReport}
        />
      )}
    />
  );
}
