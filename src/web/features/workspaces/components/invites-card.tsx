import { Check, Copy, MailPlus, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { formatDate } from "#core/format";
import {
  type InviteCreated,
  inviteCreateSchema,
  WORKSPACE_ROLE_TEXTS,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from "#core/schemas/workspaces";
import { Alert, AlertDescription, AlertTitle, ErrorText } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { PageLoading, Spinner } from "../../../components/ui/spinner";
import { useCreateInvite, usePendingInvites, useRevokeInvite } from "../api/invites";

/**
 * Inviting people (issue #37, owners): an e-mail and a role make a link that works once and expires
 * in 7 days; the owner copies it and sends it. Pending invites can be revoked.
 */
export function InvitesCard({ workspaceId }: { workspaceId: string }) {
  const [created, setCreated] = useState<(InviteCreated & { email: string }) | null>(null);
  const pending = usePendingInvites(workspaceId, { enabled: true });
  const revoke = useRevokeInvite(workspaceId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="flex items-center gap-2">
            <MailPlus aria-hidden="true" className="size-5" /> Invite people
          </span>
        </CardTitle>
        <CardDescription>
          The link works once, for the address you give, and expires in 7 days. Send it yourself: this server
          does not e-mail it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <InviteForm workspaceId={workspaceId} onCreated={setCreated} />
        {created ? <NewInvite created={created} onDone={() => setCreated(null)} /> : null}
        <section aria-label="Pending invites">
          <h4 className="mb-2 font-medium">Pending invites</h4>
          {pending.isPending ? <PageLoading /> : null}
          {pending.isError ? <ErrorText>{pending.error.message}</ErrorText> : null}
          {pending.data && pending.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No pending invites.</p>
          ) : null}
          {pending.data && pending.data.length > 0 ? (
            <ul className="flex flex-col divide-y rounded-md border" data-testid="pending-invites">
              {pending.data.map((invite) => (
                <li key={invite.id} className="flex items-center justify-between gap-2 p-3">
                  <span className="text-sm">
                    <strong>{invite.email}</strong> as {invite.role} · expires {formatDate(invite.expiresAt)}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Revoke the invite of ${invite.email}`}
                    disabled={revoke.isPending}
                    onClick={() =>
                      revoke.mutate(
                        { inviteId: invite.id, email: invite.email },
                        {
                          onSuccess: () => toast.success(`The invite of ${invite.email} no longer works`),
                          onError: (error) => toast.error("Not revoked", { description: error.message }),
                        },
                      )
                    }
                  >
                    <Trash2 aria-hidden="true" /> Revoke
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </CardContent>
    </Card>
  );
}

function InviteForm({
  workspaceId,
  onCreated,
}: {
  workspaceId: string;
  onCreated: (created: InviteCreated & { email: string }) => void;
}) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<WorkspaceRole>("editor");
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateInvite(workspaceId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteCreateSchema.safeParse({ email, role });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Check the e-mail address");
    setProblem(null);
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setEmail("");
        onCreated({ ...created, email: parsed.data.email });
      },
      onError: (error) => setProblem(error.message),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Invite someone" noValidate>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <Label htmlFor={`${id}-email`}>E-mail</Label>
          <Input
            id={`${id}-email`}
            type="email"
            value={email}
            maxLength={254}
            placeholder="ana@agency.example"
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-role`}>Role</Label>
          <select
            id={`${id}-role`}
            className="h-10 rounded-md border border-input bg-background px-2 text-sm"
            value={role}
            onChange={(e) => setRole(e.target.value as WorkspaceRole)}
          >
            {WORKSPACE_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner label="Inviting" /> : <MailPlus aria-hidden="true" />}
          Create invite link
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{WORKSPACE_ROLE_TEXTS[role]}.</p>
      {problem ? <ErrorText>{problem}</ErrorText> : null}
    </form>
  );
}

function NewInvite({ created, onDone }: { created: InviteCreated & { email: string }; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.url);
    setCopied(true);
  };
  return (
    <Alert data-testid="new-invite">
      <div className="flex w-full flex-col gap-2">
        <AlertTitle>Invite link for {created.email}</AlertTitle>
        <AlertDescription>
          Works once, until {formatDate(created.expiresAt)}. Only {created.email} can accept it.
        </AlertDescription>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Input readOnly value={created.url} aria-label="Invite link" className="font-mono" />
          <Button type="button" variant="outline" onClick={copy}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? "Copied" : "Copy"}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    </Alert>
  );
}
