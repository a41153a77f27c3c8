import { Plus, Settings, Users } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { Link } from "wouter";
import { workspaceNameSchema } from "#core/schemas/workspaces";
import { ErrorText } from "../../../components/ui/alert";
import { Button, buttonVariants } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { useActingWorkspace, useSwitchWorkspace } from "../../../lib/workspace";
import { useCreateWorkspace } from "../api/workspace";

export const NEW_WORKSPACE_TITLE = "New workspace";

/**
 * The top bar's workspace switcher (issue #37, signed in): the caller's workspaces, the acting one
 * selected; choosing another resets every workspace-bound answer. "New workspace" makes a team
 * workspace and switches to it; the gear opens the acting workspace's settings.
 */
export function WorkspaceSwitcher({ compact = false }: { compact?: boolean } = {}) {
  const { workspace, workspaces } = useActingWorkspace();
  const switchTo = useSwitchWorkspace();
  const [creating, setCreating] = useState(false);
  if (!workspace) return null;
  // The desktop bar has room for one icon: it opens the workspace's page, which switches and manages.
  if (compact)
    return (
      <Link
        href={paths.workspace(workspace.id)}
        aria-label={`Workspace: ${workspace.name} (switch or manage)`}
        title={`Workspace: ${workspace.name}`}
        className={buttonVariants({ variant: "ghost", size: "icon" })}
        data-testid="workspace-link"
      >
        <Users aria-hidden="true" />
      </Link>
    );
  const choose = (id: string) => {
    const next = workspaces.find((w) => w.id === id);
    // The personal workspace is the server's default: no header needed for it.
    void switchTo(next?.kind === "personal" ? null : id);
  };
  return (
    <div className="flex items-center gap-0.5">
      <select
        aria-label="Workspace"
        className="h-9 max-w-36 truncate rounded-md border border-input bg-background px-2 text-sm xl:max-w-48"
        value={workspace.id}
        onChange={(e) => choose(e.target.value)}
        data-testid="workspace-switcher"
      >
        {workspaces.map((w) => (
          <option key={w.id} value={w.id}>
            {w.kind === "personal" ? `${w.name} (personal)` : w.name}
            {w.role === "owner" ? "" : ` · ${w.role}`}
          </option>
        ))}
      </select>
      <Button variant="ghost" size="icon" aria-label={NEW_WORKSPACE_TITLE} onClick={() => setCreating(true)}>
        <Plus aria-hidden="true" />
      </Button>
      <Link
        href={paths.workspace(workspace.id)}
        aria-label="Workspace settings"
        className={buttonVariants({ variant: "ghost", size: "icon" })}
      >
        <Settings aria-hidden="true" />
      </Link>
      <NewWorkspaceDialog open={creating} onOpenChange={setCreating} onCreated={(id) => switchTo(id)} />
    </div>
  );
}

function NewWorkspaceDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: string) => void;
}) {
  const id = useId();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateWorkspace();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = workspaceNameSchema.safeParse(name);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Name is required");
    setProblem(null);
    create.mutate(parsed.data, {
      onSuccess: (workspace) => {
        toast.success(`Workspace "${workspace.name}" created`, {
          description: "You are its owner: invite people from its settings.",
        });
        setName("");
        onOpenChange(false);
        onCreated(workspace.id);
      },
      onError: (error) => setProblem(error.message),
    });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{NEW_WORKSPACE_TITLE}</DialogTitle>
          <DialogDescription>
            A shared space for a team: its lists, watchlists, alerts, keys and imports belong to it, and its
            members see them. Nobody else does.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate aria-label={NEW_WORKSPACE_TITLE}>
          <Label htmlFor={`${id}-name`}>Workspace name</Label>
          <Input
            id={`${id}-name`}
            value={name}
            maxLength={100}
            placeholder="e.g. Acme agency"
            onChange={(e) => setName(e.target.value)}
          />
          {problem ? <ErrorText>{problem}</ErrorText> : null}
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner label="Creating" /> : <Plus aria-hidden="true" />}
              Create workspace
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
