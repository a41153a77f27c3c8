import type { Account } from "#core/schemas/account";
import { FALLBACK_TEXT, formatCount, formatMoney, textOr } from "../lib/report-fields";
import { ReportSection, ReportText } from "./report-section";

/** An amount in a currency ("$1,200", "€1,100"); an unknown code falls back to "XYZ 1,100". */
function inCurrency(n: number, currency: string): string {
  if (currency === "USD") return formatMoney(n);
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency, maximumFractionDigits: 2 }).format(
      n,
    );
  } catch {
    return `${currency} ${formatCount(n)}`;
  }
}

/**
 * Estimated value per post (issue #24): our range, the published band for the creator's tier and
 * where ours sits in it, the derivation (follower rate blended with reach × CPM) and the assumptions.
 */
export function ValueCard({ account }: { account: Account }) {
  const value = account.metrics.value;
  const cur = value?.local?.currency ?? "USD";
  const rate = value?.local?.usdRate ?? 1;
  const fx = (usd: number) => inCurrency(usd * rate, cur);
  return (
    <ReportSection title="Estimated value per post" provenance={account.provenance.estimatedPostValue}>
      <p className="text-2xl font-bold" data-testid="post-value">
        {textOr(account.estimatedPostValue, FALLBACK_TEXT.notAvailable)}
      </p>
      {value?.band ? (
        <p className="text-muted-foreground" data-testid="price-band">
          Our estimate sits {value.band.text.charAt(0).toLowerCase()}
          {value.band.text.slice(1)}.
        </p>
      ) : null}
      {value ? (
        <div
          className="flex flex-col gap-1.5 rounded-md bg-muted/60 px-3 py-2"
          data-testid="value-derivation"
        >
          <p className="font-medium">How this estimate is made</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted-foreground">
            {value.followerRate ? (
              <>
                <dt>Follower rate</dt>
                <dd className="text-foreground tabular-nums">
                  {fx(value.followerRate.amount)}{" "}
                  <span className="text-muted-foreground">
                    ({formatCount(account.followers ?? 0)} followers × {fx(value.followerRate.per1k)} per
                    1,000)
                  </span>
                </dd>
              </>
            ) : null}
            <dt>Reach</dt>
            <dd className="text-foreground tabular-nums">
              {formatCount(value.reach)} <span className="text-muted-foreground">({value.reachMethod})</span>
            </dd>
            <dt>CPM</dt>
            <dd className="text-foreground tabular-nums">
              {fx(value.cpm)} per 1,000 views
              {typeof value.reachAmount === "number" ? (
                <span className="text-muted-foreground"> → {fx(value.reachAmount)} from reach</span>
              ) : null}
            </dd>
            {typeof value.reachWeight === "number" ? (
              <>
                <dt>Blend</dt>
                <dd className="text-foreground tabular-nums" data-testid="value-blend">
                  {Math.round((1 - value.reachWeight) * 100)}% follower rate,{" "}
                  {Math.round(value.reachWeight * 100)}% reach (weighted by how many posts have public views)
                </dd>
              </>
            ) : null}
            <dt>Engagement factor</dt>
            <dd className="text-foreground tabular-nums">×{value.engagementFactor}</dd>
            <dt>Niche factor</dt>
            <dd className="text-foreground tabular-nums">×{value.nicheFactor}</dd>
            <dt>Range</dt>
            <dd className="text-foreground tabular-nums">
              {fx(value.low)} – {fx(value.high)} (midpoint {fx(value.mid)})
            </dd>
          </dl>
          <p className="text-xs text-muted-foreground">
            {value.formula}. This is an estimate, not a quoted price.
          </p>
          {value.assumptions ? (
            <p className="text-xs text-muted-foreground" data-testid="pricing-assumptions">
              {value.assumptions.text}.
            </p>
          ) : null}
        </div>
      ) : null}
    </ReportSection>
  );
}

/** Estimated monthly earnings from sponsored posts, with the assumption behind them. */
export function EarningsCard({ account }: { account: Account }) {
  const earnings = account.metrics.earnings;
  return (
    <ReportSection title="Estimated earnings" provenance={account.provenance.estimatedEarnings}>
      <p className="text-xl font-bold" data-testid="earnings">
        {textOr(account.estimatedEarnings, FALLBACK_TEXT.notAvailable)}
      </p>
      {earnings ? (
        <p className="text-muted-foreground">
          {earnings.postsPerMonth.toFixed(1)} posts a month, {earnings.sponsoredPostsPerMonth} sponsored —{" "}
          {earnings.assumption}.
        </p>
      ) : null}
    </ReportSection>
  );
}

/** Sponsored content: the analysis text, the sponsored share, brands, and sponsored vs organic engagement. */
export function AdvertiserCard({ account }: { account: Account }) {
  const ad = account.metrics.advertiser;
  return (
    <ReportSection title="Advertiser analysis" provenance={account.provenance.advertiserAnalysis}>
      <ReportText>{textOr(account.advertiserAnalysis, FALLBACK_TEXT.advertiser)}</ReportText>
      {ad.postsChecked > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted-foreground">
          <dt>Sponsored share</dt>
          <dd className="text-foreground tabular-nums" data-testid="sponsored-share">
            {ad.sponsoredShare === null
              ? FALLBACK_TEXT.notAvailable
              : `${Math.round(ad.sponsoredShare * 100)}%`}{" "}
            ({ad.sponsoredPosts} of {ad.postsChecked} posts)
          </dd>
          {ad.sponsoredEngagementPct !== null && ad.organicEngagementPct !== null ? (
            <>
              <dt>Engagement</dt>
              <dd className="text-foreground tabular-nums">
                sponsored {ad.sponsoredEngagementPct.toFixed(2)}% vs organic{" "}
                {ad.organicEngagementPct.toFixed(2)}%
              </dd>
            </>
          ) : null}
          <dt>Brands</dt>
          <dd className="text-foreground">
            {ad.brands.length > 0 ? ad.brands.map((b) => `@${b.replace(/^@/, "")}`).join(", ") : "None found"}
          </dd>
        </dl>
      ) : null}
    </ReportSection>
  );
}
