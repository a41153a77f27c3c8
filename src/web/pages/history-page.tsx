import { LogIn } from "lucide-react";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { Button } from "../components/ui/button";
import { PageLoading } from "../components/ui/spinner";
import { paths } from "../config/paths";
import { showLoginPrompt, useSession } from "../features/auth";

/** /history ('Recently Viewed'): needs sign-in. */
export function HistoryPage() {
  const { status } = useSession();
  return (
    <PageContainer>
      <Seo
        title="Recently Viewed"
        description="The influencer reports you have looked at recently."
        canonical={paths.history()}
      />
      {status === "loading" ? <PageLoading /> : null}
      {status === "signedOut" ? (
        <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
          <h1 className="text-2xl font-bold">Sign In to View Your History</h1>
          <p className="text-muted-foreground">Your recently viewed reports are kept with your account.</p>
          <Button onClick={() => showLoginPrompt("required")}>
            <LogIn aria-hidden="true" />
            Sign in
          </Button>
        </div>
      ) : null}
      {status === "signedIn" ? (
        <PageHeader title="Recently Viewed" description="Accounts you have analyzed or opened recently." />
      ) : null}
    </PageContainer>
  );
}
