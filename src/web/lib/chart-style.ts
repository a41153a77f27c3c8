import { formatDate } from "#core/format";

// What the report's and the growth card's charts share (recharts props, not components: recharts
// reads its children's types, so a wrapped <XAxis> would not draw).

/** The tooltip box in the page's colours (light and dark themes). */
export const CHART_TOOLTIP_STYLE = {
  backgroundColor: "var(--background)",
  border: "1px solid var(--border)",
  borderRadius: 8,
  color: "var(--foreground)",
  fontSize: 12,
};

/** An x axis of timestamps (ms) from the first to the last point, ticks as dates. */
export const TIME_X_AXIS_PROPS = {
  dataKey: "t",
  type: "number",
  scale: "time",
  domain: ["dataMin", "dataMax"],
  tickFormatter: (t: number) => formatDate(new Date(t).toISOString()),
  fontSize: 11,
} as const;

/** A time series' line: points marked, drawn at once (no animation to wait for or to print half of). */
export const SERIES_LINE_PROPS = { strokeWidth: 2, dot: { r: 2 }, isAnimationActive: false } as const;
