import { formatDate } from "#core/format";
import { PLATFORM_LABELS } from "#core/schemas/platform";
import type { SourceView } from "#core/schemas/sources";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useSources } from "../api/get-sources";
import { useTestSource } from "../api/test-source";

const STATE_TEXT: Record<SourceView["state"], string> = {
  ok: "OK",
  quiet: "Resting",
  failing: "Failing",
  unconfigured: "Not set up",
};

const STATE_VARIANT: Record<SourceView["state"], "default" | "secondary" | "destructive" | "outline"> = {
  ok: "default",
  quiet: "secondary",
  failing: "destructive",
  unconfigured: "outline",
};

/** Settings → Data sources: every source, whether it is set up, how it is doing, and a Test button. */
export function DataSources() {
  const sources = useSources();
  const tester = useTestSource();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Data sources</CardTitle>
        <CardDescription>
          Where reports get their data, in the order COLLECTORS tries them. A source that the platform limited
          rests until the time shown; reports then use the next source or stored data.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sources.isPending ? (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <Spinner />
            Loading sources...
          </p>
        ) : sources.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>The sources could not be loaded: {sources.error.message}</AlertDescription>
          </Alert>
        ) : (
          <ul className="flex flex-col divide-y" aria-label="Data sources">
            {sources.data.sources.map((s) => {
              const testing = tester.isPending && tester.variables === s.name;
              return (
                <li
                  key={s.name}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
                  data-testid={`source-${s.name}`}
                >
                  <div className="flex min-w-0 flex-col gap-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium">
                      {s.name}
                      <span className="text-sm font-normal text-muted-foreground">
                        {PLATFORM_LABELS[s.platform]} · {s.official ? "official API" : "unofficial"}
                      </span>
                      <Badge variant={STATE_VARIANT[s.state]}>{STATE_TEXT[s.state]}</Badge>
                    </p>
                    {s.needs ? <p className="text-sm text-muted-foreground">Needs {s.needs}.</p> : null}
                    {s.state === "quiet" && s.quietUntil ? (
                      <p className="text-sm">
                        Resting until {formatDate(s.quietUntil)}, after the platform limited this server.
                      </p>
                    ) : null}
                    <p className="text-sm text-muted-foreground">
                      {s.lastSuccessAt
                        ? `Last worked ${formatDate(s.lastSuccessAt)}.`
                        : "No success recorded yet."}
                      {s.lastFailure
                        ? ` Last failure ${formatDate(s.lastFailure.at)} (${s.lastFailure.code}): ${s.lastFailure.message}`
                        : ""}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={tester.isPending || !s.configured}
                    onClick={() => tester.mutate(s.name)}
                    aria-label={`Test ${s.name}`}
                  >
                    {testing ? <Spinner label="Testing" /> : null}
                    Test
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
