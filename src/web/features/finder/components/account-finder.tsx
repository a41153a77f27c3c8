import { Sparkles } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useMemo, useState } from "react";
import { toast } from "sonner";
import { formatFollowers } from "#core/format";
import {
  FINDER_DESCRIPTION_MAX,
  type FinderRequestInput,
  type FinderResponse,
  type FinderResult,
  finderRequestSchema,
} from "#core/schemas/discovery";
import type { Platform } from "#core/schemas/platform";
import { AccountCell, NoMatchingRow } from "../../../components/results/account-cell";
import { FindMore } from "../../../components/results/find-more";
import { MatchBadge } from "../../../components/results/match-badge";
import type { GenerateReport } from "../../../components/results/report-button";
import { ResultsFilterBar } from "../../../components/results/results-filter-bar";
import { RowBasis } from "../../../components/results/row-basis";
import { useRowLoading } from "../../../components/results/use-row-loading";
import { ErrorText } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { inputClassName, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { PlatformOptions } from "../../../components/ui/platform-options";
import { Spinner } from "../../../components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { trackAccountFinderSearch } from "../../../lib/analytics";
import { type ApiError, isApiError } from "../../../lib/api-client";
import { filterResults, type MinMatch, showingText } from "../../../lib/result-filters";
import { cn } from "../../../lib/utils";
import { useFindAccounts } from "../api/find-accounts";
import { criteriaOf, type EditableCriteria, toRequestCriteria } from "../lib/criteria";
import { CriteriaChips } from "./criteria-chips";

/** Makes an account's report and opens it (the page wires this to the analyser). */
export type AnalyzeAccount = GenerateReport;

export const SEARCH_FAILED_TITLE = "Search failed";
export const SEARCH_FAILED_FALLBACK = "Failed to find accounts. Please try again.";

export interface AccountFinderProps {
  /** Per-row analysis. */
  onAnalyze: AnalyzeAccount;
  /** A 401 or 429 (spec §8): the page opens the sign-in prompt, no toast. */
  onAuthRequired: (error: ApiError) => void;
  /** More actions under each account (the page adds "Add to list" and "Compare"). */
  renderActions?: (account: { username: string; platform: Platform }) => ReactNode;
  /** Signed in: "Find more" says what a search may cost (the page passes the session's state). */
  signedIn?: boolean;
}

interface Shown {
  id: number;
  request: FinderRequestInput & { platform: Platform; description: string };
  response: FinderResponse;
  criteria: EditableCriteria;
}

const rowKey = (r: { platform: string; username: string }) => `${r.platform}:${r.username}`;

function FinderTable({
  results,
  onAnalyze,
  renderActions,
}: {
  results: readonly FinderResult[];
  onAnalyze: AnalyzeAccount;
  renderActions?: AccountFinderProps["renderActions"];
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [minMatch, setMinMatch] = useState<MinMatch>(0);
  const { loading, run } = useRowLoading();
  const shown = useMemo(
    () => filterResults(results, { query, minMatch }, (r) => [r.username, r.name, r.description]),
    [results, query, minMatch],
  );

  const analyze = (result: FinderResult) =>
    run(rowKey(result), () =>
      onAnalyze({ username: result.username, platform: result.platform, sample: result.isSample }),
    );

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold">
        Matching accounts
      </h2>
      <ResultsFilterBar
        query={query}
        onQueryChange={setQuery}
        placeholder="Filter by username, name or description"
        searchLabel="Filter results by username, name or description"
        minMatch={minMatch}
        onMinMatchChange={setMinMatch}
      />
      <p className="text-sm text-muted-foreground">Click a username to generate its report.</p>
      <div className="rounded-xl border">
        <Table aria-labelledby={`${id}-heading`}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Account</TableHead>
              <TableHead>Followers</TableHead>
              <TableHead>Match %</TableHead>
              <TableHead>Description</TableHead>
              <TableHead>Why it matches</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.length === 0 ? (
              <NoMatchingRow columns={5} />
            ) : (
              shown.map((result) => {
                const key = rowKey(result);
                return (
                  <TableRow key={key} data-testid="finder-row">
                    <TableCell className="max-w-56">
                      <AccountCell
                        username={result.username}
                        name={result.name}
                        verified={result.verified}
                        isSample={result.isSample}
                        modelFigures={result.modelFigures}
                        loading={loading.has(key)}
                        onReport={() => void analyze(result)}
                      >
                        <RowBasis origin={result.origin} figures={result.figures} now={new Date()} />
                        {renderActions?.({ username: result.username, platform: result.platform })}
                      </AccountCell>
                    </TableCell>
                    <TableCell className="tabular-nums">{formatFollowers(result.followers)}</TableCell>
                    <TableCell>
                      <MatchBadge value={result.matchPercentage} />
                    </TableCell>
                    <TableCell className="min-w-64 max-w-md">
                      <span className="flex flex-col items-start gap-1">
                        <Badge variant="outline">{result.industry}</Badge>
                        <span className="line-clamp-2 text-muted-foreground">{result.description}</span>
                      </span>
                    </TableCell>
                    <TableCell className="min-w-48">
                      {result.matchReasons.length > 0 ? (
                        <ul className="flex flex-col gap-0.5 text-muted-foreground">
                          {result.matchReasons.map((reason) => (
                            <li key={reason}>{reason}</li>
                          ))}
                        </ul>
                      ) : (
                        <span className="text-muted-foreground">Engagement only</span>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </div>
      <p className="text-sm text-muted-foreground" role="status">
        {showingText(shown.length, results.length)}
      </p>
    </section>
  );
}

/**
 * Spec §2 "Account-finder screen": platform and description, the search ('Searching accounts...'
 * while busy), what the description was read as (editable chips: each edit searches again), and the
 * results with their filter, minimum match and per-row analysis. Toasts and sign-in per spec §8.
 */
export function AccountFinder({
  onAnalyze,
  onAuthRequired,
  renderActions,
  signedIn = true,
}: AccountFinderProps) {
  const id = useId();
  const [platform, setPlatform] = useState<Platform>("instagram");
  const [description, setDescription] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const finder = useFindAccounts();
  const busy = finder.isPending;

  const run = (request: Shown["request"], criteria?: EditableCriteria) => {
    finder.mutate(criteria ? { ...request, criteria: toRequestCriteria(criteria) } : request, {
      onSuccess: (response) => {
        setShown((previous) => ({
          id: (previous?.id ?? 0) + 1,
          request,
          response,
          criteria: criteriaOf(response.interpretedAs),
        }));
        const n = response.results.length;
        trackAccountFinderSearch({ platform: request.platform, resultCount: n });
        // A plain toast: sonner's rich green text is under 4.5:1 on its tint (axe, WCAG AA).
        toast("Search completed", { description: `Found ${n} accounts matching your criteria` });
      },
      onError: (error) => {
        if (isApiError(error) && (error.status === 401 || error.status === 429)) {
          onAuthRequired(error);
          return;
        }
        const message = isApiError(error) && error.message ? error.message : SEARCH_FAILED_FALLBACK;
        toast.error(SEARCH_FAILED_TITLE, { description: message });
      },
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // The server's schema: spec §5's 10-character rule, word for word.
    const checked = finderRequestSchema.safeParse({ platform, description });
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message ?? SEARCH_FAILED_FALLBACK);
      return;
    }
    setFieldError(null);
    run({ platform: checked.data.platform, description: checked.data.description });
  };

  const errorId = `${id}-error`;
  const count = description.length;

  return (
    <div className="flex flex-col gap-6">
      <form
        noValidate
        onSubmit={submit}
        aria-label="Account finder"
        className="flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
      >
        <div className="grid gap-4 sm:grid-cols-[11rem_1fr]">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-platform`}>Platform</Label>
            <NativeSelect
              id={`${id}-platform`}
              name="platform"
              value={platform}
              disabled={busy}
              onChange={(event) => setPlatform(event.target.value as Platform)}
            >
              <PlatformOptions />
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-description`}>Describe the accounts you're looking for</Label>
            <textarea
              id={`${id}-description`}
              name="description"
              rows={3}
              value={description}
              maxLength={FINDER_DESCRIPTION_MAX}
              readOnly={busy}
              placeholder="e.g. vegan cooking creators in Canada with 10K–100K followers"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={cn(`${id}-hint`, fieldError && errorId)}
              onChange={(event) => {
                setDescription(event.target.value);
                if (fieldError) setFieldError(null);
              }}
              className={cn(inputClassName, "h-auto min-h-20 resize-y")}
            />
            <p id={`${id}-hint`} className="flex justify-between gap-2 text-xs text-muted-foreground">
              <span>Name a niche, a place or language, and a size (nano, micro, over 1M…).</span>
              <span className="tabular-nums">
                {count}/{FINDER_DESCRIPTION_MAX}
              </span>
            </p>
            {fieldError ? <ErrorText id={errorId}>{fieldError}</ErrorText> : null}
          </div>
        </div>
        <div>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? <Spinner /> : <Sparkles aria-hidden="true" />}
            {busy ? "Searching accounts..." : "Find Accounts"}
          </Button>
        </div>
      </form>

      {shown ? (
        <CriteriaChips
          interpretation={shown.response.interpretedAs}
          criteria={shown.criteria}
          busy={busy}
          onChange={(criteria) => run(shown.request, criteria)}
        />
      ) : null}

      {shown ? (
        <FindMore
          signedIn={signedIn}
          key={`${shown.request.platform}|${shown.request.description}`}
          request={{
            platform: shown.request.platform,
            // The words the description was read as search best; else the description itself.
            query: (shown.response.interpretedAs.keywords.join(" ") || shown.request.description).slice(
              0,
              200,
            ),
            industry: shown.response.interpretedAs.industries[0],
            targetMarkets: shown.response.interpretedAs.countries.slice(0, 10),
          }}
          onDone={() => run(shown.request, shown.criteria)}
        />
      ) : null}

      {shown && shown.response.results.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
          <h2 className="text-xl font-semibold">No accounts found</h2>
          <p className="max-w-md text-muted-foreground">
            Describe the niche, place or size another way, or change the criteria above.
          </p>
        </div>
      ) : null}
      {shown && shown.response.results.length > 0 ? (
        <FinderTable
          key={shown.id}
          results={shown.response.results}
          onAnalyze={onAnalyze}
          renderActions={renderActions}
        />
      ) : null}
    </div>
  );
}
