import { Link } from "wouter";
import { formatFollowers } from "#core/format";
import { normalizeForSubmit } from "#core/parser/parse-profile-input";
import { PLATFORM_LABELS, PLATFORMS } from "#core/schemas/platform";
import type { SiteSearchResult } from "#core/schemas/search";
import { AccountNameCell, GradeCell } from "../../../components/results/account-list-cells";
import { buttonVariants } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { Table, TableBody, TableCell, TableColumnsHeader, TableRow } from "../../../components/ui/table";
import { paths } from "../../../config/paths";
import { isApiError } from "../../../lib/api-client";
import { useSearchAccounts } from "../api/search-accounts";

function ResultRow({ result }: { result: SiteSearchResult }) {
  return (
    <TableRow>
      <TableCell>
        <AccountNameCell
          name={result.name}
          username={result.username}
          detail={result.industry}
          isSample={result.isSample}
          modelFigures={result.modelFigures}
        />
      </TableCell>
      <TableCell>{PLATFORM_LABELS[result.platform]}</TableCell>
      <TableCell className="tabular-nums">{formatFollowers(result.followers)}</TableCell>
      <TableCell>
        <GradeCell grade={result.grade} />
      </TableCell>
      <TableCell className="text-right">
        <Link
          href={paths.report(result.username, result.platform)}
          aria-label={`View Report for @${result.username} on ${PLATFORM_LABELS[result.platform]}`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          View Report
        </Link>
      </TableCell>
    </TableRow>
  );
}

/** No stored report matches: offer to analyse the term as a handle on each platform. */
function EmptyState({ term }: { term: string }) {
  const offers = PLATFORMS.map((platform) => ({
    platform,
    handle: normalizeForSubmit(term, platform),
  })).filter((o) => o.handle.length > 0);
  return (
    <div className="flex flex-col gap-3 rounded-xl border p-6" data-testid="search-empty">
      <p className="font-medium">No stored reports match "{term}".</p>
      {offers.length > 0 ? (
        <>
          <p className="text-muted-foreground">Analyze it as a handle:</p>
          <ul className="flex flex-wrap gap-3">
            {offers.map(({ platform, handle }) => (
              <li key={platform}>
                <Link
                  href={paths.insight(handle, platform)}
                  className={buttonVariants({ variant: "outline" })}
                >
                  Analyze @{handle} on {PLATFORM_LABELS[platform]}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-muted-foreground">Try a username, a name or an industry.</p>
      )}
    </div>
  );
}

/** Stored reports matching the term: Account, Platform, Followers, Grade and 'View Report'. */
export function SearchResults({ term }: { term: string }) {
  const { data, isPending, isError, error } = useSearchAccounts(term);
  if (isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        Searching reports...
      </p>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="text-destructive">
        {isApiError(error) ? error.message : "Search failed. Please try again."}
      </p>
    );
  }
  if (data.results.length === 0) return <EmptyState term={term} />;
  return (
    <section aria-label="Search results" className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground" role="status">
        {data.results.length === 1 ? "1 report" : `${data.results.length} reports`} matching "{data.query}"
      </p>
      <div className="overflow-x-auto rounded-xl border">
        <Table>
          <TableColumnsHeader columns={["Account", "Platform", "Followers", "Grade"]} actions />
          <TableBody>
            {data.results.map((result) => (
              <ResultRow key={`${result.platform}:${result.username}`} result={result} />
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
