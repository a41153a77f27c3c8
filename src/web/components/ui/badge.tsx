import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

export const badgeVariants = cva(
  "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold transition-colors",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        outline: "text-foreground",
        // Text a shade darker (lighter in dark mode) than the tone: the tone itself on its 15% tint is
        // under 4.5:1 for badge-sized text (WCAG AA).
        success: "border-transparent bg-success/15 text-green-800 dark:text-green-300",
        warning: "border-transparent bg-warning/15 text-amber-800 dark:text-amber-300",
        destructive: "border-transparent bg-destructive/15 text-red-800 dark:text-red-300",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type BadgeProps = ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
