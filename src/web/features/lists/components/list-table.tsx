import { formatDate, formatFollowers, gradeTone } from "#core/format";
import { costCoverageText } from "#core/lists/cost-total";
import type { ListItem, ListTotals } from "#core/schemas/lists";
import { PLATFORM_LABELS } from "#core/schemas/platform";
import { TableCell } from "../../../components/ui/table";
import { ToneBadge } from "../../../components/ui/tone-badge";

/** "$1,234". */
export function formatUsd(n: number): string {
  return `$${Math.round(n).toLocaleString("en-US")}`;
}

/** The price cell: the stored report's estimate range, or why there is none. */
export function PriceCell({
  item,
}: {
  item: Pick<ListItem, "estimatedCostLow" | "estimatedCostHigh" | "reportDate">;
}) {
  if (item.estimatedCostLow === null || item.estimatedCostHigh === null) {
    return (
      <span className="text-muted-foreground">{item.reportDate ? "Not estimated" : "No report yet"}</span>
    );
  }
  return (
    <span className="whitespace-nowrap tabular-nums">
      {formatUsd(item.estimatedCostLow)} – {formatUsd(item.estimatedCostHigh)}
    </span>
  );
}

export function GradeCell({ grade }: { grade: ListItem["grade"] }) {
  return grade ? (
    <ToneBadge tone={gradeTone(grade)}>{grade}</ToneBadge>
  ) : (
    <span className="text-muted-foreground">—</span>
  );
}

/** The creator's figures as both the owner's and the shared table show them. */
export function figureCells(item: ListItem | Omit<ListItem, "id" | "note">) {
  return {
    platform: PLATFORM_LABELS[item.platform],
    followers: formatFollowers(item.followers),
    engagement: item.engagementRate === null ? "N/A" : `${item.engagementRate.toFixed(2)}%`,
    reportDate: item.reportDate ? formatDate(item.reportDate) : "No report yet",
  };
}

/** The followers, engagement, grade and price cells of a creator's row (owner's and shared table). */
export function FigureTableCells({ item }: { item: ListItem | Omit<ListItem, "id" | "note"> }) {
  const cells = figureCells(item);
  return (
    <>
      <TableCell className="tabular-nums">{cells.followers}</TableCell>
      <TableCell className="tabular-nums">{cells.engagement}</TableCell>
      <TableCell>
        <GradeCell grade={item.grade} />
      </TableCell>
      <TableCell>
        <PriceCell item={item} />
      </TableCell>
    </>
  );
}

/**
 * "3 creators · 1.2M followers · estimated cost $400 – $900 for one post each", the cost summed over
 * the creators with an estimate only and saying so ("cost estimated for 1 of 3 creators").
 */
export function TotalsLine({ totals }: { totals: ListTotals }) {
  const coverage = costCoverageText(totals.costEstimatedFor, totals.creators);
  return (
    <p className="text-sm" data-testid="list-totals">
      <strong>{totals.creators}</strong> {totals.creators === 1 ? "creator" : "creators"} ·{" "}
      <strong>{formatFollowers(totals.followers)}</strong> followers ·{" "}
      {totals.estimatedCostLow === null || totals.estimatedCostHigh === null ? (
        <>no cost estimate yet</>
      ) : (
        <>
          estimated cost{" "}
          <strong>
            {formatUsd(totals.estimatedCostLow)} – {formatUsd(totals.estimatedCostHigh)}
          </strong>{" "}
          for one post each
        </>
      )}
      {coverage ? <span className="text-muted-foreground"> ({coverage})</span> : null}
    </p>
  );
}
