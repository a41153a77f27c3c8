import { BadgeCheck } from "lucide-react";
import type { ReactNode } from "react";
import { TableCell, TableRow } from "../ui/table";
import { ModelFiguresMarker } from "./model-figures-marker";
import { ReportButton } from "./report-button";

interface AccountCellProps {
  username: string;
  name: string;
  verified: boolean;
  isSample?: boolean;
  /** The row's figures are the model's web-search estimate (not measured). */
  modelFigures?: boolean;
  loading: boolean;
  onReport: () => void;
  /** Anything else to say about the account under its name (e.g. "Found on the web"). */
  children?: ReactNode;
}

/** The first column of the discovery and finder tables: the report button, the tick, the name. */
export function AccountCell({
  username,
  name,
  verified,
  isSample,
  modelFigures,
  loading,
  onReport,
  children,
}: AccountCellProps) {
  return (
    <span className="flex flex-col gap-0.5">
      <span className="flex items-center gap-1">
        <ReportButton username={username} loading={loading} onClick={onReport} />
        {verified ? (
          <span title="Verified" className="inline-flex text-primary">
            <BadgeCheck aria-hidden="true" className="size-4" />
            <span className="sr-only">Verified</span>
          </span>
        ) : null}
      </span>
      <span className="truncate text-muted-foreground">{name}</span>
      {isSample ? <span className="text-xs text-muted-foreground">Sample data</span> : null}
      {modelFigures ? <ModelFiguresMarker show className="self-start" /> : null}
      {children}
    </span>
  );
}

/** The one row a results table shows when its filters hide every result. */
export function NoMatchingRow({ columns }: { columns: number }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} className="py-8 text-center text-muted-foreground">
        No accounts match these filters.
      </TableCell>
    </TableRow>
  );
}
