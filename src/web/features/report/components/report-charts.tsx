// Loaded on demand (React.lazy in report-view.tsx): recharts stays out of every page's first load.
import { Bar, BarChart, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDate } from "#core/format";
import type { Account } from "#core/schemas/account";
import { CHART_TOOLTIP_STYLE } from "../../../lib/chart-style";
import {
  FALLBACK_TEXT,
  formatCount,
  formatShare,
  interactionsOf,
  sponsoredIdsOf,
} from "../lib/report-fields";

const PALETTE = ["#6366f1", "#14b8a6", "#f59e0b", "#ec4899", "#0ea5e9", "#8b5cf6"];
const ORGANIC = "#6366f1";
const SPONSORED = "#f59e0b";
const CHART_HEIGHT = 240;

/** Donut of the content mix (share of each format among the analysed posts). */
export function ContentMixChart({ account }: { account: Account }) {
  const mix = account.metrics.contentMix.filter((m) => m.count > 0);
  if (mix.length === 0) return <p className="text-sm text-muted-foreground">{FALLBACK_TEXT.notAvailable}</p>;
  const summary = mix.map((m) => `${m.label} ${formatShare(m.share)}`).join(", ");
  return (
    <figure className="flex flex-col gap-3">
      <div role="img" aria-label={`Content types: ${summary}`} style={{ height: CHART_HEIGHT }}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart accessibilityLayer={false}>
            <Pie
              data={mix}
              dataKey="count"
              nameKey="label"
              innerRadius="55%"
              outerRadius="85%"
              paddingAngle={2}
              isAnimationActive={false}
            >
              {mix.map((m, i) => (
                <Cell key={m.type} fill={PALETTE[i % PALETTE.length]} />
              ))}
            </Pie>
            <Tooltip
              contentStyle={CHART_TOOLTIP_STYLE}
              formatter={(value, name) => [`${formatCount(Number(value))} posts`, String(name)]}
            />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <figcaption>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
          {mix.map((m, i) => (
            <li key={m.type} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-2.5 rounded-sm"
                style={{ backgroundColor: PALETTE[i % PALETTE.length] }}
              />
              {m.label} {formatShare(m.share)} ({m.count})
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/** Interactions of each recent post, oldest first; sponsored posts in another colour. */
export function EngagementChart({ account }: { account: Account }) {
  const sponsored = sponsoredIdsOf(account);
  const data = account.recentPosts
    .map((post) => ({
      id: post.id,
      date: formatDate(post.postedAt),
      time: Date.parse(post.postedAt),
      type: post.type,
      interactions: interactionsOf(post, account.platform),
      sponsored: sponsored.has(post.id),
    }))
    .filter((d): d is typeof d & { interactions: number } => d.interactions !== null)
    .sort((a, b) => a.time - b.time);
  if (data.length === 0) return <p className="text-sm text-muted-foreground">{FALLBACK_TEXT.notAvailable}</p>;
  const sponsoredCount = data.filter((d) => d.sponsored).length;
  const sorted = data.map((d) => d.interactions).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const summary = `${data.length} posts, median ${formatCount(median)} interactions per post${
    sponsoredCount ? `, ${sponsoredCount} sponsored` : ""
  }`;
  return (
    <figure className="flex flex-col gap-3">
      <div role="img" aria-label={`Engagement per post: ${summary}`} style={{ height: CHART_HEIGHT }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <XAxis dataKey="date" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={24} />
            <YAxis
              tick={{ fontSize: 11 }}
              width={48}
              tickFormatter={(v: number) =>
                v >= 1000 ? `${(v / 1000).toFixed(v >= 10_000 ? 0 : 1)}K` : String(v)
              }
            />
            <Tooltip
              contentStyle={CHART_TOOLTIP_STYLE}
              cursor={{ fill: "var(--muted)" }}
              formatter={(value, _name, item) => [
                `${formatCount(Number(value))} interactions`,
                item.payload?.sponsored
                  ? `Sponsored ${item.payload.type}`
                  : String(item.payload?.type ?? "post"),
              ]}
            />
            <Bar dataKey="interactions" isAnimationActive={false} radius={[3, 3, 0, 0]}>
              {data.map((d) => (
                <Cell key={d.id} fill={d.sponsored ? SPONSORED : ORGANIC} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span>{summary}.</span>
        {sponsoredCount > 0 ? (
          <>
            <span className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-2.5 rounded-sm"
                style={{ backgroundColor: ORGANIC }}
              />
              Organic
            </span>
            <span className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-2.5 rounded-sm"
                style={{ backgroundColor: SPONSORED }}
              />
              Sponsored
            </span>
          </>
        ) : null}
      </figcaption>
    </figure>
  );
}
