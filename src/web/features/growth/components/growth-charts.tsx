// Loaded on demand (React.lazy in growth-card.tsx): recharts stays out of every page's first load.
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDate, formatFollowers } from "#core/format";
import type { GrowthPoint } from "#core/schemas/growth";
import { CHART_TOOLTIP_STYLE, SERIES_LINE_PROPS, TIME_X_AXIS_PROPS } from "../../../lib/chart-style";

const CHART_HEIGHT = 220;

interface Row {
  t: number;
  followers: number;
  engagementRate: number | null;
  source: string;
}

const rowsOf = (points: GrowthPoint[]): Row[] =>
  points.map((p) => ({
    t: Date.parse(p.at),
    followers: p.followers,
    engagementRate: p.engagementRate,
    source: p.source,
  }));

const sourceLabel = (s: string) => (s === "import" ? "imported history" : `measured (${s})`);

function tooltipLabel(_: unknown, payload: readonly { payload?: Row }[] | undefined): string {
  const row = payload?.[0]?.payload;
  return row ? `${formatDate(new Date(row.t).toISOString())} · ${sourceLabel(row.source)}` : "";
}

/** Followers over time, each point with its date and source in the tooltip. */
export function FollowersChart({ points, noun }: { points: GrowthPoint[]; noun: string }) {
  const data = rowsOf(points);
  const first = data[0];
  const last = data[data.length - 1];
  return (
    <div
      role="img"
      aria-label={
        first && last
          ? `${noun} from ${formatFollowers(first.followers)} on ${formatDate(new Date(first.t).toISOString())} to ${formatFollowers(last.followers)} on ${formatDate(new Date(last.t).toISOString())}, ${data.length} points`
          : `No ${noun} history`
      }
      style={{ height: CHART_HEIGHT }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} accessibilityLayer={false} margin={{ left: 4, right: 12, top: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis {...TIME_X_AXIS_PROPS} />
          <YAxis
            tickFormatter={(v: number) => formatFollowers(v)}
            fontSize={11}
            width={52}
            domain={["auto", "auto"]}
          />
          <Tooltip
            contentStyle={CHART_TOOLTIP_STYLE}
            labelFormatter={tooltipLabel}
            formatter={(value) => [formatFollowers(Number(value)), noun]}
          />
          <Line dataKey="followers" stroke="#6366f1" {...SERIES_LINE_PROPS} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Engagement rate over time (measured points only). */
export function EngagementRateChart({ points }: { points: GrowthPoint[] }) {
  const data = rowsOf(points).filter((r) => r.engagementRate !== null);
  if (data.length < 2)
    return <p className="text-sm text-muted-foreground">Engagement history needs two measured reports.</p>;
  return (
    <div
      role="img"
      aria-label={`Engagement rate over ${data.length} reports`}
      style={{ height: CHART_HEIGHT }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} accessibilityLayer={false} margin={{ left: 4, right: 12, top: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis {...TIME_X_AXIS_PROPS} />
          <YAxis tickFormatter={(v: number) => `${v}%`} fontSize={11} width={44} domain={["auto", "auto"]} />
          <Tooltip
            contentStyle={CHART_TOOLTIP_STYLE}
            labelFormatter={tooltipLabel}
            formatter={(value) => [`${Number(value).toFixed(2)}%`, "Engagement rate"]}
          />
          <Line dataKey="engagementRate" stroke="#14b8a6" {...SERIES_LINE_PROPS} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
