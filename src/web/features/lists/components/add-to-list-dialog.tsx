import { Plus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import type { Platform } from "#core/schemas/platform";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { ViewerHint } from "../../../components/ui/viewer-hint";
import { useActingWorkspace } from "../../../lib/workspace";
import { useAddListItem } from "../api/add-list-item";
import { useCreateList } from "../api/create-list";
import { useLists } from "../api/get-lists";
import { ListNameInput } from "./list-name-input";

/** Pick one of your lists (or name a new one) for a creator: opened by AddToListButton. */
export function AddToListDialog({
  platform,
  username,
  onClose,
}: {
  platform: Platform;
  username: string;
  onClose: () => void;
}) {
  const id = useId();
  const lists = useLists();
  const add = useAddListItem();
  const create = useCreateList();
  const [name, setName] = useState("");
  const { canWrite } = useActingWorkspace();
  const busy = add.isPending || create.isPending || !canWrite;

  const addTo = async (listId: number, listName: string) => {
    try {
      await add.mutateAsync({ listId, platform, username });
      toast(`Added to ${listName}`, { description: `@${username} is on "${listName}".` });
      onClose();
    } catch (error) {
      toast.error("Could not add to the list", { description: (error as Error).message });
    }
  };

  const createAndAdd = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    try {
      const list = await create.mutateAsync(trimmed);
      await addTo(list.id, list.name);
    } catch (error) {
      toast.error("Could not create the list", { description: (error as Error).message });
    }
  };

  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add @{username} to a list</DialogTitle>
          <DialogDescription>
            Shortlists belong to the workspace you act in: its members see them, nobody else until you share
            one.
          </DialogDescription>
        </DialogHeader>
        {canWrite ? null : <ViewerHint />}
        {lists.isPending ? <Spinner label="Loading your lists" /> : null}
        {lists.isError ? <p role="alert">{lists.error.message}</p> : null}
        {lists.data && lists.data.length > 0 ? (
          <ul className="flex max-h-64 flex-col gap-2 overflow-y-auto" aria-label="Your lists">
            {lists.data.map((l) => (
              <li key={l.id}>
                <Button
                  variant="outline"
                  className="w-full justify-between"
                  disabled={busy}
                  onClick={() => void addTo(l.id, l.name)}
                >
                  <span className="truncate">{l.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {l.creators} {l.creators === 1 ? "creator" : "creators"}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <form onSubmit={createAndAdd} className="flex flex-col gap-2">
          <Label htmlFor={`${id}-name`}>New list</Label>
          <div className="flex gap-2">
            <ListNameInput id={`${id}-name`} value={name} onChange={setName} />
            <Button type="submit" disabled={busy || !name.trim()}>
              <Plus aria-hidden="true" />
              Create and add
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
