import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { ExpandJob, ExpandRequestInput } from "#core/schemas/expand";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";
import { isApiError } from "../../lib/api-client";
import { getExpandJob, startExpand } from "../../lib/expand-discovery";
import { ErrorText } from "../ui/alert";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";

export const EXPAND_POLL_MS = 1000;

/**
 * "Find more on {platform}" (issue #35): searches the platform for the current criteria, shows the
 * job's progress, and when it is done asks for the ranking again (the found creators are in the index).
 */
export function FindMore({
  request,
  onDone,
  pollMs = EXPAND_POLL_MS,
}: {
  request: ExpandRequestInput & { platform: Platform };
  onDone: () => void;
  pollMs?: number;
}) {
  const [job, setJob] = useState<ExpandJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const name = PLATFORM_LABELS[request.platform];

  const run = async () => {
    setBusy(true);
    setError(null);
    setJob(null);
    try {
      const jobId = await startExpand(request);
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
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void run()}>
          {busy ? <Spinner label="Searching" /> : <Search aria-hidden="true" />}
          Find more on {name}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Searches {name} for these criteria and adds the creators it finds to the index with their profile
        figures (one report from your daily allowance).
      </p>
      {job ? (
        <p role="status" className={job.state === "failed" ? "text-sm text-destructive" : "text-sm"}>
          {job.message}
        </p>
      ) : null}
      {error ? <ErrorText>{error}</ErrorText> : null}
    </div>
  );
}
