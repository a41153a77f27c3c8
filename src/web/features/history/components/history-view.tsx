import { RefreshCw, Search } from "lucide-react";
import { type MouseEvent, type ReactNode, useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { Link } from "wouter";
import { engagementTone, formatDate, formatFollowers } from "#core/format";
import { isModelFigures } from "#core/model-figures";
import type { Account } from "#core/schemas/account";
import { PLATFORM_LABELS } from "#core/schemas/platform";
import { GRADE_LETTERS, HISTORY_SORTS } from "#core/schemas/reports-api";
import { MARKET_LABELS, TARGET_MARKETS } from "#core/taxonomy";
import { AccountNameCell, GradeCell } from "../../../components/results/account-list-cells";
import { Button, buttonVariants } from "../../../components/ui/button";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { ToneBadge } from "../../../components/ui/tone-badge";
import { paths } from "../../../config/paths";
import { DEFAULT_HISTORY_FILTERS, type HistoryFilters, useHistory } from "../api/get-history";

/** Typing waits this long before the server is asked (spec §9 has no figure; one request per pause). */
export const SEARCH_DEBOUNCE_MS = 300;

/** Spec §2: the target-market filter's values (sent as is; the server matches case-insensitively). */
export const HISTORY_MARKETS: readonly (readonly [string, string])[] = [
  ["", "All"],
  ...TARGET_MARKETS.map((market) => [market, MARKET_LABELS[market]] as const),
];

export const HISTORY_SORT_LABELS: Record<HistoryFilters["sort"], string> = {
  recent: "Most Recent",
  oldest: "Oldest First",
  engagement: "Highest Engagement",
  followers: "Most Followers",
};

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface HistoryViewProps {
  /** 'View': called before following the link, so the page can keep the account and show it at once. */
  onView?: (account: Account) => void;
  /** Admin only: refreshes one account (its toasts come with it). Without it there are no refresh buttons. */
  onRefresh?: (account: Account) => Promise<unknown>;
  /** More actions per account (the page adds "Add to list" and "Compare"). */
  renderActions?: (account: { platform: Account["platform"]; username: string }) => ReactNode;
}

function RefreshRowButton({
  account,
  onRefresh,
}: {
  account: Account;
  onRefresh: HistoryViewProps["onRefresh"];
}) {
  const [busy, setBusy] = useState(false);
  if (!onRefresh) return null;
  const label = `Refresh @${account.username}`;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await onRefresh(account);
        } catch {
          // The refresh call shows its own error toast.
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? <Spinner label={`Refreshing @${account.username}`} /> : <RefreshCw aria-hidden="true" />}
    </Button>
  );
}

function EngagementCell({ account }: { account: Account }) {
  const rate = Number.parseFloat(account.engagementRate);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="tabular-nums">{Number.isFinite(rate) ? `${rate.toFixed(2)}%` : "N/A"}</span>
      {account.engagementLevel === "unknown" ? null : (
        <ToneBadge tone={engagementTone(account.engagementLevel)}>{account.engagementLevel}</ToneBadge>
      )}
    </span>
  );
}

/**
 * /history for a signed-in user (spec §2): search (username, name or industry), grade, target market
 * and sort — all applied by the server — the table, 'Showing N accounts', 'View', and the admin's
 * per-row refresh.
 */
export function HistoryView({ onView, onRefresh, renderActions }: HistoryViewProps) {
  const id = useId();
  const [filters, setFilters] = useState<HistoryFilters>(DEFAULT_HISTORY_FILTERS);
  const q = useDebounced(filters.q, SEARCH_DEBOUNCE_MS);
  const history = useHistory({ ...filters, q });
  const filtered = q.trim() !== "" || filters.grade !== "" || filters.market !== "";
  const set = <K extends keyof HistoryFilters>(key: K, value: HistoryFilters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));
  const view = (account: Account) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    onView?.(account);
  };

  return (
    <section aria-label="Recently viewed accounts" className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-q`}>Search</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={`${id}-q`}
              type="search"
              className="pl-9"
              placeholder="Username, name or industry"
              maxLength={100}
              value={filters.q}
              onChange={(e) => set("q", e.target.value)}
            />
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-grade`}>Grade</Label>
          <NativeSelect
            id={`${id}-grade`}
            value={filters.grade}
            onChange={(e) => set("grade", e.target.value as HistoryFilters["grade"])}
          >
            <option value="">All</option>
            {GRADE_LETTERS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-market`}>Target market</Label>
          <NativeSelect
            id={`${id}-market`}
            value={filters.market}
            onChange={(e) => {
              const market = e.target.value;
              set("market", market);
              // Spec §8: the market filter's toast.
              const label = HISTORY_MARKETS.find(([value]) => value === market)?.[1];
              if (market !== "" && label) {
                toast("Market Filter Applied", { description: `Showing accounts targeting ${label}` });
              }
            }}
          >
            {HISTORY_MARKETS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-sort`}>Sort by</Label>
          <NativeSelect
            id={`${id}-sort`}
            value={filters.sort}
            onChange={(e) => set("sort", e.target.value as HistoryFilters["sort"])}
          >
            {HISTORY_SORTS.map((s) => (
              <option key={s} value={s}>
                {HISTORY_SORT_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {history.isPending ? (
        <p role="status" className="flex items-center gap-2 py-10 text-muted-foreground">
          <Spinner />
          Loading accounts...
        </p>
      ) : history.isError ? (
        <p role="alert" className="py-10 text-muted-foreground">
          Your history could not be loaded: {history.error.message}
        </p>
      ) : history.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
          {filtered ? (
            <>
              <p className="font-medium">No accounts match these filters</p>
              <p className="text-sm text-muted-foreground">Try another search, grade or market.</p>
              <Button
                variant="outline"
                onClick={() => setFilters({ ...DEFAULT_HISTORY_FILTERS, sort: filters.sort })}
              >
                Clear filters
              </Button>
            </>
          ) : (
            <>
              <p className="font-medium">No accounts yet</p>
              <p className="text-sm text-muted-foreground">
                Accounts you analyse or open appear here, newest first.
              </p>
              <Link href={paths.home()} className={buttonVariants({ variant: "outline" })}>
                Analyze an account
              </Link>
            </>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <div className="rounded-xl border" aria-busy={history.isFetching || undefined}>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Account</TableHead>
                  <TableHead scope="col">Industry</TableHead>
                  <TableHead scope="col">Followers</TableHead>
                  <TableHead scope="col">Engagement</TableHead>
                  <TableHead scope="col">Grade</TableHead>
                  <TableHead scope="col">Last Updated</TableHead>
                  <TableHead scope="col" className="text-right">
                    Actions
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {history.data.map((account) => (
                  <TableRow key={`${account.platform}:${account.username}`}>
                    <TableCell>
                      <AccountNameCell
                        name={account.name}
                        username={account.username}
                        detail={PLATFORM_LABELS[account.platform]}
                        isSample={account.isSample}
                        modelFigures={isModelFigures(account.source)}
                      />
                    </TableCell>
                    <TableCell>{account.industry || "General"}</TableCell>
                    <TableCell className="tabular-nums">{formatFollowers(account.followers)}</TableCell>
                    <TableCell>
                      <EngagementCell account={account} />
                    </TableCell>
                    <TableCell>
                      <GradeCell grade={account.grade} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{formatDate(account.lastUpdated)}</TableCell>
                    <TableCell>
                      <span className="flex flex-wrap items-center justify-end gap-1">
                        {renderActions?.({ platform: account.platform, username: account.username })}
                        <RefreshRowButton account={account} onRefresh={onRefresh} />
                        <Link
                          href={paths.report(account.username)}
                          onClick={view(account)}
                          aria-label={`View report for @${account.username}`}
                          className={buttonVariants({ variant: "outline", size: "sm" })}
                        >
                          View
                        </Link>
                      </span>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
            {history.isFetching ? <Spinner label="Updating" /> : null}
            Showing {history.data.length} {history.data.length === 1 ? "account" : "accounts"}
          </p>
        </div>
      )}
    </section>
  );
}
