import { useQueryClient } from "@tanstack/react-query";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { PageLoading } from "../components/ui/spinner";
import { paths } from "../config/paths";
import { SignInRequired, useSession } from "../features/auth";
import { CompareTray } from "../features/compare";
import { HistoryView } from "../features/history";
// Straight from the api files: the report feature's index also carries the whole report view.
import { primeAccount } from "../features/report/api/get-account";
import { useRefreshAccount } from "../features/report/api/refresh-account";
import { renderCreatorActions } from "./creator-actions";

/** /history ('Recently Viewed'): needs sign-in. */
export function HistoryPage() {
  const { status, isAdmin } = useSession();
  const queryClient = useQueryClient();
  // Spec §8 toasts; on success the account lists (this one included) refetch.
  const refresh = useRefreshAccount();
  return (
    <PageContainer>
      <Seo
        title="Recently Viewed"
        description="The influencer reports you have looked at recently."
        canonical={paths.history()}
      />
      {status === "loading" ? <PageLoading /> : null}
      {status === "signedOut" ? (
        <SignInRequired title="Sign In to View Your History">
          Your recently viewed reports are kept with your account.
        </SignInRequired>
      ) : null}
      {status === "signedIn" ? (
        <div className="flex flex-col gap-8">
          <PageHeader title="Recently Viewed" description="Accounts you have analyzed or opened recently." />
          <HistoryView
            // 'View' keeps the account locally, so its report shows at once.
            onView={(account) => primeAccount(queryClient, account)}
            renderActions={renderCreatorActions}
            onRefresh={
              isAdmin
                ? (account) => refresh.mutateAsync({ username: account.username, platform: account.platform })
                : undefined
            }
          />
          <CompareTray />
        </div>
      ) : null}
    </PageContainer>
  );
}
