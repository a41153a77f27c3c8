import { engagementTone } from "#core/format";
import type { Account } from "#core/schemas/account";
import { PLATFORM_LABELS } from "#core/schemas/platform";
import { ToneBadge } from "../../../components/ui/tone-badge";
import { engagementRateText, FALLBACK_TEXT, ordinal } from "../lib/report-fields";
import { ProvenanceMark } from "./provenance-mark";
import { ReportSection } from "./report-section";

const pct = (n: number) => `${n.toFixed(2)}%`;

type Benchmark = NonNullable<Account["metrics"]["engagement"]["benchmark"]>;

/** What the level was judged on when it differs from the headline rate, and where the account sits. */
function benchmarkNote(basis: Account["metrics"]["engagement"]["basis"], benchmark: Benchmark): string {
  const parts: string[] = [];
  if (benchmark.basis && benchmark.basis !== basis && typeof benchmark.comparedPct === "number") {
    parts.push(
      `The level compares ${pct(benchmark.comparedPct)} per ${benchmark.basis === "views" ? "view" : "follower"}.`,
    );
  }
  if (typeof benchmark.percentile === "number") {
    parts.push(`About the ${ordinal(Math.round(benchmark.percentile))} percentile of its tier (estimate).`);
  }
  return parts.length ? ` ${parts.join(" ")}` : "";
}

/** Engagement level (High green, Medium amber, Low red) and rate, beside its tier's benchmark. */
export function EngagementCard({ account }: { account: Account }) {
  const { engagement } = account.metrics;
  const rate = engagementRateText(account);
  const level = account.engagementLevel;
  const benchmark = engagement.benchmark;
  const basis =
    engagement.basis === "views"
      ? "interactions per view"
      : engagement.basis === "followers"
        ? "interactions per follower"
        : null;
  return (
    // Level and rate have different methods (benchmark comparison vs. median), so each mark sits
    // beside its own figure rather than two look-alike badges in the header.
    <ReportSection title="Engagement">
      <div className="flex flex-wrap items-center gap-3">
        {level === "unknown" ? (
          <p className="font-semibold text-muted-foreground" data-testid="engagement-level">
            {FALLBACK_TEXT.unknown}
          </p>
        ) : (
          <ToneBadge
            tone={engagementTone(level)}
            className="px-3 py-1 text-sm"
            data-testid="engagement-level"
          >
            {level}
          </ToneBadge>
        )}
        <ProvenanceMark provenance={account.provenance.engagementLevel} subject="Engagement level" />
        <p className="text-2xl font-bold tabular-nums" data-testid="engagement-rate">
          {rate ?? FALLBACK_TEXT.notAvailable}
        </p>
        <ProvenanceMark provenance={account.provenance.engagementRate} subject="Engagement rate" />
      </div>
      {rate && basis ? (
        <p className="text-muted-foreground">
          Median {basis} over {engagement.postsUsed} posts
          {engagement.basis === "views" && engagement.perFollowerPct !== null
            ? ` (${pct(engagement.perFollowerPct)} per follower)`
            : ""}
          .
        </p>
      ) : null}
      {benchmark ? (
        <p className="rounded-md bg-muted/60 px-3 py-2" data-testid="engagement-benchmark">
          Typical for {PLATFORM_LABELS[account.platform]} accounts with {benchmark.tier} followers:{" "}
          <span className="font-medium tabular-nums">
            {benchmark.lowPct}–{benchmark.highPct}%
          </span>
          ; exceptional from {benchmark.exceptionalPct}%.
          {benchmarkNote(engagement.basis, benchmark)}
          {benchmark.installation ? (
            <span className="mt-1 block" data-testid="installation-median">
              Beside the published band, {benchmark.installation.text}.
            </span>
          ) : null}
        </p>
      ) : null}
    </ReportSection>
  );
}
