import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, Download } from "lucide-react";
import { Fragment, type ReactNode, useId, useMemo, useState } from "react";
import { FOLLOWER_RANGE_LABELS } from "#core/discovery/options";
import { formatFollowers } from "#core/format";
import { PLATFORM_LABELS, type Platform } from "#core/platforms";
import type { DiscoveryResult, DiscoverySearchRequest, WebCandidatesNote } from "#core/schemas/discovery";
import { AccountCell, NoMatchingRow } from "../../../components/results/account-cell";
import { MatchBadge } from "../../../components/results/match-badge";
import type { GenerateReport } from "../../../components/results/report-button";
import { ResultsFilterBar } from "../../../components/results/results-filter-bar";
import { RowBasis } from "../../../components/results/row-basis";
import { StatedIdentities } from "../../../components/results/stated-identities";
import { useRowLoading } from "../../../components/results/use-row-loading";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { Tooltip, TooltipContent, TooltipTrigger } from "../../../components/ui/tooltip";
import { filterResults, type MinMatch, showingText } from "../../../lib/result-filters";
import { cn } from "../../../lib/utils";
import { csvFileName, discoveryCsv, downloadCsv } from "../lib/csv";
import {
  ariaSort,
  DEFAULT_SORT,
  headerSort,
  isSortKey,
  SORT_OPTIONS,
  type SortColumn,
  type SortKey,
  sortResults,
} from "../lib/sort";
import { industryLabel } from "./discovery-form";
import { MatchBreakdown } from "./match-breakdown";
import { FoundOnWebBadge, WebCandidatesNotice } from "./web-candidates";

export type { GenerateReport };

/** Spec §2/§9: three countries per row, then '+N'. */
export const MARKETS_SHOWN = 3;

export interface DiscoveryResultsProps {
  criteria: DiscoverySearchRequest;
  results: readonly DiscoveryResult[];
  /** Every account that passed the filters (results are its best ones). */
  total: number;
  /** `total` was estimated from a sample of the index (decision 046): shown as "about N". */
  totalEstimated?: boolean;
  onGenerateReport: GenerateReport;
  /** Today, for the export's file name (tests pass a fixed one). */
  now?: () => Date;
  /** The note on web candidates, when the search asked for them (shown above the table). */
  webCandidates?: WebCandidatesNote;
  /** More actions under each account (the page adds "Add to list" and "Compare"). */
  renderActions?: RenderAccountActions;
  /** Loads the next page of the ranking (shown while `total` is above the rows listed). */
  onLoadMore?: () => void;
  /** A next page is being loaded. */
  loadingMore?: boolean;
}

/** Actions for one account that the page composing this view supplies. */
export type RenderAccountActions = (account: { username: string; platform: Platform }) => ReactNode;

const rowKey = (r: { platform: string; username: string }) => `${r.platform}:${r.username}`;

function SortableHead({
  column,
  label,
  sort,
  onSort,
  className,
}: {
  column: SortColumn;
  label: string;
  sort: SortKey;
  onSort: (column: SortColumn) => void;
  className?: string;
}) {
  const state = ariaSort(sort, column);
  const Icon = state === "ascending" ? ArrowUp : state === "descending" ? ArrowDown : ArrowUpDown;
  return (
    <TableHead aria-sort={state} className={className}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="-mx-2 inline-flex items-center gap-1 whitespace-nowrap rounded-sm px-2 py-1 hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {label}
        <Icon aria-hidden="true" className={cn("size-3.5", state === "none" && "opacity-50")} />
      </button>
    </TableHead>
  );
}

function Markets({
  countries,
  basis = [],
}: {
  countries: readonly string[];
  basis?: readonly { country: string; basis: string; estimate: boolean }[];
}) {
  if (countries.length === 0) return <span className="text-muted-foreground">N/A</span>;
  const shown = countries.slice(0, MARKETS_SHOWN);
  const rest = countries.slice(MARKETS_SHOWN);
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((c) => {
        // What the market rests on: a dashed badge is an estimate (caption language, captions, prices).
        const b = basis.find((x) => x.country === c);
        return (
          <Badge
            key={c}
            variant="outline"
            className={b?.estimate ? "relative border-dashed font-normal" : "relative font-normal"}
            title={b?.basis}
            data-estimate={b ? String(b.estimate) : undefined}
          >
            {c}
            {b?.estimate ? <span className="sr-only"> (an estimate)</span> : null}
          </Badge>
        );
      })}
      {rest.length > 0 ? (
        // relative: the sr-only text is positioned inside the badge, not against the page (it made a
        // 390 px phone scroll sideways).
        <Badge variant="secondary" className="relative" title={rest.join(", ")} data-testid="more-markets">
          +{rest.length}
          <span className="sr-only">: {rest.join(", ")}</span>
        </Badge>
      ) : null}
    </span>
  );
}

function MatchCell({
  result,
  expanded,
  onToggle,
  controls,
}: {
  result: DiscoveryResult;
  expanded: boolean;
  onToggle: () => void;
  controls: string;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-controls={expanded ? controls : undefined}
          aria-label={`${result.matchPercentage}% match: ${expanded ? "hide" : "show"} why`}
          className="inline-flex items-center gap-1 rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <MatchBadge value={result.matchPercentage} />
          <ChevronDown
            aria-hidden="true"
            className={cn("size-3.5 text-muted-foreground transition-transform", expanded && "rotate-180")}
          />
        </button>
      </TooltipTrigger>
      <TooltipContent side="left" className="w-72">
        <MatchBreakdown breakdown={result.matchBreakdown} matchPercentage={result.matchPercentage} />
      </TooltipContent>
    </Tooltip>
  );
}

/**
 * Spec §2 discovery results: header with badges, the 'Search accounts...' filter, minimum match,
 * sort (select and column headers), the six columns, 'Showing X of Y results', each row's match
 * breakdown (hover or focus the match badge; click it to keep it open), report generation from the
 * username and 'Export CSV' of the rows on screen. Rows the web search added carry a 'Found on the web'
 * mark, and the search's note on them sits above the table.
 */
export function DiscoveryResults({
  criteria,
  results,
  total,
  totalEstimated = false,
  onGenerateReport,
  now = () => new Date(),
  webCandidates,
  renderActions,
  onLoadMore,
  loadingMore = false,
}: DiscoveryResultsProps) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [minMatch, setMinMatch] = useState<MinMatch>(0);
  const [sort, setSort] = useState<SortKey>(DEFAULT_SORT);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const { loading, run } = useRowLoading();

  const shown = useMemo(
    () =>
      sortResults(
        filterResults(results, { query, minMatch }, (r) => [r.username, r.name, r.description, r.industry]),
        sort,
      ),
    [results, query, minMatch, sort],
  );

  const platformLabel = PLATFORM_LABELS[criteria.platform];
  // An estimate reads "about 63,000"; a count is shown as counted.
  const totalText = totalEstimated ? `about ${total.toLocaleString("en-US")}` : String(total);
  const markets = criteria.targetMarkets.length;

  const generate = (result: DiscoveryResult) =>
    run(rowKey(result), () =>
      onGenerateReport({ username: result.username, platform: result.platform, sample: result.isSample }),
    );

  const toggle = (key: string) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const exportCsv = () => downloadCsv(discoveryCsv(shown), csvFileName(criteria, now()));

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <h2 id={`${id}-heading`} tabIndex={-1} className="text-2xl font-semibold focus-visible:outline-none">
          Found {totalText} {platformLabel} {total === 1 ? "account" : "accounts"} matching your criteria
        </h2>
        <ul className="flex flex-wrap gap-2" aria-label="Search criteria">
          <li>
            <Badge>{platformLabel}</Badge>
          </li>
          <li>
            <Badge variant="secondary">{FOLLOWER_RANGE_LABELS[criteria.followerRange]}</Badge>
          </li>
          <li>
            <Badge variant="secondary">{industryLabel(criteria.industry)}</Badge>
          </li>
          {markets > 0 ? (
            <li>
              <Badge variant="secondary" title={criteria.targetMarkets.join(", ")}>
                {markets} target {markets === 1 ? "market" : "markets"}
              </Badge>
            </li>
          ) : null}
        </ul>
        {total > results.length ? (
          <p className="text-sm text-muted-foreground">
            The {results.length} best matches are listed, ranked by match % and then engagement.
            {totalEstimated
              ? " The number found is estimated from a sample of the index; the ranking is exact."
              : null}
          </p>
        ) : null}
      </div>

      {webCandidates ? <WebCandidatesNotice note={webCandidates} /> : null}

      <ResultsFilterBar
        query={query}
        onQueryChange={setQuery}
        placeholder="Search accounts..."
        searchLabel="Search accounts"
        minMatch={minMatch}
        onMinMatchChange={setMinMatch}
      >
        <div className="flex flex-col gap-1.5 md:w-56">
          <Label htmlFor={`${id}-sort`}>Sort by</Label>
          <NativeSelect
            id={`${id}-sort`}
            value={sort}
            onChange={(event) => {
              if (isSortKey(event.target.value)) setSort(event.target.value);
            }}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button variant="outline" onClick={exportCsv} disabled={shown.length === 0}>
          <Download aria-hidden="true" />
          Export CSV
        </Button>
      </ResultsFilterBar>

      <p className="text-sm text-muted-foreground">
        Click a username to generate its report; click a match % to see why it matches.
      </p>

      <div className="rounded-xl border">
        <Table aria-labelledby={`${id}-heading`}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <SortableHead
                column="username"
                label="Account"
                sort={sort}
                onSort={(c) => setSort(headerSort(sort, c))}
              />
              <SortableHead
                column="followers"
                label="Followers"
                sort={sort}
                onSort={(c) => setSort(headerSort(sort, c))}
              />
              <SortableHead
                column="match"
                label="Match %"
                sort={sort}
                onSort={(c) => setSort(headerSort(sort, c))}
              />
              <TableHead>Details</TableHead>
              <TableHead>Engagement</TableHead>
              <TableHead>Markets</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.length === 0 ? (
              <NoMatchingRow columns={6} />
            ) : (
              shown.map((result) => {
                const key = rowKey(result);
                const open = expanded.has(key);
                const detailId = `${id}-why-${key}`;
                return (
                  <Fragment key={key}>
                    <TableRow data-testid="discovery-row">
                      <TableCell className="max-w-56">
                        <AccountCell
                          username={result.username}
                          name={result.name}
                          verified={result.verified}
                          isSample={result.isSample}
                          modelFigures={result.modelFigures}
                          loading={loading.has(key)}
                          onReport={() => void generate(result)}
                        >
                          {result.foundVia === "web" ? <FoundOnWebBadge platform={result.platform} /> : null}
                          <RowBasis origin={result.origin} figures={result.figures} now={now()} />
                          <StatedIdentities identities={result.identities} />
                          {renderActions?.({ username: result.username, platform: result.platform })}
                        </AccountCell>
                      </TableCell>
                      <TableCell className="tabular-nums">{formatFollowers(result.followers)}</TableCell>
                      <TableCell>
                        <MatchCell
                          result={result}
                          expanded={open}
                          onToggle={() => toggle(key)}
                          controls={detailId}
                        />
                      </TableCell>
                      <TableCell className="min-w-64 max-w-md">
                        <span className="flex flex-col items-start gap-1">
                          <Badge variant="outline">{result.industry}</Badge>
                          <span className="line-clamp-2 text-muted-foreground">{result.description}</span>
                        </span>
                      </TableCell>
                      <TableCell className="tabular-nums">{result.engagementRate}</TableCell>
                      <TableCell>
                        <Markets countries={result.countries} basis={result.marketBasis} />
                      </TableCell>
                    </TableRow>
                    {open ? (
                      <TableRow id={detailId} className="bg-muted/30 hover:bg-muted/30">
                        <TableCell colSpan={6}>
                          <MatchBreakdown
                            breakdown={result.matchBreakdown}
                            matchPercentage={result.matchPercentage}
                            className="max-w-2xl"
                          />
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                );
              })
            )}
          </TableBody>
        </Table>
      </div>
      <p className="text-sm text-muted-foreground" role="status">
        {showingText(shown.length, results.length)}
      </p>
      {onLoadMore && total > results.length ? (
        <div>
          <Button
            variant="outline"
            onClick={onLoadMore}
            disabled={loadingMore}
            aria-busy={loadingMore || undefined}
          >
            {loadingMore
              ? "Loading more accounts..."
              : `Load more (${results.length} of ${totalText} listed)`}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
