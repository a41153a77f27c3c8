import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

export interface ProgressProps extends Omit<ComponentProps<"div">, "children"> {
  /** 0–100. */
  value: number;
  /** Accessible name of the bar (e.g. "Analysis progress"). */
  label: string;
  /** Spoken value, e.g. "Fetching profile". */
  valueText?: string;
}

/** A determinate progress bar (role="progressbar" with aria-valuenow). */
export function Progress({ value, label, valueText, className, ...props }: ProgressProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-muted", className)}
      {...props}
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-300 ease-out"
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
