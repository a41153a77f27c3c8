import { Plus } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { toast } from "sonner";
import { Link } from "wouter";
import type { ListDetail as ListDetailData } from "#core/schemas/lists";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { ViewerHint } from "../../../components/ui/viewer-hint";
import { paths } from "../../../config/paths";
import { cn } from "../../../lib/utils";
import { useActingWorkspace } from "../../../lib/workspace";
import { useCreateList } from "../api/create-list";
import { useLists } from "../api/get-lists";
import { ListDetail } from "./list-detail";
import { ListNameInput } from "./list-name-input";

/** The Lists page body: your lists and a form for a new one beside the open list. */
export function ListsView({
  openId,
  onOpen,
  renderListExtra,
}: {
  openId: number | null;
  onOpen: (id: number | null) => void;
  /** What the page adds under the open list (issue #36: lookalikes). */
  renderListExtra?: (list: ListDetailData) => ReactNode;
}) {
  const id = useId();
  const lists = useLists();
  const create = useCreateList();
  const [name, setName] = useState("");
  const { canWrite } = useActingWorkspace();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const list = await create.mutateAsync(name.trim());
      setName("");
      onOpen(list.id);
    } catch (error) {
      toast.error("Could not create the list", { description: (error as Error).message });
    }
  };

  const shownId = openId ?? lists.data?.[0]?.id ?? null;
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <aside className="flex flex-col gap-4">
        {canWrite ? (
          <form onSubmit={submit} className="flex flex-col gap-2">
            <Label htmlFor={`${id}-name`}>New list</Label>
            <ListNameInput id={`${id}-name`} value={name} onChange={setName} />
            <Button type="submit" disabled={!name.trim() || create.isPending}>
              <Plus aria-hidden="true" />
              Create list
            </Button>
          </form>
        ) : (
          <ViewerHint />
        )}
        {lists.isPending ? <Spinner label="Loading your lists" /> : null}
        {lists.isError ? <p role="alert">{lists.error.message}</p> : null}
        {lists.data && lists.data.length > 0 ? (
          <nav aria-label="Your lists">
            <ul className="flex flex-col gap-1">
              {lists.data.map((l) => (
                <li key={l.id}>
                  <Link
                    href={paths.lists(l.id)}
                    aria-current={l.id === shownId ? "page" : undefined}
                    className={cn(
                      "flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm hover:bg-accent",
                      l.id === shownId && "bg-accent font-medium",
                    )}
                  >
                    <span className="truncate">{l.name}</span>
                    <span className="text-xs text-muted-foreground">{l.creators}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </aside>
      {shownId !== null ? (
        <ListDetail
          key={shownId}
          listId={shownId}
          onDeleted={() => onOpen(null)}
          renderExtra={renderListExtra}
        />
      ) : lists.data ? (
        <p className="text-muted-foreground">
          No lists yet. Create one here, or use “Add to list” wherever a creator appears.
        </p>
      ) : null}
    </div>
  );
}
