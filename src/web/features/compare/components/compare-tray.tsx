import { BarChart3, X } from "lucide-react";
import { Link } from "wouter";
import { COMPARE_MAX } from "#core/compare";
import { Button, buttonVariants } from "../../../components/ui/button";
import { paths } from "../../../config/paths";
import { compareSelection, useCompareSelection } from "../lib/selection";

/** The picked creators and the way to the comparison, fixed at the bottom of the pages that pick them. */
export function CompareTray() {
  const selection = useCompareSelection();
  if (selection.length === 0) return null;
  return (
    <>
      {/* Room at the end of the page, so the fixed tray never covers its last row. */}
      <div aria-hidden="true" className="h-20" />
      <aside
        aria-label="Comparison"
        className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 px-4 py-3 shadow-lg backdrop-blur"
        data-print="hide"
      >
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2">
          <span className="text-sm font-medium">
            Compare ({selection.length}/{COMPARE_MAX}):
          </span>
          {selection.map((t) => (
            <span
              key={`${t.platform}:${t.username}`}
              className="flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm"
            >
              @{t.username}
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-accent"
                aria-label={`Remove @${t.username} from the comparison`}
                onClick={() => compareSelection.toggle(t)}
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </span>
          ))}
          <span className="ml-auto flex gap-2">
            <Button variant="ghost" size="sm" onClick={compareSelection.clear}>
              Clear
            </Button>
            <Link href={paths.compare(selection)} className={buttonVariants({ size: "sm" })}>
              <BarChart3 aria-hidden="true" />
              Compare now
            </Link>
          </span>
        </div>
      </aside>
    </>
  );
}
