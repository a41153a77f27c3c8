import { MODEL_FIGURES_LABEL, MODEL_FIGURES_SHORT } from "#core/model-figures";
import { cn } from "../../lib/utils";

/**
 * The small marker beside figures that came from the model's web search (issue #24 item 6): visible
 * "Model estimate", named and titled "From the model's web search — not measured" for screen readers
 * and on hover. Rendered only when `show` is true, so lists can pass the row's flag as it is.
 */
export function ModelFiguresMarker({ show, className }: { show: boolean | undefined; className?: string }) {
  if (!show) return null;
  return (
    <span
      role="img"
      aria-label={MODEL_FIGURES_LABEL}
      title={MODEL_FIGURES_LABEL}
      data-model-figures=""
      className={cn(
        "inline-flex shrink-0 items-center whitespace-nowrap rounded border border-amber-600/40 bg-amber-500/10 px-1 align-middle text-[10px] font-medium leading-4 text-amber-800 dark:text-amber-300",
        className,
      )}
    >
      {MODEL_FIGURES_SHORT}
    </span>
  );
}
