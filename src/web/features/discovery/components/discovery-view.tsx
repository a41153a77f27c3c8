import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronUp, SearchX } from "lucide-react";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { MAX_RESULTS } from "#core/discovery/options";
import type { DiscoverySearchRequest, DiscoverySearchResponse } from "#core/schemas/discovery";
import { FindMore } from "../../../components/results/find-more";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { isApiError } from "../../../lib/api-client";
import { DISCOVERY_SEARCH_PATH, discoverySearchQueryOptions } from "../api/search-discovery";
import { DEFAULT_DRAFT, type DiscoveryDraft, DiscoveryForm } from "./discovery-form";
import { DiscoveryResults, type GenerateReport, type RenderAccountActions } from "./discovery-results";
import { SamplesNotice } from "./samples-notice";
import { WebCandidatesNotice } from "./web-candidates";

export interface DiscoveryViewProps {
  onGenerateReport: GenerateReport;
  now?: () => Date;
  /**
   * Offer "Also look for accounts outside our index" (the page passes true when the installation has a
   * language model and the user is signed in).
   */
  offerWebCandidates?: boolean;
  /** Signed in: "Find more" says what a search may cost (the page passes the session's state). */
  signedIn?: boolean;
  /** More actions under each account in the results. */
  renderActions?: RenderAccountActions;
}

interface Shown {
  /** Counts searches, so a new search starts with fresh filters. */
  id: number;
  criteria: DiscoverySearchRequest;
  response: DiscoverySearchResponse;
}

export const SEARCH_ERROR_FALLBACK = "The search could not be run. Please try again.";
export const SEARCHING_TEXT = "Searching accounts...";
export const SEARCHING_WEB_TEXT =
  "Searching accounts, and asking the AI web search for more: each account it proposes is fetched and verified first, so this takes longer.";

/**
 * Spec §2 discovery page below its header: the form until results arrive, then the results with a
 * 'Show Discovery Form' / 'Hide Discovery Form' toggle; 'No results found' when nothing matches.
 */
export function DiscoveryView({
  onGenerateReport,
  now,
  offerWebCandidates = false,
  signedIn = true,
  renderActions,
}: DiscoveryViewProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<DiscoveryDraft>(DEFAULT_DRAFT);
  const [shown, setShown] = useState<Shown | null>(null);
  const [formOpen, setFormOpen] = useState(true);
  /** The search under way, or null. */
  const [pending, setPending] = useState<DiscoverySearchRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const searches = useRef(0);
  const resultsRef = useRef<HTMLDivElement>(null);
  /** Set when a search brought results: the commit that shows them moves the focus to their heading. */
  const focusResults = useRef(false);

  // Keyboard and screen-reader users land on the answer, not on a form that just went away. In the
  // same commit that shows the results, never a frame later: a deferred focus (requestAnimationFrame)
  // took the focus back from wherever the user had put it in between, and in a background tab, where
  // frames are paused, only when they came back to it.
  useLayoutEffect(() => {
    if (!focusResults.current || !shown) return;
    focusResults.current = false;
    resultsRef.current?.querySelector<HTMLElement>("h2")?.focus();
  }, [shown]);

  const search = async (criteria: DiscoverySearchRequest) => {
    setPending(criteria);
    setError(null);
    const searchId = ++searches.current;
    try {
      const response = await queryClient.fetchQuery(discoverySearchQueryOptions(criteria));
      if (searchId !== searches.current) return;
      focusResults.current = response.results.length > 0;
      setShown({ id: searchId, criteria, response });
      if (response.results.length > 0) setFormOpen(false);
    } catch (caught) {
      if (searchId !== searches.current) return;
      setError(isApiError(caught) && caught.message ? caught.message : SEARCH_ERROR_FALLBACK);
    } finally {
      if (searchId === searches.current) setPending(null);
    }
  };

  const [loadingMore, setLoadingMore] = useState(false);
  /** The next page of the same ranking, appended below the rows already listed. */
  const loadMore = async () => {
    if (!shown || loadingMore) return;
    const { id: shownId, criteria, response } = shown;
    const pageSize = response.pageSize ?? MAX_RESULTS;
    const fromIndex = response.results.filter((r) => r.foundVia !== "web").length;
    const page = Math.floor(fromIndex / pageSize) + 1;
    setLoadingMore(true);
    setError(null);
    try {
      const next = await queryClient.fetchQuery(
        discoverySearchQueryOptions({ ...criteria, includeWebCandidates: false, page, pageSize }),
      );
      setShown((current) => {
        if (!current || current.id !== shownId) return current;
        const seen = new Set(current.response.results.map((r) => `${r.platform}:${r.username}`));
        const added = next.results.filter((r) => !seen.has(`${r.platform}:${r.username}`));
        return {
          ...current,
          response: {
            ...current.response,
            results: [...current.response.results, ...added],
            total: Math.max(current.response.total, next.total),
            totalEstimated: current.response.totalEstimated || next.totalEstimated,
          },
        };
      });
    } catch (caught) {
      setError(isApiError(caught) && caught.message ? caught.message : SEARCH_ERROR_FALLBACK);
    } finally {
      setLoadingMore(false);
    }
  };

  const hasResults = shown !== null && shown.response.results.length > 0;
  const formId = `${id}-form`;
  // The note is shown whenever the search asked for web candidates.
  const webNote = shown?.criteria.includeWebCandidates ? shown.response.webCandidates : undefined;

  return (
    <div className="flex flex-col gap-6">
      {hasResults ? (
        <div>
          <Button
            variant={formOpen ? "ghost" : "outline"}
            size="sm"
            aria-expanded={formOpen}
            aria-controls={formOpen ? formId : undefined}
            onClick={() => setFormOpen((open) => !open)}
          >
            {formOpen ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            {formOpen ? "Hide Discovery Form" : "Show Discovery Form"}
          </Button>
        </div>
      ) : null}
      {formOpen ? (
        <DiscoveryForm
          id={formId}
          value={draft}
          onChange={setDraft}
          onSubmit={search}
          pending={pending !== null}
          offerWebCandidates={offerWebCandidates}
        />
      ) : null}
      {error ? (
        <Alert variant="destructive" role="alert">
          <div className="flex flex-col gap-1">
            <AlertTitle>Search failed</AlertTitle>
            <AlertDescription>{error}</AlertDescription>
          </div>
        </Alert>
      ) : null}
      {pending && (!hasResults || pending.includeWebCandidates) ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner className="shrink-0" />
          {pending.includeWebCandidates ? SEARCHING_WEB_TEXT : SEARCHING_TEXT}
        </p>
      ) : null}
      {shown?.response.samples ? (
        <SamplesNotice
          samples={shown.response.samples}
          platform={shown.criteria.platform}
          pending={pending !== null}
          onChange={(samples) => void search({ ...shown.criteria, samples, page: 1 })}
        />
      ) : null}
      {shown ? (
        <FindMore
          signedIn={signedIn}
          key={`${shown.criteria.platform}|${shown.criteria.industry}|${shown.criteria.followerRange}|${shown.criteria.targetMarkets.join(",")}`}
          request={{
            platform: shown.criteria.platform,
            industry: shown.criteria.industry,
            targetMarkets: shown.criteria.targetMarkets,
            followerRange: shown.criteria.followerRange,
          }}
          onDone={() => {
            // The index changed: every cached ranking is out of date.
            queryClient.removeQueries({ queryKey: [DISCOVERY_SEARCH_PATH] });
            void search({ ...shown.criteria, page: 1 });
          }}
        />
      ) : null}
      {shown && !hasResults && webNote ? <WebCandidatesNotice note={webNote} /> : null}
      {shown && !hasResults ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
          <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="text-xl font-semibold">No results found</h2>
          <p className="max-w-md text-muted-foreground">
            Try adjusting your search criteria or try a different combination of filters.
          </p>
        </div>
      ) : null}
      {shown && hasResults ? (
        <div ref={resultsRef} aria-busy={pending !== null || undefined}>
          <DiscoveryResults
            key={shown.id}
            criteria={shown.criteria}
            results={shown.response.results}
            total={shown.response.total}
            totalEstimated={shown.response.totalEstimated}
            onGenerateReport={onGenerateReport}
            now={now}
            webCandidates={webNote}
            renderActions={renderActions}
            onLoadMore={loadMore}
            loadingMore={loadingMore}
          />
        </div>
      ) : null}
    </div>
  );
}
