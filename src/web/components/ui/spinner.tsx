import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/utils";

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <>
      <LoaderCircle aria-hidden="true" className={cn("size-4 animate-spin", className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}

/**
 * Placeholder while a lazily loaded page arrives. A screen tall, so the footer stays below the fold
 * until the page is there instead of jumping down when it comes (layout shift, issue #25).
 */
export function PageLoading() {
  return (
    <div
      className="flex min-h-svh items-start justify-center gap-2 pt-[20vh] text-muted-foreground"
      role="status"
    >
      <Spinner />
      <span>Loading…</span>
    </div>
  );
}
