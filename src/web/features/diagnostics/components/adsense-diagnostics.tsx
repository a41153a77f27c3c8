import { CircleAlert, CircleCheck, CircleX, RefreshCw } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/utils";
import {
  browserCheckEnv,
  type CheckEnv,
  type CheckResult,
  type CheckStatus,
  runAdsenseChecks,
} from "../lib/adsense-checks";

interface Run {
  id: number;
  at: Date;
  results: CheckResult[];
}

const STATUS_STYLE: Record<CheckStatus, { icon: typeof CircleCheck; label: string; className: string }> = {
  pass: { icon: CircleCheck, label: "Pass", className: "text-success" },
  warning: { icon: CircleAlert, label: "Warning", className: "text-warning" },
  fail: { icon: CircleX, label: "Fail", className: "text-destructive" },
};

export interface AdsenseDiagnosticsProps {
  /** config.adsenseClientId; null when ads are not configured. */
  clientId: string | null;
  /** Tests pass a fake environment. */
  makeEnv?: (clientId: string | null) => CheckEnv;
}

/** Runs the checks when opened and on 'Rerun Tests'; every run is kept (newest first). */
export function AdsenseDiagnostics({ clientId, makeEnv = browserCheckEnv }: AdsenseDiagnosticsProps) {
  const [runs, setRuns] = useState<Run[]>([]);
  const [running, setRunning] = useState(false);
  const nextId = useRef(1);
  const started = useRef(false);

  const run = useCallback(async () => {
    setRunning(true);
    try {
      const results = await runAdsenseChecks(makeEnv(clientId));
      const id = nextId.current++;
      setRuns((previous) => [{ id, at: new Date(), results }, ...previous]);
    } finally {
      setRunning(false);
    }
  }, [clientId, makeEnv]);

  useEffect(() => {
    if (started.current) return; // once per visit, also under StrictMode
    started.current = true;
    void run();
  }, [run]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void run()} disabled={running}>
          {running ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          Rerun Tests
        </Button>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {running ? "Running tests…" : `${runs.length} run${runs.length === 1 ? "" : "s"} completed`}
        </p>
      </div>
      {clientId ? null : (
        <p className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          Ads are not configured on this server (ADSENSE_CLIENT_ID is not set), so no ad script is loaded and
          no request leaves this page. The checks below say what would need to change.
        </p>
      )}
      <ol className="flex flex-col gap-4" aria-label="Test runs">
        {runs.map((r) => (
          <li key={r.id}>
            <Card>
              <CardHeader className="pb-3">
                <CardTitle className="text-base">
                  Run {r.id} · <time dateTime={r.at.toISOString()}>{r.at.toLocaleTimeString("en-US")}</time>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="flex flex-col divide-y">
                  {r.results.map((result) => {
                    const style = STATUS_STYLE[result.status];
                    const Icon = style.icon;
                    return (
                      <li key={result.id} className="flex items-start gap-3 py-2" data-status={result.status}>
                        <Icon className={cn("mt-0.5 size-5 shrink-0", style.className)} aria-hidden="true" />
                        <div className="min-w-0">
                          <p className="text-sm font-medium">
                            {result.name}: <span className={style.className}>{style.label}</span>
                          </p>
                          <p className="text-sm">{result.message}</p>
                          {result.detail ? (
                            <p className="text-xs break-words text-muted-foreground">{result.detail}</p>
                          ) : null}
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </CardContent>
            </Card>
          </li>
        ))}
      </ol>
    </div>
  );
}
