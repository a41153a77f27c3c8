import { Award, FileDown } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { formatDate, formatFollowers, gradeTone } from "#core/format";
import { costCoverageText, costTotalOf } from "#core/lists/cost-total";
import {
  type ComparedAccount,
  type ComparedFigures,
  type CompareResponse,
  SUB_SCORES,
} from "#core/schemas/compare";
import { EXPORT_FORMATS } from "#core/schemas/lists";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";
import { ModelFiguresMarker } from "../../../components/results/model-figures-marker";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { buttonVariants } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { ToneBadge } from "../../../components/ui/tone-badge";
import { paths } from "../../../config/paths";
import { cn } from "../../../lib/utils";
import { compareExportUrl } from "../api/export-compare";
import { useCompare } from "../api/get-compare";

export interface CompareViewProps {
  /** "instagram:a,youtube:b" from the address. */
  accounts: string;
  /** Actions under each creator's name (the page adds "Add to list"). */
  renderActions?: (account: { platform: Platform; username: string }) => ReactNode;
  /** Offers to analyse a creator without a stored report (the page wires the analyser). */
  renderMissing?: (account: ComparedAccount) => ReactNode;
}

const pct = (n: number | null, digits = 2) => (n === null ? "N/A" : `${n.toFixed(digits)}%`);
const num = (n: number | null, digits = 1) => (n === null ? "N/A" : n.toFixed(digits));
const usd = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;

interface Row {
  key: string;
  label: string;
  render: (f: ComparedFigures) => ReactNode;
}

const ROWS: Row[] = [
  { key: "followers", label: "Followers", render: (f) => formatFollowers(f.followers) },
  {
    key: "grade",
    label: "Grade",
    render: (f) =>
      f.grade ? (
        <span className="flex items-center gap-2">
          <ToneBadge tone={gradeTone(f.grade)}>{f.grade}</ToneBadge>
          <span className="tabular-nums text-muted-foreground">{num(f.gradeScore, 0)}/100</span>
        </span>
      ) : (
        "N/A"
      ),
  },
  ...SUB_SCORES.map(
    (k): Row => ({
      key: `subScores.${k}`,
      label: `${k[0]!.toUpperCase()}${k.slice(1)} sub-score`,
      render: (f) => num(f.subScores[k], 0),
    }),
  ),
  {
    key: "engagementRate",
    label: "Engagement rate",
    render: (f) => `${pct(f.engagementRate)} (${f.engagementLevel})`,
  },
  {
    key: "tierPercentile",
    label: "Against its tier band",
    render: (f) =>
      f.benchmark
        ? `${f.benchmark.tier}: typical ${f.benchmark.lowPct}–${f.benchmark.highPct}%${
            f.benchmark.percentile === null ? "" : `, percentile ${Math.round(f.benchmark.percentile)}`
          }`
        : "No benchmark",
  },
  {
    key: "contentMix",
    label: "Content mix",
    render: (f) =>
      f.contentMix.length === 0
        ? "N/A"
        : f.contentMix.map((c) => `${c.label} ${Math.round(c.share * 100)}%`).join(", "),
  },
  {
    key: "postsPerWeek",
    label: "Posts per week",
    render: (f) =>
      `${num(f.postsPerWeek)}${f.medianGapDays === null ? "" : ` (every ${num(f.medianGapDays)} days)`}`,
  },
  {
    key: "price",
    label: "Price per post",
    render: (f) =>
      f.priceLow === null || f.priceHigh === null
        ? f.estimatedPostValue
        : `${usd(f.priceLow)} – ${usd(f.priceHigh)}`,
  },
  {
    key: "audience",
    label: "Audience estimate",
    render: (f) =>
      f.femaleShare === null
        ? f.audienceDemographics
        : `${Math.round(f.femaleShare * 100)}% women${f.topAgeBracket ? `, mostly ${f.topAgeBracket}` : ""}`,
  },
  { key: "lastUpdated", label: "Report date", render: (f) => formatDate(f.lastUpdated) },
];

function Provenance({ figures, row }: { figures: ComparedFigures; row: Row }) {
  // The API keys each figure's provenance by its row.
  const p = figures.provenance[row.key];
  if (!p) return null;
  return (
    <span className="block text-xs text-muted-foreground" title={p.method}>
      {p.kind}
    </span>
  );
}

/**
 * The compared creators' cost for one post each, summed over those with an estimate only and saying
 * how many that is (issue #39: never a $0 standing in for a creator without an estimate).
 */
function CostTotalLine({ data }: { data: CompareResponse }) {
  const n = data.accounts.length;
  const cost = costTotalOf(
    data.accounts.map((a) => ({
      estimatedCostLow: a.figures?.priceLow ?? null,
      estimatedCostHigh: a.figures?.priceHigh ?? null,
    })),
  );
  const coverage = costCoverageText(cost.costEstimatedFor, n);
  return (
    <p className="text-sm" data-testid="compare-cost-total">
      {cost.estimatedCostLow === null || cost.estimatedCostHigh === null ? (
        <>No cost estimate yet</>
      ) : (
        <>
          Estimated cost{" "}
          <strong className="tabular-nums">
            {usd(cost.estimatedCostLow)} – {usd(cost.estimatedCostHigh)}
          </strong>{" "}
          for one post each
        </>
      )}
      {coverage ? <span className="text-muted-foreground"> ({coverage})</span> : null}
    </p>
  );
}

/** Up to four creators side by side, the best value of each row marked, each figure with its provenance. */
export function CompareView({ accounts, renderActions, renderMissing }: CompareViewProps) {
  const compare = useCompare(accounts);
  if (!accounts) {
    return (
      <p className="text-muted-foreground">
        Pick creators with “Compare” in discovery, the finder, your history, a report or a list.
      </p>
    );
  }
  if (compare.isPending) return <Spinner label="Loading the comparison" />;
  if (compare.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>The comparison could not be loaded</AlertTitle>
        <AlertDescription>{compare.error.message}</AlertDescription>
      </Alert>
    );
  }
  return (
    <CompareTable
      data={compare.data}
      accounts={accounts}
      renderActions={renderActions}
      renderMissing={renderMissing}
    />
  );
}

function CompareTable({
  data,
  accounts,
  renderActions,
  renderMissing,
}: { data: CompareResponse; accounts: string } & Pick<CompareViewProps, "renderActions" | "renderMissing">) {
  const found = data.accounts.filter((a) => a.figures);
  const missing = data.accounts.filter((a) => !a.figures);
  return (
    <div className="flex flex-col gap-6">
      {missing.map((a) => (
        <Alert key={a.key} data-testid="compare-missing">
          <AlertTitle>@{a.username} has no stored report</AlertTitle>
          <AlertDescription className="flex flex-col items-start gap-2">
            <span>{a.message}</span>
            {renderMissing?.(a)}
          </AlertDescription>
        </Alert>
      ))}
      {found.length > 0 ? (
        <>
          <div className="flex flex-wrap gap-2">
            {EXPORT_FORMATS.map((format) => (
              <a
                key={format}
                href={compareExportUrl(accounts, format)}
                download
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                <FileDown aria-hidden="true" />
                Export {format.toUpperCase()}
              </a>
            ))}
          </div>
          <div className="overflow-x-auto rounded-xl border">
            <Table aria-label="Creator comparison">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead scope="col">
                    <span className="sr-only">Figure</span>
                  </TableHead>
                  {found.map((a) => (
                    <TableHead key={a.key} scope="col" className="min-w-48 align-top">
                      <span className="flex flex-col gap-1 py-2">
                        <Link
                          href={paths.report(a.username, a.platform)}
                          className="font-semibold text-primary underline-offset-2 hover:underline"
                        >
                          @{a.username}
                        </Link>
                        <span className="font-normal text-muted-foreground">
                          {a.figures!.name} · {PLATFORM_LABELS[a.platform]}
                          {a.figures!.isSample ? " · Sample data" : ""}
                          {a.privateTo ? " · Your browser capture (only you see it)" : ""}
                        </span>
                        <ModelFiguresMarker show={a.figures!.modelFigures} className="self-start" />
                        {renderActions?.({ platform: a.platform, username: a.username })}
                      </span>
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {ROWS.map((row) => (
                  <TableRow key={row.key}>
                    <TableHead scope="row" className="whitespace-nowrap">
                      {row.label}
                    </TableHead>
                    {found.map((a) => {
                      const best = data.best[row.key]?.includes(a.key) ?? false;
                      return (
                        <TableCell
                          key={a.key}
                          data-best={best || undefined}
                          className={cn("align-top", best && "bg-success/10 font-semibold")}
                        >
                          <span className="flex items-start gap-1">
                            {best ? (
                              <Award
                                aria-label="Best"
                                className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-300"
                              />
                            ) : null}
                            <span>{row.render(a.figures!)}</span>
                          </span>
                          <Provenance figures={a.figures!} row={row} />
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <CostTotalLine data={data} />
          <p className="text-xs text-muted-foreground">
            The best value of each row is marked (lowest for price). Under each figure: where it comes from —
            hover for the method.
          </p>
        </>
      ) : null}
    </div>
  );
}
