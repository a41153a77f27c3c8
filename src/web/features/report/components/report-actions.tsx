import { Download, RefreshCw } from "lucide-react";
import type { Account } from "#core/schemas/account";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { useRefreshAccount } from "../api/refresh-account";

/** Admin only: analyse the account again, bypassing the cache (spinner while it runs). */
export function RefreshButton({
  account,
  onRefreshed,
}: {
  account: Account;
  onRefreshed?: (account: Account) => void;
}) {
  const refresh = useRefreshAccount({ onRefreshed });
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={refresh.isPending}
      onClick={() => refresh.mutate({ username: account.username, platform: account.platform })}
    >
      {refresh.isPending ? <Spinner label="Refreshing" /> : <RefreshCw aria-hidden="true" />}
      {refresh.isPending ? "Refreshing..." : "Refresh"}
    </Button>
  );
}

/** 'Download PDF': the browser's print dialog with the A4 print stylesheet (styles.css). */
export function DownloadPdfButton() {
  return (
    <Button variant="outline" size="sm" onClick={() => window.print()}>
      <Download aria-hidden="true" />
      Download PDF
    </Button>
  );
}
