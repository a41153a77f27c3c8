import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { PLATFORM_LABELS, type Platform } from "#core/platforms";
import type { ExpandJob, ExpandRequestInput, ExpandSources } from "#core/schemas/expand";
import { isApiError } from "../../lib/api-client";
import { getExpandJob, getExpandSources, startExpand } from "../../lib/expand-discovery";
import { ErrorText } from "../ui/alert";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";

export const EXPAND_POLL_MS = 1000;

/** Search sources as people know them (GET /api/discovery/expand/sources names them). */
const SOURCE_LABELS: Record<string, string> = {
  "instagram-graph": "Instagram Graph API (hashtags, official)",
  "instagram-apify": "Apify (billed)",
  "tiktok-apify": "Apify (billed)",
  "youtube-api": "YouTube Data API (official)",
  "youtube-innertube": "YouTube without a key",
};

/**
 * "Find more on {platform}" (issue #35): searches the platform for the current criteria, shows the
 * job's progress, and when it is done asks for the ranking again (the found creators are in the index).
 * It says beforehand what the search may cost (GET /api/discovery/expand/sources); a search billed
 * by a provider (Apify items) runs only after the user confirms that cost. Where several sources can
 * search the platform, the user picks one, and its cost is the one said.
 */
export function FindMore({
  request,
  onDone,
  pollMs = EXPAND_POLL_MS,
  signedIn = true,
}: {
  request: ExpandRequestInput & { platform: Platform };
  onDone: () => void;
  pollMs?: number;
  /** A visitor is not asked for the sources (a 401 the browser would log); the search asks them to sign in. */
  signedIn?: boolean;
}) {
  const [job, setJob] = useState<ExpandJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sources, setSources] = useState<ExpandSources | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** The source the user picked where several can search (Instagram: Graph API or Apify). */
  const [chosen, setChosen] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const platform = request.platform;
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    getExpandSources(platform, controller.signal).then(
      (found) => setSources(found),
      // Not known (signed out, older server): the search itself says what is wrong.
      () => undefined,
    );
    return () => controller.abort();
  }, [platform, signedIn]);
  const name = PLATFORM_LABELS[platform];
  const choices = sources?.sources ?? [];
  const source = choices.find((s) => s.name === chosen) ?? choices[0];

  const run = async () => {
    setConfirming(false);
    setBusy(true);
    setError(null);
    setJob(null);
    try {
      const jobId = await startExpand(
        choices.length > 1 && source ? { ...request, source: source.name } : request,
      );
      for (;;) {
        if (!alive.current) return;
        const current = await getExpandJob(jobId);
        if (!alive.current) return;
        setJob(current);
        if (current.state === "done") {
          onDone();
          return;
        }
        if (current.state === "failed") return;
        await new Promise((r) => setTimeout(r, pollMs));
      }
    } catch (caught) {
      if (alive.current) {
        setError(
          isApiError(caught) && caught.message ? caught.message : `The search on ${name} could not start.`,
        );
      }
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  return (
    <div data-testid="find-more" className="flex flex-col gap-1">
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={busy || confirming}
          onClick={() => (source?.billed ? setConfirming(true) : void run())}
        >
          {busy ? <Spinner label="Searching" /> : <Search aria-hidden="true" />}
          Find more on {name}
        </Button>
      </div>
      {choices.length > 1 ? (
        <label className="flex flex-wrap items-center gap-2 text-sm">
          Search through
          <select
            className="rounded-md border bg-background px-2 py-1"
            value={source?.name}
            disabled={busy || confirming}
            onChange={(e) => setChosen(e.target.value)}
          >
            {choices.map((s) => (
              <option key={s.name} value={s.name}>
                {SOURCE_LABELS[s.name] ?? s.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Searches {name} for these criteria and adds the creators it finds to the index with their profile
        figures (one report from your daily allowance).
        {source ? <span data-testid="find-more-cost"> {source.costNote}</span> : null}
      </p>
      {confirming && source ? (
        <fieldset aria-label={`Confirm the search on ${name}`} className="flex flex-wrap items-center gap-2">
          <p className="text-sm">{source.costNote} Search now?</p>
          <Button size="sm" onClick={() => void run()}>
            Search {name}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </fieldset>
      ) : null}
      {job ? (
        <p role="status" className={job.state === "failed" ? "text-sm text-destructive" : "text-sm"}>
          {job.message}
        </p>
      ) : null}
      {error ? <ErrorText>{error}</ErrorText> : null}
    </div>
  );
}
