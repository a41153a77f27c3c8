import { ArrowRight } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { Link } from "wouter";
import { engagementTone, formatFollowers } from "#core/format";
import { isModelFigures } from "#core/model-figures";
import type { Account } from "#core/schemas/account";
import { PLATFORM_LABELS } from "#core/schemas/platform";
import { AccountNameCell, GradeCell } from "../../../components/results/account-list-cells";
import { buttonVariants } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { Table, TableBody, TableCell, TableColumnsHeader, TableRow } from "../../../components/ui/table";
import { ToneBadge } from "../../../components/ui/tone-badge";
import { paths } from "../../../config/paths";
import { useRecentAccounts } from "../api/get-recent-accounts";

export interface RecentAccountsProps {
  /** Called before following a link to the account's report (the page keeps the account to show it at once). */
  onSelect?: (account: Account) => void;
}

function EngagementCell({ account }: { account: Account }) {
  const rate = Number.parseFloat(account.engagementRate);
  return (
    <span className="flex flex-wrap items-center gap-2">
      {account.engagementLevel === "unknown" ? null : (
        <ToneBadge tone={engagementTone(account.engagementLevel)}>{account.engagementLevel}</ToneBadge>
      )}
      <span className="tabular-nums">{Number.isFinite(rate) ? `${rate.toFixed(2)}%` : "N/A"}</span>
    </span>
  );
}

/** The row's (or card's) "View Report" link; `onClick` lets the home page show the report in place. */
function ViewReportLink({
  account,
  onClick,
  children,
}: {
  account: Account;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  children?: ReactNode;
}) {
  return (
    <Link
      href={paths.report(account.username, account.platform)}
      onClick={onClick}
      aria-label={`View Report for @${account.username}`}
      className={buttonVariants({ variant: "outline", size: "sm" })}
    >
      View Report
      {children}
    </Link>
  );
}

function AccountName({ account }: { account: Account }) {
  return (
    <AccountNameCell
      name={account.name}
      username={account.username}
      detail={`${formatFollowers(account.followers)} followers`}
      isSample={account.isSample}
      modelFigures={isModelFigures(account.source)}
    />
  );
}

/**
 * 'Recently Viewed Accounts' (spec §2 home variant A): up to 10; a table on large screens with
 * Account, Platform, Grade, Engagement and 'View Report'; cards on small screens.
 */
export function RecentAccounts({ onSelect }: RecentAccountsProps) {
  const { data, isPending, isError } = useRecentAccounts();
  const select = (account: Account) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    onSelect?.(account);
  };

  return (
    <section aria-labelledby="recent-accounts-heading" className="flex flex-col gap-4" data-print="hide">
      <h2 id="recent-accounts-heading" className="text-2xl font-semibold">
        Recently Viewed Accounts
      </h2>
      {isPending ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner />
          Loading accounts...
        </p>
      ) : isError ? (
        <p className="text-muted-foreground">Recent accounts could not be loaded. Please try again later.</p>
      ) : data.length === 0 ? (
        <p className="text-muted-foreground">No recent accounts found</p>
      ) : (
        <>
          <div className="hidden rounded-xl border lg:block" data-testid="recent-accounts-table">
            <Table>
              <TableColumnsHeader columns={["Account", "Platform", "Grade", "Engagement"]} actions />
              <TableBody>
                {data.map((account) => (
                  <TableRow key={`${account.platform}:${account.username}`}>
                    <TableCell>
                      <AccountName account={account} />
                    </TableCell>
                    <TableCell>{PLATFORM_LABELS[account.platform]}</TableCell>
                    <TableCell>
                      <GradeCell grade={account.grade} />
                    </TableCell>
                    <TableCell>
                      <EngagementCell account={account} />
                    </TableCell>
                    <TableCell className="text-right">
                      <ViewReportLink account={account} onClick={select(account)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:hidden" data-testid="recent-accounts-cards">
            {data.map((account) => (
              <li key={`${account.platform}:${account.username}`} className="min-w-0">
                <Card>
                  <CardContent className="flex flex-col gap-3 p-4">
                    <div className="flex items-start justify-between gap-3">
                      <AccountName account={account} />
                      <GradeCell grade={account.grade} />
                    </div>
                    <div className="flex items-center justify-between gap-3 text-sm">
                      <span className="text-muted-foreground">{PLATFORM_LABELS[account.platform]}</span>
                      <EngagementCell account={account} />
                    </div>
                    <ViewReportLink account={account} onClick={select(account)}>
                      <ArrowRight aria-hidden="true" />
                    </ViewReportLink>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
