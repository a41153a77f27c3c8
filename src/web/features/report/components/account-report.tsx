import { CircleAlert } from "lucide-react";
import { type ReactNode, useDeferredValue, useMemo } from "react";
import type { Account } from "#core/schemas/account";
import { UNKNOWN_ERROR } from "#core/schemas/errors";
import type { Platform } from "#core/schemas/platform";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { isApiError } from "../../../lib/api-client";
import { useAccount } from "../api/get-account";
import { ReportView } from "./report-view";

export interface AccountReportProps {
  username: string;
  platform?: Platform;
  /** Shows the admin-only Refresh button. */
  canRefresh?: boolean;
  /** What to show when there is no report for this account yet (the server's message is passed in). */
  renderNotFound: (message: string) => ReactNode;
  /** Extra actions for the shown account (the page's Watch button). */
  renderActions?: (account: Account) => ReactNode;
  /** A section after the charts for the shown account (growth over time). */
  renderExtra?: (account: Account) => ReactNode;
}

/** Loads the stored report of an account (GET /api/accounts/{username}) and shows it. */
export function AccountReport({
  username,
  platform,
  canRefresh,
  renderNotFound,
  renderActions,
  renderExtra,
}: AccountReportProps) {
  const query = useAccount(username, platform);
  // The report is a large tree: rendering it as a deferred value lets React build it in small
  // slices (the page stays responsive; no single long main-thread task — Lighthouse's TBT, issue #25)
  // while the loading line stays up a moment longer.
  const account = useDeferredValue(query.data);
  const shown = account ?? query.data;
  // Built once per account: ReportView is memoised, so the page re-rendering around it (the session
  // or the config arriving, the background re-read of a report the server rendered) leaves the
  // report's tree alone instead of rendering it again in one blocking task.
  const actions = useMemo(() => (shown ? renderActions?.(shown) : undefined), [renderActions, shown]);
  const extra = useMemo(() => (shown ? renderExtra?.(shown) : undefined), [renderExtra, shown]);
  if (query.isPending || (query.isSuccess && account === undefined)) {
    return (
      // A screen tall: what follows the report (form, footer) stays below the fold until it is shown.
      <p
        role="status"
        className="flex min-h-svh items-start justify-center gap-2 pt-[15vh] text-muted-foreground"
      >
        <Spinner />
        Loading report for @{username}…
      </p>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return renderNotFound(query.error.message);
    return (
      <Alert variant="destructive" role="alert">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div>
          <AlertTitle>The report could not be loaded</AlertTitle>
          <AlertDescription>{query.error.message || UNKNOWN_ERROR}</AlertDescription>
        </div>
      </Alert>
    );
  }
  if (!shown) return null;
  return <ReportView account={shown} canRefresh={canRefresh} actions={actions} extra={extra} />;
}
