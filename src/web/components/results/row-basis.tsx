import { type AccountOrigin, type Figures, figuresLabel, ORIGIN_LABELS } from "#core/account-origin";

/**
 * What a discovery or finder row rests on (issue #35): where it came from and its figures' kind and age,
 * e.g. "Found by platform search · profile figures, 3 days old" or "From a report · full report, today".
 */
export function RowBasis({ origin, figures, now }: { origin: AccountOrigin; figures: Figures; now: Date }) {
  const label = figuresLabel(figures, now);
  return (
    <span data-testid="row-basis" className="text-xs text-muted-foreground">
      {origin === "sample" ? label : `${ORIGIN_LABELS[origin]} · ${label}`}
    </span>
  );
}
