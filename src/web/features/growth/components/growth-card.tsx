import { TriangleAlert } from "lucide-react";
import { lazy, Suspense } from "react";
import { formatDate, formatFollowers } from "#core/format";
import type { GrowthResponse } from "#core/schemas/growth";
import type { Platform } from "#core/schemas/platform";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { WhenVisible } from "../../../components/ui/when-visible";
import { useGrowth } from "../api/get-growth";

const loadCharts = () => import("./growth-charts");
const FollowersChart = lazy(() => loadCharts().then((m) => ({ default: m.FollowersChart })));
const EngagementRateChart = lazy(() => loadCharts().then((m) => ({ default: m.EngagementRateChart })));

const WINDOWS = [
  ["days7", "7 days"],
  ["days30", "30 days"],
  ["days90", "90 days"],
] as const;

function ChartFallback() {
  return <div className="h-[220px] animate-pulse rounded-md bg-muted/60" aria-hidden="true" />;
}

const signedPct = (v: number) => `${v > 0 ? "+" : v < 0 ? "−" : "±"}${Math.abs(v).toFixed(1)}%`;

/** The changes over 7, 30 and 90 days, each "not enough history" until the points span it. */
export function GrowthChanges({ change }: { change: GrowthResponse["change"] }) {
  return (
    <dl className="grid grid-cols-3 gap-3 text-sm">
      {WINDOWS.map(([key, label]) => {
        const c = change[key];
        return (
          <div key={key} className="rounded-md border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold" data-testid={`change-${key}`}>
              {c ? signedPct(c.followersPct) : "—"}
            </dd>
            <dd className="text-xs text-muted-foreground">
              {c
                ? `${c.followers >= 0 ? "+" : "−"}${formatFollowers(Math.abs(c.followers))}${c.engagementRate !== null ? ` · ER ${c.engagementRate >= 0 ? "+" : "−"}${Math.abs(c.engagementRate).toFixed(2)} pts` : ""}`
                : "not enough history"}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * Growth over time on the report (issue #21): the summary line, changes, anomalies with the points
 * that show them, and charts of followers and engagement with each point's date and source.
 */
export function GrowthCard({
  username,
  platform,
  lastUpdated,
}: {
  username: string;
  platform: Platform;
  lastUpdated?: string;
}) {
  const query = useGrowth(username, platform, lastUpdated);
  const noun = platform === "youtube" ? "Subscribers" : "Followers";
  return (
    <Card data-testid="growth-card">
      <CardHeader>
        <CardTitle>Growth over time</CardTitle>
        <CardDescription>
          {query.isPending
            ? "Loading history…"
            : query.isError
              ? "The history could not be loaded."
              : (query.data.summary ??
                `Not enough history yet: ${query.data.points.length === 1 ? "1 snapshot" : `${query.data.points.length} snapshots`} so far. Each refresh adds a point.`)}
        </CardDescription>
      </CardHeader>
      {query.isSuccess ? (
        <CardContent className="flex flex-col gap-5">
          {query.data.anomalies.map((a) => (
            <Alert key={`${a.from}-${a.to}`} variant="warning" data-testid="growth-anomaly">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <div>
                <AlertTitle>
                  {a.kind === "spike" ? "Unusual follower jump" : "Sudden follower drop"}
                </AlertTitle>
                <AlertDescription>
                  {a.message} (between {formatDate(a.from)} and {formatDate(a.to)}).
                </AlertDescription>
              </div>
            </Alert>
          ))}
          <GrowthChanges change={query.data.change} />
          {query.data.points.length >= 2 ? (
            <div className="grid gap-5 lg:grid-cols-2">
              <figure className="flex flex-col gap-2">
                <figcaption className="text-sm font-medium">{noun}</figcaption>
                <WhenVisible placeholder={<ChartFallback />}>
                  <Suspense fallback={<ChartFallback />}>
                    <FollowersChart points={query.data.points} noun={noun.toLowerCase()} />
                  </Suspense>
                </WhenVisible>
              </figure>
              <figure className="flex flex-col gap-2">
                <figcaption className="text-sm font-medium">Engagement rate</figcaption>
                <WhenVisible placeholder={<ChartFallback />}>
                  <Suspense fallback={<ChartFallback />}>
                    <EngagementRateChart points={query.data.points} />
                  </Suspense>
                </WhenVisible>
              </figure>
            </div>
          ) : null}
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground">
              The {query.data.points.length} points behind this
            </summary>
            <ul className="mt-2 max-h-60 overflow-auto">
              {[...query.data.points].reverse().map((p) => (
                <li key={`${p.at}-${p.source}`} className="flex justify-between gap-4 border-b py-1">
                  <span>{formatDate(p.at)}</span>
                  <span>{formatFollowers(p.followers)}</span>
                  <span className="text-muted-foreground">
                    {p.source === "import" ? "imported" : p.source}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        </CardContent>
      ) : null}
    </Card>
  );
}
