import { Eye } from "lucide-react";
import { VIEWER_HINT } from "../../lib/workspace";

/** Shown instead of a write control to a viewer of the acting workspace (issue #37). */
export function ViewerHint() {
  return (
    <p
      className="flex items-start gap-2 rounded-md border p-3 text-sm text-muted-foreground"
      data-testid="viewer-hint"
    >
      <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {VIEWER_HINT}
    </p>
  );
}
