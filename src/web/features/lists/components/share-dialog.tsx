import { Copy, Link2, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { formatDate } from "#core/format";
import type { CreatedShare } from "#core/schemas/lists";
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
import { useCreateShare } from "../api/create-share";
import { useShares } from "../api/get-shares";
import { useRevokeShare } from "../api/revoke-share";

const EXPIRY_OPTIONS = [1, 7, 30, 90] as const;

/** Client links to a list: make one (expiry, notes or not), copy it, revoke live ones. */
export function ShareDialog({ listId, listName }: { listId: number; listName: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<number>(7);
  const [includeNotes, setIncludeNotes] = useState(false);
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const create = useCreateShare();
  const revoke = useRevokeShare();
  const shares = useShares(listId, { enabled: open });

  const make = async () => {
    try {
      setCreated(await create.mutateAsync({ listId, expiresInDays: days, includeNotes }));
    } catch (error) {
      toast.error("Could not create the link", { description: (error as Error).message });
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast("Link copied");
    } catch {
      toast("Select the link and copy it");
    }
  };

  const revokeOne = async (input: Parameters<typeof revoke.mutateAsync>[0]) => {
    try {
      await revoke.mutateAsync(input);
      toast("Link revoked", { description: "Anyone opening it now sees that it was revoked." });
      if ("token" in input) setCreated(null);
    } catch (error) {
      toast.error("Could not revoke the link", { description: (error as Error).message });
    }
  };

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Link2 aria-hidden="true" />
        Share
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) setCreated(null);
        }}
      >
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Share “{listName}”</DialogTitle>
            <DialogDescription>
              Anyone with the link sees the list read-only, without signing in, until it expires or you revoke
              it.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-days`}>Expires after</Label>
              <NativeSelect id={`${id}-days`} value={days} onChange={(e) => setDays(Number(e.target.value))}>
                {EXPIRY_OPTIONS.map((d) => (
                  <option key={d} value={d}>
                    {d} {d === 1 ? "day" : "days"}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-notes`}>
              <input
                id={`${id}-notes`}
                type="checkbox"
                checked={includeNotes}
                onChange={(e) => setIncludeNotes(e.target.checked)}
              />
              Include notes
            </label>
            <Button onClick={() => void make()} disabled={create.isPending}>
              Create link
            </Button>
          </div>
          {created ? (
            <div className="flex flex-col gap-2 rounded-md border p-3">
              <Label htmlFor={`${id}-url`}>Share link (shown once)</Label>
              <div className="flex gap-2">
                <Input id={`${id}-url`} readOnly value={created.url} onFocus={(e) => e.target.select()} />
                <Button
                  variant="outline"
                  size="icon"
                  aria-label="Copy link"
                  onClick={() => void copy(created.url)}
                >
                  <Copy aria-hidden="true" />
                </Button>
              </div>
              <p className="text-xs text-muted-foreground">
                Expires {formatDate(created.expiresAt)} ·{" "}
                {created.includeNotes ? "with notes" : "without notes"}
              </p>
              <Button
                variant="outline"
                size="sm"
                className="self-start"
                onClick={() => void revokeOne({ listId, token: created.token })}
              >
                Revoke this link
              </Button>
            </div>
          ) : null}
          {shares.data && shares.data.length > 0 ? (
            <div className="flex flex-col gap-2">
              <h3 className="text-sm font-medium">Live links</h3>
              <ul className="flex flex-col gap-1 text-sm" aria-label="Live links">
                {shares.data.map((s) => (
                  <li key={s.id} className="flex items-center justify-between gap-2">
                    <span>
                      <code>…/{s.hint}…</code> · expires {formatDate(s.expiresAt)}
                      {s.includeNotes ? " · with notes" : ""}
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Revoke link ${s.hint}`}
                      onClick={() => void revokeOne({ listId, shareId: s.id })}
                    >
                      <Trash2 aria-hidden="true" />
                      Revoke
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
