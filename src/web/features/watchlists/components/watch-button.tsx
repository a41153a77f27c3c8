import { Eye } from "lucide-react";
import { type FormEvent, useState } from "react";
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
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { ViewerHint } from "../../../components/ui/viewer-hint";
import { useActingWorkspace } from "../../../lib/workspace";
import { useWatchlists } from "../api/get-watchlists";
import { addWatchedAccount, createWatchlist, useWatchlistMutation } from "../api/mutations";

export interface WatchButtonProps {
  platform: Platform;
  username: string;
  signedIn: boolean;
  /** Asks a visitor to sign in (the page passes the auth feature's prompt). */
  onSignInRequired: () => void;
}

/**
 * "Watch" on the report: adds the account to one of the user's watchlists, or to a new one (named,
 * daily or weekly). Visitors are asked to sign in first; a viewer of the acting workspace gets the hint
 * instead of the form, since adding to a watchlist is a write (issue #37).
 */
export function WatchButton({ platform, username, signedIn, onSignInRequired }: WatchButtonProps) {
  const [open, setOpen] = useState(false);
  const { canWrite } = useActingWorkspace({ enabled: signedIn });
  const lists = useWatchlists({ enabled: signedIn && open && canWrite });
  const [choice, setChoice] = useState("");
  const [name, setName] = useState("My watchlist");
  const [cadence, setCadence] = useState<"daily" | "weekly">("weekly");
  const add = useWatchlistMutation(async () => {
    let id = choice;
    let listName = lists.data?.find((l) => l.id === choice)?.name ?? "";
    if (!id || id === "new") {
      const created = await createWatchlist({ name: name.trim(), cadence });
      id = created.id;
      listName = created.name;
    }
    await addWatchedAccount({ id, platform, username });
    return listName;
  }, "Could not watch this account");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(undefined, {
      onSuccess: (listName) => {
        toast.success(`Watching @${username}`, { description: `Added to ${listName}.` });
        setOpen(false);
      },
    });
  };
  const existing = lists.data ?? [];
  const selected = choice || (existing[0]?.id ?? "new");
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => (signedIn ? setOpen(true) : onSignInRequired())}
        data-print="hide"
      >
        <Eye aria-hidden="true" />
        Watch
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Watch @{username}</DialogTitle>
            <DialogDescription>
              Watched accounts are refreshed in the background, and their changes can send you alerts.
            </DialogDescription>
          </DialogHeader>
          {canWrite ? (
            <form className="flex flex-col gap-4" onSubmit={submit}>
              <div className="flex flex-col gap-2">
                <Label htmlFor="watch-list">Watchlist</Label>
                <NativeSelect
                  id="watch-list"
                  value={selected}
                  onChange={(e) => setChoice(e.target.value)}
                  disabled={lists.isPending}
                >
                  {existing.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name} ({l.cadence})
                    </option>
                  ))}
                  <option value="new">New watchlist…</option>
                </NativeSelect>
              </div>
              {selected === "new" ? (
                <div className="grid gap-3 sm:grid-cols-2">
                  <div className="flex flex-col gap-2">
                    <Label htmlFor="watch-name">Name</Label>
                    <Input
                      id="watch-name"
                      value={name}
                      maxLength={100}
                      required
                      onChange={(e) => setName(e.target.value)}
                    />
                  </div>
                  <div className="flex flex-col gap-2">
                    <Label htmlFor="watch-cadence">Refresh</Label>
                    <NativeSelect
                      id="watch-cadence"
                      value={cadence}
                      onChange={(e) => setCadence(e.target.value as "daily" | "weekly")}
                    >
                      <option value="daily">Daily</option>
                      <option value="weekly">Weekly</option>
                    </NativeSelect>
                  </div>
                </div>
              ) : null}
              <Button type="submit" disabled={add.isPending}>
                {add.isPending ? "Adding…" : "Watch"}
              </Button>
            </form>
          ) : (
            <ViewerHint />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
