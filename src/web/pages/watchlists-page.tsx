import { useLocation, useSearch } from "wouter";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { PageLoading } from "../components/ui/spinner";
import { paths } from "../config/paths";
import { SignInRequired, useSession } from "../features/auth";
import { NotificationsCard, WatchlistsView } from "../features/watchlists";

/** /watchlists[?list=<id>]: the user's watchlists, their accounts, alert rules and delivery log. */
export function WatchlistsPage() {
  const { status } = useSession();
  const search = useSearch();
  const [, navigate] = useLocation();
  const selected = new URLSearchParams(search).get("list");
  return (
    <PageContainer>
      <Seo
        title="Watchlists"
        description="Accounts you watch, their growth, and the alerts they send."
        canonical={paths.watchlists()}
      />
      {status === "loading" ? <PageLoading /> : null}
      {status === "signedOut" ? (
        <SignInRequired title="Sign In to Use Watchlists">
          Watchlists and their alerts are kept with your account.
        </SignInRequired>
      ) : null}
      {status === "signedIn" ? (
        <div className="flex flex-col gap-8">
          <PageHeader
            title="Watchlists"
            description="Accounts refreshed in the background, with their growth and the alerts their changes send."
          />
          <WatchlistsView
            selectedId={selected}
            onSelect={(id) => navigate(paths.watchlists(id ?? undefined))}
            reportHref={(username, platform) => paths.report(username, platform)}
          />
          <NotificationsCard />
        </div>
      ) : null}
    </PageContainer>
  );
}
