import { BarChart3, FileDown, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { Link } from "wouter";
import { COMPARE_MAX } from "#core/compare";
import {
  EXPORT_FORMATS,
  LIST_NOTE_MAX,
  LIST_STATUS_LABELS,
  LIST_STATUSES,
  type ListDetail as ListDetailData,
  type ListItem,
  type ListStatus,
} from "#core/schemas/lists";
import { ModelFiguresMarker } from "../../../components/results/model-figures-marker";
import { Button, buttonVariants } from "../../../components/ui/button";
import { NativeSelect } from "../../../components/ui/input";
import { Spinner } from "../../../components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { ViewerHint } from "../../../components/ui/viewer-hint";
import { paths } from "../../../config/paths";
import { cn } from "../../../lib/utils";
import { useActingWorkspace } from "../../../lib/workspace";
import { useDeleteList } from "../api/delete-list";
import { useDeleteListItem } from "../api/delete-list-item";
import { listExportUrl } from "../api/export-list";
import { useList } from "../api/get-list";
import { useUpdateListItem } from "../api/update-list-item";
import { FigureTableCells, figureCells, TotalsLine } from "./list-table";
import { ShareDialog } from "./share-dialog";

/**
 * One list: its creators with inline notes and statuses, totals, exports, share links, compare. A
 * viewer of the acting workspace reads, exports and compares; the write controls give way to the hint.
 */
export function ListDetail({
  listId,
  onDeleted,
  renderExtra,
}: {
  listId: number;
  onDeleted: () => void;
  /** What the page adds under the list (issue #36: "Find lookalikes of this list"). */
  renderExtra?: (list: ListDetailData) => ReactNode;
}) {
  const id = useId();
  const list = useList(listId);
  const remove = useDeleteList();
  const { canWrite } = useActingWorkspace();
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());

  if (list.isPending) return <Spinner label="Loading the list" />;
  if (list.isError) return <p role="alert">{list.error.message}</p>;
  const { name, items, totals } = list.data;
  const chosen = items.filter((i) => picked.has(i.id));

  const togglePick = (itemId: number) =>
    setPicked((s) => {
      const next = new Set(s);
      if (!next.delete(itemId) && next.size < COMPARE_MAX) next.add(itemId);
      return next;
    });

  const deleteList = async () => {
    if (!window.confirm(`Delete "${name}" and its share links?`)) return;
    try {
      await remove.mutateAsync(listId);
      toast("List deleted");
      onDeleted();
    } catch (error) {
      toast.error("Could not delete the list", { description: (error as Error).message });
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-2xl font-semibold break-words">
          {name}
        </h2>
        <div className="flex flex-wrap gap-2">
          {EXPORT_FORMATS.map((format) => (
            <a
              key={format}
              href={listExportUrl(listId, format)}
              download
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <FileDown aria-hidden="true" />
              Export {format.toUpperCase()}
            </a>
          ))}
          {canWrite ? (
            <>
              <ShareDialog listId={listId} listName={name} />
              <Button variant="ghost" size="sm" onClick={() => void deleteList()}>
                <Trash2 aria-hidden="true" />
                Delete list
              </Button>
            </>
          ) : null}
        </div>
      </div>
      {canWrite ? null : <ViewerHint />}
      <TotalsLine totals={totals} />
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed px-6 py-10 text-center text-muted-foreground">
          No creators yet. Use “Add to list” on a report, in discovery, the finder or your history.
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <Link
              href={paths.compare(chosen)}
              aria-disabled={chosen.length < 2}
              className={cn(
                buttonVariants({ size: "sm" }),
                chosen.length < 2 && "pointer-events-none opacity-60",
              )}
            >
              <BarChart3 aria-hidden="true" />
              Compare selected ({chosen.length})
            </Link>
            <span className="text-sm text-muted-foreground">
              Tick two to {COMPARE_MAX} creators to compare them.
            </span>
          </div>
          <div className="overflow-x-auto rounded-xl border">
            <Table aria-labelledby={`${id}-title`}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead scope="col">
                    <span className="sr-only">Compare</span>
                  </TableHead>
                  <TableHead scope="col">Account</TableHead>
                  <TableHead scope="col">Followers</TableHead>
                  <TableHead scope="col">Engagement</TableHead>
                  <TableHead scope="col">Grade</TableHead>
                  <TableHead scope="col">Est. price per post</TableHead>
                  <TableHead scope="col">Report date</TableHead>
                  <TableHead scope="col">Status</TableHead>
                  <TableHead scope="col">Note</TableHead>
                  {canWrite ? (
                    <TableHead scope="col">
                      <span className="sr-only">Remove</span>
                    </TableHead>
                  ) : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((item) => (
                  <ItemRow
                    key={item.id}
                    listId={listId}
                    item={item}
                    picked={picked.has(item.id)}
                    onPick={() => togglePick(item.id)}
                    canWrite={canWrite}
                  />
                ))}
              </TableBody>
            </Table>
          </div>
        </>
      )}
      {renderExtra ? renderExtra(list.data) : null}
    </section>
  );
}

function ItemRow({
  listId,
  item,
  picked,
  onPick,
  canWrite,
}: {
  listId: number;
  item: ListItem;
  picked: boolean;
  onPick: () => void;
  /** False for a viewer: the status and note read as text, and there is no remove button. */
  canWrite: boolean;
}) {
  const update = useUpdateListItem();
  const remove = useDeleteListItem();
  const [note, setNote] = useState(item.note);
  useEffect(() => setNote(item.note), [item.note]);
  const cells = figureCells(item);
  const who = `@${item.username}`;

  const save = async (patch: { note?: string; status?: ListStatus }) => {
    try {
      await update.mutateAsync({ listId, itemId: item.id, ...patch });
      toast(patch.status ? `Status: ${LIST_STATUS_LABELS[patch.status]}` : "Note saved", {
        description: who,
      });
    } catch (error) {
      toast.error("Could not save", { description: (error as Error).message });
    }
  };

  return (
    <TableRow data-testid="list-item">
      <TableCell>
        <input type="checkbox" aria-label={`Compare ${who}`} checked={picked} onChange={onPick} />
      </TableCell>
      <TableCell className="max-w-56">
        <span className="flex flex-col">
          <Link
            href={paths.report(item.username, item.platform)}
            className="font-medium text-primary underline-offset-2 hover:underline"
          >
            {who}
          </Link>
          <span className="truncate text-muted-foreground">{item.name}</span>
          <span className="text-xs text-muted-foreground">
            {cells.platform}
            {item.isSample ? " · Sample data" : ""}
            {item.privateTo ? " · Your browser capture (only you see it)" : ""}
          </span>
          <ModelFiguresMarker show={item.modelFigures} className="self-start" />
        </span>
      </TableCell>
      <FigureTableCells item={item} />
      <TableCell className="whitespace-nowrap">{cells.reportDate}</TableCell>
      {canWrite ? (
        <ItemControls
          item={item}
          who={who}
          note={note}
          setNote={setNote}
          save={save}
          removing={remove.isPending}
          onRemove={() => remove.mutate({ listId, itemId: item.id })}
        />
      ) : (
        <>
          <TableCell className="whitespace-nowrap">{LIST_STATUS_LABELS[item.status]}</TableCell>
          <TableCell className="min-w-56 whitespace-pre-wrap break-words">{item.note}</TableCell>
        </>
      )}
    </TableRow>
  );
}

/** An editor's status select, note box and remove button on one creator's row. */
function ItemControls({
  item,
  who,
  note,
  setNote,
  save,
  removing,
  onRemove,
}: {
  item: ListItem;
  who: string;
  note: string;
  setNote: (note: string) => void;
  save: (patch: { note?: string; status?: ListStatus }) => Promise<void>;
  removing: boolean;
  onRemove: () => void;
}) {
  return (
    <>
      <TableCell>
        <NativeSelect
          aria-label={`Status of ${who}`}
          className="h-9 w-36"
          value={item.status}
          onChange={(e) => void save({ status: e.target.value as ListStatus })}
        >
          {LIST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LIST_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </TableCell>
      <TableCell className="min-w-56">
        <textarea
          aria-label={`Note on ${who}`}
          className="min-h-16 w-full rounded-md border border-input bg-background px-2 py-1 text-sm"
          value={note}
          maxLength={LIST_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
          onBlur={() => {
            if (note !== item.note) void save({ note });
          }}
        />
      </TableCell>
      <TableCell>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove ${who}`}
          disabled={removing}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </TableCell>
    </>
  );
}
