import { formatDate } from "#core/format";
import type { AuditEntry } from "#core/schemas/workspaces";
import { ErrorText } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageLoading, Spinner } from "../../../components/ui/spinner";
import { Table, TableBody, TableCell, TableColumnsHeader, TableRow } from "../../../components/ui/table";
import { isApiError } from "../../../lib/api-client";
import { useAudit } from "../api/audit";

/** "Nov 22, 2026 14:05 UTC". */
function when(iso: string): string {
  const d = new Date(iso);
  const hh = String(d.getUTCHours()).padStart(2, "0");
  const mm = String(d.getUTCMinutes()).padStart(2, "0");
  return `${formatDate(d)} ${hh}:${mm} UTC`;
}

function detailText(details: AuditEntry["details"]): string {
  if (details === null || details === undefined) return "";
  if (typeof details !== "object") return String(details);
  return Object.entries(details as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(", ");
}

/** /workspaces/:id/audit (owners): who did what when, newest first, 50 at a time (kept 365 days). */
export function AuditLog({ workspaceId }: { workspaceId: string }) {
  const audit = useAudit(workspaceId);
  if (audit.isPending) return <PageLoading />;
  if (audit.isError) {
    const status = isApiError(audit.error) ? audit.error.status : 0;
    return (
      <ErrorText>
        {status === 403
          ? "Only the owners of this workspace can read its audit log."
          : status === 404
            ? "This workspace does not exist, or you are not one of its members."
            : audit.error.message}
      </ErrorText>
    );
  }
  const entries = audit.data.pages.flat();
  if (entries.length === 0) return <p className="text-muted-foreground">Nothing has happened here yet.</p>;
  return (
    <div className="flex flex-col gap-4">
      <Table data-testid="audit-log">
        <TableColumnsHeader columns={["When", "Who", "What", "On", "Details"]} />
        <TableBody>
          {entries.map((e) => (
            <TableRow key={`${e.at} ${e.action} ${e.target ?? ""} ${e.actor?.userId ?? ""}`}>
              <TableCell className="whitespace-nowrap">{when(e.at)}</TableCell>
              <TableCell>{e.actor?.email ?? "a former member"}</TableCell>
              <TableCell>
                <code>{e.action}</code>
              </TableCell>
              <TableCell>{e.target ?? ""}</TableCell>
              <TableCell className="text-muted-foreground">{detailText(e.details)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {audit.hasNextPage ? (
        <Button
          variant="outline"
          className="w-fit"
          disabled={audit.isFetchingNextPage}
          onClick={() => audit.fetchNextPage()}
        >
          {audit.isFetchingNextPage ? <Spinner label="Loading" /> : null}
          Older entries
        </Button>
      ) : null}
    </div>
  );
}
