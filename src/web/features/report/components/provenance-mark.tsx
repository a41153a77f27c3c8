import type { Provenance } from "#core/schemas/report";
import { Tooltip, TooltipContent, TooltipTrigger } from "../../../components/ui/tooltip";
import { cn } from "../../../lib/utils";

type Kind = Provenance["kind"];

export const PROVENANCE_LABELS: Record<Kind, string> = {
  measured: "Measured",
  estimated: "Estimate",
  ai: "AI",
  sample: "Sample data",
  unavailable: "No data",
};

const KIND_EXPLANATIONS: Record<Kind, string> = {
  measured: "Computed from the account's public posts and profile.",
  estimated: "An estimate derived from measured figures and published benchmarks — not measured directly.",
  ai: "Written by a language model from the measured figures; read it as commentary.",
  sample: "Computed from generated sample data, not from a real account.",
  unavailable: "There was not enough data to work this out.",
};

const KIND_STYLES: Record<Kind, string> = {
  measured: "border-success/40 text-success",
  estimated: "border-warning/50 text-warning",
  ai: "border-primary/40 text-primary",
  sample: "border-secondary-foreground/30 bg-secondary text-secondary-foreground",
  unavailable: "border-border text-muted-foreground",
};

export interface ProvenanceMarkProps {
  provenance: Provenance | undefined;
  /** What the figure is, for the accessible name ("Engagement rate"). */
  subject: string;
  className?: string;
}

/**
 * Where a figure comes from (measured, estimate, AI, sample data), with the method on hover and on
 * keyboard focus. Renders nothing when the report says nothing about the figure.
 */
export function ProvenanceMark({ provenance, subject, className }: ProvenanceMarkProps) {
  if (!provenance) return null;
  const label = PROVENANCE_LABELS[provenance.kind];
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-label={`${subject}: ${label}`}
          data-provenance={provenance.kind}
          className={cn(
            "inline-flex h-5 cursor-help items-center rounded-full border px-2 text-[0.7rem] font-medium leading-none whitespace-nowrap focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
            KIND_STYLES[provenance.kind],
            className,
          )}
        >
          {label}
        </button>
      </TooltipTrigger>
      <TooltipContent>
        <p className="font-semibold">
          {subject}: {label}
        </p>
        <p className="mt-1 text-muted-foreground">{KIND_EXPLANATIONS[provenance.kind]}</p>
        <p className="mt-1">
          <span className="font-medium">Method:</span> {provenance.method}
        </p>
        {provenance.citations?.length ? (
          <p className="mt-1">
            <span className="font-medium">Sources:</span>{" "}
            {provenance.citations.slice(0, 3).map(hostOf).join(", ")}
          </p>
        ) : null}
        {provenance.inputs.length > 0 ? (
          <p className="mt-1">
            <span className="font-medium">From:</span> {provenance.inputs.join("; ")}
          </p>
        ) : null}
      </TooltipContent>
    </Tooltip>
  );
}

/** A citation's host for a compact tooltip ("news.example"), or the text itself when it is no URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url.slice(0, 60);
  }
}
