import type { Platform } from "#core/schemas/platform";
import { Spinner } from "../ui/spinner";

/**
 * Makes an account's report and opens it (the page wires this to the analyser); `sample`: the row is
 * a generated sample creator, analysed as such (never standing in for a real handle).
 */
export type GenerateReport = (account: {
  username: string;
  platform: Platform;
  sample?: boolean;
}) => Promise<void>;

export interface ReportButtonProps {
  username: string;
  loading: boolean;
  onClick: () => void;
}

/**
 * An account's '@username' that generates its report when clicked (spec §2 discovery and finder):
 * disabled with a spinner while the report is being made.
 */
export function ReportButton({ username, loading, onClick }: ReportButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={loading}
      aria-busy={loading || undefined}
      aria-label={loading ? `Generating report for @${username}` : `Generate report for @${username}`}
      className="inline-flex max-w-full items-center gap-1.5 rounded-sm text-left font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-progress disabled:text-muted-foreground disabled:no-underline"
    >
      <span className="truncate">@{username}</span>
      {loading ? <Spinner className="size-3.5" /> : null}
    </button>
  );
}
