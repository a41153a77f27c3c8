import type { MatchContribution } from "#core/schemas/discovery";
import { cn } from "../../../lib/utils";

/**
 * Why an account matches: each criterion's points out of its share of 100 (the server's
 * `matchBreakdown`, which adds up to the match %). Criteria that were not asked for are left out.
 */
export function MatchBreakdown({
  breakdown,
  matchPercentage,
  className,
}: {
  breakdown: readonly MatchContribution[];
  matchPercentage: number;
  className?: string;
}) {
  const asked = breakdown.filter((c) => c.max > 0);
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <p className="font-medium">Why {matchPercentage}% match</p>
      <ul className="flex flex-col gap-1.5">
        {asked.map((c) => (
          <li key={c.criterion} className="flex flex-col">
            <span>
              <span className="font-medium">{c.label}</span>{" "}
              <span className="tabular-nums">
                {c.points} of {c.max}
              </span>
            </span>
            <span className="text-muted-foreground">{c.detail}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
