import type { ReactNode } from "react";
import type { Provenance } from "#core/schemas/report";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/utils";
import { ProvenanceMark } from "./provenance-mark";

export interface ReportSectionProps {
  title: string;
  provenance?: Provenance;
  /** Extra provenance marks (e.g. a card with two figures). */
  marks?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One card of the report: a titled figure or text with its provenance mark. */
export function ReportSection({ title, provenance, marks, className, children }: ReportSectionProps) {
  return (
    <Card className={cn("report-card flex flex-col", className)}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0 pb-3">
        <CardTitle className="text-base">{title}</CardTitle>
        <div className="flex flex-wrap items-center gap-1.5">
          <ProvenanceMark provenance={provenance} subject={title} />
          {marks}
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3 text-sm">{children}</CardContent>
    </Card>
  );
}

/** Model- or engine-written prose: plain text (never HTML), line breaks kept. */
export function ReportText({ children, muted = false }: { children: string; muted?: boolean }) {
  return (
    <p className={cn("whitespace-pre-line leading-relaxed", muted && "text-muted-foreground")}>{children}</p>
  );
}

/** A list of short labels as badges, or the fallback text when empty. */
export function LabelList({ items, fallback, label }: { items: string[]; fallback: string; label: string }) {
  if (items.length === 0) return <p className="text-muted-foreground">{fallback}</p>;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="rounded-full border bg-muted/50 px-2.5 py-0.5 text-xs font-medium">
          {item}
        </li>
      ))}
    </ul>
  );
}
