import { BarChart3, Check } from "lucide-react";
import { toast } from "sonner";
import { COMPARE_MAX } from "#core/compare";
import type { Platform } from "#core/schemas/platform";
import { Button } from "../../../components/ui/button";
import { compareSelection, useCompareSelection } from "../lib/selection";

/** "Compare": picks the creator for the comparison (up to four; the tray links to it). */
export function CompareToggle({ platform, username }: { platform: Platform; username: string }) {
  const selection = useCompareSelection();
  const on = selection.some(
    (t) => t.platform === platform && t.username.toLowerCase() === username.toLowerCase(),
  );
  return (
    <Button
      variant={on ? "secondary" : "outline"}
      size="sm"
      aria-pressed={on}
      aria-label={`Compare @${username}`}
      onClick={() => {
        const next = compareSelection.toggle({ platform, username });
        if (!on)
          toast(`Comparing ${next.length} of ${COMPARE_MAX}`, {
            description: `@${username} added to the comparison.`,
          });
      }}
    >
      {on ? <Check aria-hidden="true" /> : <BarChart3 aria-hidden="true" />}
      Compare
    </Button>
  );
}
