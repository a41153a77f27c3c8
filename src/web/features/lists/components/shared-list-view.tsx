import { LinkIcon } from "lucide-react";
import { formatDate } from "#core/format";
import { LIST_STATUS_LABELS } from "#core/schemas/lists";
import { ModelFiguresMarker } from "../../../components/results/model-figures-marker";
import { Spinner } from "../../../components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { isApiError } from "../../../lib/api-client";
import { useSharedList } from "../api/get-shared-list";
import { FigureTableCells, figureCells, TotalsLine } from "./list-table";

/** A list as a client sees it through a share link: read-only, notes only when the owner included them. */
export function SharedListView({ token }: { token: string }) {
  const shared = useSharedList(token);
  if (shared.isPending) return <Spinner label="Loading the shared list" />;
  if (shared.isError) {
    const gone = isApiError(shared.error) && shared.error.status === 404;
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
        <LinkIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-2xl font-bold">
          {gone ? "This link no longer works" : "The list could not be loaded"}
        </h1>
        <p className="text-muted-foreground">{shared.error.message}</p>
        {gone ? <p className="text-sm text-muted-foreground">Ask whoever sent it for a new link.</p> : null}
      </div>
    );
  }
  const { name, items, totals, brand, includeNotes, expiresAt } = shared.data;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex items-center gap-3">
        {brand.logoUrl ? <img src={brand.logoUrl} alt="" className="h-10 w-auto" /> : null}
        <span className="text-sm font-medium text-muted-foreground">{brand.name}</span>
      </header>
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight break-words">{name}</h1>
        <p className="text-sm text-muted-foreground">
          Shared read-only · link valid until {formatDate(expiresAt)}
        </p>
      </div>
      <TotalsLine totals={totals} />
      <div className="overflow-x-auto rounded-xl border">
        <Table aria-label={name}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead scope="col">Account</TableHead>
              <TableHead scope="col">Followers</TableHead>
              <TableHead scope="col">Engagement</TableHead>
              <TableHead scope="col">Grade</TableHead>
              <TableHead scope="col">Est. price per post</TableHead>
              <TableHead scope="col">Status</TableHead>
              <TableHead scope="col">Report date</TableHead>
              {includeNotes ? <TableHead scope="col">Note</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((item) => {
              const cells = figureCells(item);
              return (
                <TableRow key={`${item.platform}:${item.username}`} data-testid="shared-item">
                  <TableCell>
                    <span className="flex flex-col">
                      <span className="font-medium">@{item.username}</span>
                      <span className="text-muted-foreground">{item.name}</span>
                      <span className="text-xs text-muted-foreground">
                        {cells.platform}
                        {item.privateTo ? " · From the list owner's own browser capture" : ""}
                      </span>
                      <ModelFiguresMarker show={item.modelFigures} className="self-start" />
                    </span>
                  </TableCell>
                  <FigureTableCells item={item} />
                  <TableCell>{LIST_STATUS_LABELS[item.status]}</TableCell>
                  <TableCell className="whitespace-nowrap">{cells.reportDate}</TableCell>
                  {includeNotes ? (
                    <TableCell className="max-w-sm whitespace-pre-wrap">{item.note}</TableCell>
                  ) : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <p className="text-xs text-muted-foreground">
        Figures come from each creator's newest stored report on the date shown; prices are estimates, not
        quotes.
      </p>
    </div>
  );
}
