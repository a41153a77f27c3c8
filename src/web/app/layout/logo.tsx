import { ChartNoAxesCombined } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { paths } from "../../config/paths";
import { cn } from "../../lib/utils";

export const LOGO_ANIMATION_EVERY_MS = 3000;
export const LOGO_ANIMATION_FOR_MS = 1000;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/** Spec §9: the logo animates every 3 s for 1 s; never when the visitor asks for reduced motion. */
export function useLogoAnimation(): boolean {
  const [animating, setAnimating] = useState(false);
  useEffect(() => {
    if (prefersReducedMotion()) return;
    let stop: ReturnType<typeof setTimeout> | undefined;
    const every = setInterval(() => {
      setAnimating(true);
      stop = setTimeout(() => setAnimating(false), LOGO_ANIMATION_FOR_MS);
    }, LOGO_ANIMATION_EVERY_MS);
    return () => {
      clearInterval(every);
      if (stop) clearTimeout(stop);
    };
  }, []);
  return animating;
}

/**
 * The logo and the brand name, linking home. The name is shown whole or not at all: when the bar has
 * no room for it beside the links and controls, it wraps onto a second line (after an empty first
 * item) that its box's fixed height clips away, leaving the mark; the name stays the link's
 * accessible name. A half-cut "Social Media Ana…" never shows, whatever the brand's length.
 */
export function Logo({ brandName, className }: { brandName: string; className?: string }) {
  const animating = useLogoAnimation();
  return (
    <Link
      href={paths.home()}
      className={cn(
        "flex items-center gap-2 rounded-md font-bold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      <span
        className={cn(
          "flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground",
          animating && "animate-logo motion-reduce:animate-none",
        )}
        data-animating={animating ? "true" : undefined}
        aria-hidden="true"
      >
        <ChartNoAxesCombined className="size-5" />
      </span>
      <span className="flex h-8 min-w-0 flex-wrap overflow-hidden">
        <span aria-hidden="true" className="h-8 w-0" />
        <span className="whitespace-nowrap leading-8" data-testid="brand-name">
          {brandName}
        </span>
      </span>
    </Link>
  );
}
