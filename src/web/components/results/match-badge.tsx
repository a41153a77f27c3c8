import { matchTone } from "#core/format";
import { cn } from "../../lib/utils";
import { Badge } from "../ui/badge";

/** Spec §5: match 80+ default badge, 60+ secondary, otherwise outline. */
export function MatchBadge({ value, className }: { value: number; className?: string }) {
  const tone = matchTone(value);
  return (
    <Badge variant={tone} data-tone={tone} className={cn("tabular-nums", className)}>
      {value}%
    </Badge>
  );
}
