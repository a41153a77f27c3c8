import type { Tone } from "#core/format";
import { cn } from "../../lib/utils";
import { Badge, type BadgeProps } from "./badge";

/**
 * Tone colours with text dark (light theme) or light (dark theme) enough for WCAG AA on the tinted
 * background: the badge's own success/warning/destructive variants fall just under 4.5:1 for small text.
 */
export const TONE_CLASSES: Record<Tone, string> = {
  good: "border-transparent bg-success/15 text-green-800 dark:text-green-300",
  warning: "border-transparent bg-warning/15 text-amber-800 dark:text-amber-300",
  bad: "border-transparent bg-destructive/15 text-red-800 dark:text-red-300",
  neutral: "text-foreground",
};

/** A badge coloured by a tone of core/format (good green, warning amber, bad red). */
export function ToneBadge({ tone, className, ...props }: Omit<BadgeProps, "variant"> & { tone: Tone }) {
  return (
    <Badge variant="outline" data-tone={tone} className={cn(TONE_CLASSES[tone], className)} {...props} />
  );
}
