import { History, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { Link } from "wouter";
import { formatDate } from "#core/format";
import { ErrorText } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button, buttonVariants } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { PageLoading, Spinner } from "../../../components/ui/spinner";
import { isApiError } from "../../../lib/api-client";
import { useSwitchWorkspace } from "../../../lib/workspace";
import { useDeleteWorkspace, useRenameWorkspace, useWorkspace } from "../api/workspace";
import { InvitesCard } from "./invites-card";
import { MembersCard } from "./members-card";
import { WorkspaceSwitcher } from "./workspace-switcher";

export interface WorkspaceSettingsProps {
  workspaceId: string;
  currentUserId: string;
  auditHref: string;
  /** Where to go once the caller has left or deleted the workspace. */
  onGone: () => void;
}

/** /workspaces/:id: the workspace's name, members, invites and (owners) deletion (issue #37). */
export function WorkspaceSettings({ workspaceId, currentUserId, auditHref, onGone }: WorkspaceSettingsProps) {
  const workspace = useWorkspace(workspaceId);
  const switchTo = useSwitchWorkspace();
  if (workspace.isPending) return <PageLoading />;
  if (workspace.isError) {
    const missing = isApiError(workspace.error) && workspace.error.status === 404;
    return (
      <ErrorText>
        {missing
          ? "This workspace does not exist, or you are not one of its members."
          : workspace.error.message}
      </ErrorText>
    );
  }
  const w = workspace.data;
  const isOwner = w.role === "owner";
  const gone = () => {
    void switchTo(null);
    onGone();
  };
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        Acting in <WorkspaceSwitcher />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <span className="flex flex-wrap items-center gap-2">
              <span data-testid="workspace-name">{w.name}</span>
              <Badge variant="secondary">{w.kind === "personal" ? "personal" : "team"}</Badge>
              <Badge variant="outline">you: {w.role}</Badge>
            </span>
          </CardTitle>
          <CardDescription>
            Created {formatDate(w.createdAt)}.{" "}
            {w.kind === "personal"
              ? "Your personal workspace: what you make here only you see, unless you invite people."
              : "Members see its lists, watchlists, alerts, keys, imports and captures; nobody else does."}
          </CardDescription>
        </CardHeader>
        {isOwner ? (
          <CardContent className="flex flex-col gap-4">
            <RenameForm workspaceId={w.id} name={w.name} />
            <Link href={auditHref} className={buttonVariants({ variant: "outline", className: "w-fit" })}>
              <History aria-hidden="true" /> Audit log
            </Link>
          </CardContent>
        ) : null}
      </Card>
      <MembersCard workspace={w} currentUserId={currentUserId} onLeft={gone} />
      {isOwner ? <InvitesCard workspaceId={w.id} /> : null}
      {isOwner && w.kind === "team" ? <DeleteCard workspaceId={w.id} name={w.name} onDeleted={gone} /> : null}
    </div>
  );
}

function RenameForm({ workspaceId, name }: { workspaceId: string; name: string }) {
  const id = useId();
  const [value, setValue] = useState(name);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useRenameWorkspace(workspaceId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setProblem("Name is required");
    setProblem(null);
    rename.mutate(value.trim(), {
      onSuccess: () => toast.success("Workspace renamed"),
      onError: (error) => setProblem(error.message),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-label="Rename the workspace" noValidate>
      <Label htmlFor={`${id}-name`}>Name</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id={`${id}-name`} value={value} maxLength={100} onChange={(e) => setValue(e.target.value)} />
        <Button type="submit" variant="outline" disabled={rename.isPending || value.trim() === name}>
          {rename.isPending ? <Spinner label="Renaming" /> : <Pencil aria-hidden="true" />}
          Rename
        </Button>
      </div>
      {problem ? <ErrorText>{problem}</ErrorText> : null}
    </form>
  );
}

function DeleteCard({
  workspaceId,
  name,
  onDeleted,
}: {
  workspaceId: string;
  name: string;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteWorkspace(workspaceId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Delete workspace</CardTitle>
        <CardDescription>
          Its lists, watchlists, alerts, share links and API keys stop working for every member at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" /> Delete workspace
        </Button>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Delete "{name}"?</DialogTitle>
              <DialogDescription>
                Every member loses it, with its lists, watchlists, alerts, share links and keys. This cannot
                be undone.
              </DialogDescription>
            </DialogHeader>
            {remove.isError ? <ErrorText>{remove.error.message}</ErrorText> : null}
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button
                variant="destructive"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => {
                      toast.success(`Workspace "${name}" deleted`);
                      setOpen(false);
                      onDeleted();
                    },
                  })
                }
              >
                {remove.isPending ? <Spinner label="Deleting" /> : <Trash2 aria-hidden="true" />}
                Delete for everyone
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
