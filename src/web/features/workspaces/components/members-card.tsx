import { LogOut, Trash2, Users } from "lucide-react";
import { toast } from "sonner";
import { WORKSPACE_ROLES, type WorkspaceRole, type WorkspaceSummary } from "#core/schemas/workspaces";
import { ErrorText } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { PageLoading } from "../../../components/ui/spinner";
import { useChangeRole, useMembers, useMemberUsage, useRemoveMember } from "../api/members";

export interface MembersCardProps {
  workspace: Pick<WorkspaceSummary, "id" | "name" | "kind" | "role">;
  currentUserId: string;
  /** After the caller left the workspace. */
  onLeft: () => void;
}

/**
 * A workspace's members with their roles (issue #37): an owner changes roles and removes people and
 * sees each member's reports today against their own daily limit; anyone else may leave.
 */
export function MembersCard({ workspace, currentUserId, onLeft }: MembersCardProps) {
  const isOwner = workspace.role === "owner";
  const members = useMembers(workspace.id);
  const usage = useMemberUsage(workspace.id, { enabled: isOwner });
  const changeRole = useChangeRole(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const usageOf = new Map((usage.data ?? []).map((u) => [u.userId, u]));

  const setRole = (userId: string, email: string, role: WorkspaceRole) =>
    changeRole.mutate(
      { userId, role },
      {
        onSuccess: () => toast.success(`${email} is now ${role === "owner" ? "an" : "a"} ${role}`),
        onError: (error) => toast.error("The role was not changed", { description: error.message }),
      },
    );
  const removeMember = (userId: string, email: string) => {
    const self = userId === currentUserId;
    remove.mutate(
      { userId, email },
      {
        onSuccess: () => {
          toast.success(self ? `You left ${workspace.name}` : `${email} was removed`);
          if (self) onLeft();
        },
        onError: (error) =>
          toast.error(self ? "You could not leave" : "Not removed", { description: error.message }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="flex items-center gap-2">
            <Users aria-hidden="true" className="size-5" /> Members
          </span>
        </CardTitle>
        <CardDescription>
          Owners manage members, roles and the workspace; editors change lists, watchlists, alerts, imports
          and keys; viewers read and export. Report quotas stay each person's own.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {members.isPending ? <PageLoading /> : null}
        {members.isError ? <ErrorText>{members.error.message}</ErrorText> : null}
        {members.data ? (
          <ul className="flex flex-col divide-y rounded-md border" data-testid="member-list">
            {members.data.map((m) => {
              const self = m.userId === currentUserId;
              const used = usageOf.get(m.userId);
              return (
                <li
                  key={m.userId}
                  className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex min-w-0 flex-col">
                    <span className="truncate font-medium">
                      {m.name ? `${m.name} · ` : ""}
                      {m.email}
                      {self ? " (you)" : ""}
                    </span>
                    {used ? (
                      <span className="text-sm text-muted-foreground" data-testid="member-usage">
                        Reports today: {used.used} of {used.limit}
                      </span>
                    ) : null}
                  </div>
                  <div className="flex items-center gap-2">
                    {isOwner ? (
                      <select
                        aria-label={`Role of ${m.email}`}
                        className="h-9 rounded-md border border-input bg-background px-2 text-sm"
                        value={m.role}
                        disabled={changeRole.isPending}
                        onChange={(e) => setRole(m.userId, m.email, e.target.value as WorkspaceRole)}
                      >
                        {WORKSPACE_ROLES.map((r) => (
                          <option key={r} value={r}>
                            {r}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <Badge variant="secondary">{m.role}</Badge>
                    )}
                    {self && workspace.kind === "team" ? (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={remove.isPending}
                        onClick={() => removeMember(m.userId, m.email)}
                      >
                        <LogOut aria-hidden="true" /> Leave
                      </Button>
                    ) : null}
                    {!self && isOwner ? (
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Remove ${m.email}`}
                        disabled={remove.isPending}
                        onClick={() => removeMember(m.userId, m.email)}
                      >
                        <Trash2 aria-hidden="true" /> Remove
                      </Button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
