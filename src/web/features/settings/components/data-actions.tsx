import { Download, Eraser, Trash2, UserX } from "lucide-react";
import { useState } from "react";
import { formatDate } from "#core/format";
import type { SettingsResponse } from "#core/schemas/settings";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { useClearCache } from "../api/clear-cache";
import { useDeleteAllData } from "../api/delete-all-data";
import { useExportData } from "../api/export-data";
import { useRemoveSamples } from "../api/remove-samples";

export const DELETE_DIALOG_TITLE = "Are you absolutely sure?";

/** 'Clear cache', 'Export' (CSV and JSON) and 'Delete all' (behind the spec's confirm dialog). */
export function DataActions({ data }: { data: SettingsResponse }) {
  const clear = useClearCache();
  const exporter = useExportData();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAllData({ onDeleted: () => setConfirming(false) });
  const samples = useRemoveSamples();
  const exportingFormat = exporter.isPending ? exporter.variables : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Stored data</CardTitle>
        <CardDescription>
          Accounts, their posts, snapshots, reports and everyone's history, as this installation keeps them.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium">Clear cache</p>
            <p className="text-sm text-muted-foreground">
              The next analysis of any account fetches fresh data. Stored reports stay readable.
              {data.cacheClearedAt ? ` Last cleared ${formatDate(data.cacheClearedAt)}.` : ""}
            </p>
          </div>
          <Button variant="outline" disabled={clear.isPending} onClick={() => clear.mutate()}>
            {clear.isPending ? <Spinner label="Clearing" /> : <Eraser aria-hidden="true" />}
            Clear cache
          </Button>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium">Export</p>
            <p className="text-sm text-muted-foreground">
              Every stored account with its latest report's headline figures (CSV), or with the whole report
              (JSON).
            </p>
          </div>
          <div className="flex gap-2">
            {(["csv", "json"] as const).map((format) => (
              <Button
                key={format}
                variant="outline"
                disabled={exporter.isPending}
                onClick={() => exporter.mutate(format)}
              >
                {exportingFormat === format ? <Spinner label="Exporting" /> : <Download aria-hidden="true" />}
                Export {format.toUpperCase()}
              </Button>
            ))}
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium">Remove sample creators</p>
            <p className="text-sm text-muted-foreground">
              Takes the generated sample creators out of discovery, the finder and search, with their reports.
              Real accounts stay. Discovery already hides them once a platform has real creators.
            </p>
          </div>
          <Button variant="outline" disabled={samples.isPending} onClick={() => samples.mutate()}>
            {samples.isPending ? <Spinner label="Removing" /> : <UserX aria-hidden="true" />}
            Remove sample creators
          </Button>
        </div>
        <div className="flex flex-col gap-2 rounded-lg border border-destructive/40 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium">Delete all data</p>
            <p className="text-sm text-muted-foreground">
              Deletes every stored account, report, post, snapshot and history entry. The generated sample
              creators stay. Users and these settings are kept.
            </p>
          </div>
          <Dialog open={confirming} onOpenChange={(open) => !remove.isPending && setConfirming(open)}>
            <Button variant="destructive" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" />
              Delete all data
            </Button>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>{DELETE_DIALOG_TITLE}</DialogTitle>
                <DialogDescription>
                  This permanently deletes every stored account, report, post, snapshot and history entry of
                  this installation. Sample creators are kept. It cannot be undone; export the data first if
                  you may need it.
                </DialogDescription>
              </DialogHeader>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <DialogClose asChild>
                  <Button variant="outline" disabled={remove.isPending}>
                    Cancel
                  </Button>
                </DialogClose>
                <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
                  {remove.isPending ? <Spinner label="Deleting" /> : <Trash2 aria-hidden="true" />}
                  {remove.isPending ? "Deleting..." : "Yes, delete everything"}
                </Button>
              </div>
            </DialogContent>
          </Dialog>
        </div>
      </CardContent>
    </Card>
  );
}
