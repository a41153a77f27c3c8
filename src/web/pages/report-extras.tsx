import { useMemo } from "react";
import type { Account } from "#core/schemas/account";
import { showLoginPrompt, useSession } from "../features/auth";
import { GrowthCard } from "../features/growth";
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
