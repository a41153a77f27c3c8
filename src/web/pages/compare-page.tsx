import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useSearch } from "wouter";
import type { ComparedAccount } from "#core/schemas/compare";
import { UNKNOWN_ERROR } from "#core/schemas/errors";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { Button } from "../components/ui/button";
import { Spinner } from "../components/ui/spinner";
import { paths } from "../config/paths";
import { useAnalyzeAccount } from "../features/analyze";
import { useSession } from "../features/auth";
import { CompareView } from "../features/compare";
import { dispatchAuthError, isApiError, isAuthPromptError } from "../lib/api-client";
import { CreatorActions } from "./creator-actions";

/** /compare?accounts=instagram:a,youtube:b — up to four creators side by side, from stored reports. */
export function ComparePage() {
  const accounts = new URLSearchParams(useSearch()).get("accounts")?.trim() ?? "";
  return (
    <PageContainer className="flex flex-col gap-8">
      <Seo
        title="Compare Creators"
        description="Up to four creators side by side: grade, engagement against their tier, content, rhythm and price."
        canonical={paths.compare()}
      />
      <PageHeader
        title="Compare Creators"
        description="Stored reports side by side: no report is spent. The best value of each row is marked."
      />
      <CompareView
        accounts={accounts}
        renderActions={(a) => <CreatorActions platform={a.platform} username={a.username} compare={false} />}
        renderMissing={(a) => <AnalyseMissing account={a} />}
      />
    </PageContainer>
  );
}

/** Makes the missing report (this spends a report, like any analysis), then the comparison reloads. */
function AnalyseMissing({ account }: { account: ComparedAccount }) {
  const analyse = useAnalyzeAccount();
  const queryClient = useQueryClient();
  const { incrementReportCount } = useSession();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      incrementReportCount(await analyse({ platform: account.platform, username: account.username }));
      await queryClient.invalidateQueries({ queryKey: ["/api/compare"] });
    } catch (error) {
      if (isApiError(error) && isAuthPromptError(error)) {
        dispatchAuthError({ message: error.message, code: error.code, requiresAuth: true });
        return;
      }
      toast.error("Error analyzing account", {
        description: (error as Error).message || UNKNOWN_ERROR,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" onClick={() => void run()} disabled={busy}>
      {busy ? <Spinner label="Analysing" /> : null}
      {busy ? "Analysing..." : `Analyse @${account.username}`}
    </Button>
  );
}
